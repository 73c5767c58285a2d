import type { FastifyRequest } from 'fastify';
import type { Pin, PromotedEventsBody } from '@pinboard/shared';
import type { CountryResolver } from '../../adapters/geoip/country.ts';
import type { Executor } from '../../db/client.ts';
import { CSRF_COOKIE } from '../../plugins/csrf.ts';
import { createAdTokens, viewerKeysOf, type AdTokens } from './ad-token.ts';
import { createCandidateList, withPromoted, type ServingViewer } from './serving.ts';
import { recordAdEvent } from './spend.ts';

/** Serving and counting promoted pins (decision 56): what the feed, search, events and clicks share. */
export interface Promoted {
  /** The page with promoted pins placed at the rhythm, for this request's viewer. */
  place(
    request: FastifyRequest,
    userId: number | null,
    organic: Pin[],
    searchTerms?: string[],
  ): Promise<Pin[]>;
  /** A batch of impressions: each valid token of this viewer counts once. */
  reportImpressions(
    request: FastifyRequest,
    userId: number | null,
    body: PromotedEventsBody,
  ): Promise<{ accepted: number; refused: number }>;
  /** A click on a promoted card's link (the offsite check): counted and charged once per token. */
  reportClick(request: FastifyRequest, userId: number | null, adToken: string): Promise<boolean>;
}

export function createPromoted(deps: {
  db: Executor;
  sessionSecret: string;
  countries: CountryResolver;
}): Promoted {
  const tokens: AdTokens = createAdTokens(deps.sessionSecret);
  // Kept per instance, the same for every viewer (decision 56).
  const candidates = createCandidateList(deps.db);
  const keysOf = (request: FastifyRequest, userId: number | null) =>
    viewerKeysOf(userId, request.cookies[CSRF_COOKIE] ?? '', request.ip);
  const verify = (request: FastifyRequest, userId: number | null, token: string, now: Date) => {
    const claims = tokens.verify(token, now);
    return claims && keysOf(request, userId).includes(claims.viewer) ? claims : null;
  };
  return {
    async place(request, userId, organic, searchTerms) {
      const viewer: ServingViewer = {
        userId,
        key: keysOf(request, userId)[0]!,
        country: deps.countries.countryOf({ headers: request.headers, ip: request.ip }),
      };
      return withPromoted(
        { db: deps.db, tokens, candidates },
        organic,
        viewer,
        searchTerms ? { searchTerms } : {},
      );
    },
    async reportImpressions(request, userId, body) {
      const now = new Date();
      let accepted = 0;
      for (const event of body.events) {
        const claims = verify(request, userId, event.ad_token, now);
        const outcome = claims ? await recordAdEvent(deps.db, claims, 'impression', now) : 'refused';
        if (outcome === 'charged' || outcome === 'counted') accepted += 1;
      }
      return { accepted, refused: body.events.length - accepted };
    },
    async reportClick(request, userId, adToken) {
      const now = new Date();
      const claims = verify(request, userId, adToken, now);
      if (!claims) return false;
      const outcome = await recordAdEvent(deps.db, claims, 'click', now);
      return outcome === 'charged' || outcome === 'counted';
    },
  };
}
