import type { FastifyInstance } from 'fastify';
import type { offsiteEndpoints } from '@pinboard/shared/api';
import { AD_TOKEN_PARAM } from '@pinboard/shared/promoted-events';
import type { CounterStore } from '../../adapters/counters/counters.ts';
import type { AppContext } from '../../app-context.ts';
import type { EndpointHandlers } from '../../lib/endpoints.ts';
import { ok } from '../../lib/envelope.ts';
import { CSRF_COOKIE } from '../../plugins/csrf.ts';
import { checkOffsiteLink, openOffsiteLink, type OffsiteDeps } from './offsite.service.ts';
import { OFFSITE_HEADERS, offsitePage } from './offsite-page.ts';
import { createOffsiteTokens } from './offsite-token.ts';
import type { Promoted } from '../promoted/promoted.ts';

/** What the link check and the `/offsite/` hop share: the tokens one signs and the other verifies. */
export function createOffsiteDeps({
  db,
  config,
  counters,
  sessionSecret,
  promoted,
}: AppContext & { counters: CounterStore; sessionSecret: string; promoted: Promoted }): OffsiteRouteDeps {
  return {
    db,
    promoted,
    counters,
    tokens: createOffsiteTokens(sessionSecret),
    shorteners: { allowHosts: config.fetchAllowHosts, extraShorteners: config.linkShorteners },
  };
}

/** The link check's own needs, and the promoted cards' click count (decision 56). */
export interface OffsiteRouteDeps extends OffsiteDeps {
  promoted: Promoted;
}

/**
 * Outbound link checks (decision 28): `POST /v3/offsite/`. A promoted card's link is
 * checked like any other (`third_party_ad` with its `ad_token`); a safe one counts the click once,
 * and an ad paying per conversion gets its landing token added to the link (`AD_TOKEN_PARAM`,
 * decision 69), for the advertiser's conversion tag to report back.
 */
export function offsiteRoutes(deps: OffsiteRouteDeps): EndpointHandlers<typeof offsiteEndpoints> {
  return {
    checkOffsiteLink: async ({ body, viewer, request }) => {
      const requester = {
        viewerId: viewer.userId,
        address: request.ip,
        // The CSRF check has passed, so the cookie is there.
        browser: request.cookies[CSRF_COOKIE] ?? '',
      };
      const adToken = body.third_party_ad ? body.ad_token : undefined;
      const onSafe =
        adToken === undefined
          ? undefined
          : async (url: string) => {
              const landing = await deps.promoted.reportClick(request, viewer.userId, adToken);
              if (landing === null) return url;
              const link = new URL(url);
              link.searchParams.set(AD_TOKEN_PARAM, landing);
              return link.href;
            };
      return ok(await checkOffsiteLink(deps, requester, body, new Date(), onSafe));
    },
  };
}

/**
 * The `/offsite/` hop a checked link opens through. A page, not an API call: any query is taken
 * (the product's clients add tracking fields), and every refusal is the explanation page, never a
 * JSON error.
 */
export function registerOffsitePage(app: FastifyInstance, deps: OffsiteDeps): void {
  app.get('/offsite/', { schema: { hide: true } }, async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const text = (name: string) => (typeof query[name] === 'string' ? (query[name] as string) : '');
    const url = text('url');
    const opening = await openOffsiteLink(
      deps,
      { token: text('token'), url, pinId: text('pin') || null, browser: request.cookies[CSRF_COOKIE] ?? '' },
      new Date(),
    );
    if (opening.kind === 'redirect') {
      return reply.headers(OFFSITE_HEADERS).redirect(new URL(opening.url).href, 302);
    }
    const page = offsitePage(opening.reason, url.slice(0, 2048) || null);
    return reply.code(page.status).headers(page.headers).type('text/html; charset=utf-8').send(page.html);
  });
}
