import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { OffsiteCheckBodySchema, OffsiteCheckSchema } from '@pinboard/shared/offsite';
import type { CounterStore } from '../../adapters/counters/counters.ts';
import type { AppContext } from '../../app-context.ts';
import { ok } from '../../lib/envelope.ts';
import { replies } from '../../lib/route-schemas.ts';
import { CSRF_COOKIE } from '../../plugins/csrf.ts';
import { checkOffsiteLink, openOffsiteLink, type OffsiteDeps } from './offsite.service.ts';
import { OFFSITE_HEADERS, offsitePage } from './offsite-page.ts';
import { createOffsiteTokens } from './offsite-token.ts';

/** Outbound link checks (issue 9, decision 28): `POST /v3/offsite/` and the `/offsite/` hop. */
export function registerOffsiteRoutes(
  app: FastifyInstance,
  { db, config, counters, sessionSecret }: AppContext & { counters: CounterStore; sessionSecret: string },
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const deps: OffsiteDeps = {
    db,
    counters,
    tokens: createOffsiteTokens(sessionSecret),
    shorteners: { allowHosts: config.fetchAllowHosts, extraShorteners: config.linkShorteners },
  };

  api.post(
    '/v3/offsite/',
    {
      schema: {
        tags: ['offsite'],
        summary:
          "Whether a link may open (safe, blocked, suspicious, porn); a safe one's token for /offsite/",
        body: OffsiteCheckBodySchema,
        response: replies(OffsiteCheckSchema),
      },
    },
    async (request) => {
      const requester = {
        viewerId: request.viewer.userId,
        address: request.ip,
        // The CSRF check has passed, so the cookie is there.
        browser: request.cookies[CSRF_COOKIE] ?? '',
      };
      return ok(await checkOffsiteLink(deps, requester, request.body, new Date()));
    },
  );

  // A page, not an API call: any query is taken (the product's clients add tracking fields), and
  // every refusal is the explanation page, never a JSON error.
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
