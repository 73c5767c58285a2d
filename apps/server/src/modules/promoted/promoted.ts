import type { FastifyRequest } from 'fastify';
import type { Pin, PromotedConversionsBody, PromotedEventsBody } from '@pinboard/shared';
import type { CountryResolver } from '../../adapters/geoip/country.ts';
import type { Executor } from '../../db/client.ts';
import { CSRF_COOKIE } from '../../plugins/csrf.ts';
import { createAdTokens, viewerKeysOf, type AdTokens } from './ad-token.ts';
import {
  beginChoice,
  createCandidateList,
  placePromoted,
  readViewerFacts,
  type FactsAsk,
  type FactsRow,
  type ServingViewer,
} from './serving.ts';
import { createAdEventQueue, recordAdEvent, type ChargeOutcome } from './spend.ts';

/** Serving and counting promoted pins (decision 56): what the feed, search, events and clicks share. */
export interface Promoted {
  /** The page with promoted pins placed at the rhythm, for this request's viewer. */
  place(
    request: FastifyRequest,
    userId: number | null,
    organic: Pin[],
    searchTerms?: string[],
  ): Promise<Pin[]>;
  /**
   * Begins choosing for a page of at most `cards` organic cards before the page is read
   * (decision 79), so that the page's own statement can read who is looking along.
   */
  begin(
    request: FastifyRequest,
    userId: number | null,
    cards: number,
    searchTerms?: string[],
  ): Promise<PromotedPage>;
  /** A batch of impressions: each valid token of this viewer counts once. */
  reportImpressions(
    request: FastifyRequest,
    userId: number | null,
    body: PromotedEventsBody,
  ): Promise<{ accepted: number; refused: number }>;
  /**
   * A click on a promoted card's link (the offsite check): counted and charged once per token.
   * Answers the token to hand the destination page when the ad pays per conversion (its
   * conversion tag reports it back), else null.
   */
  reportClick(request: FastifyRequest, userId: number | null, adToken: string): Promise<string | null>;
  /**
   * A batch of conversions from an advertiser's conversion tag (decision 69): each landing token
   * converts once, after its click, for its ad group's own tag and event. Nobody is signed in: the
   * tag calls from another site, and the token alone vouches for the view.
   */
  reportConversions(body: PromotedConversionsBody): Promise<{ accepted: number; refused: number }>;
}

/** A page's choosing, begun: what to read along with the page, and how to place the winners. */
export interface PromotedPage {
  /** What the page's own statement may read along (`viewerFactsValue`); null: nothing to ask. */
  ask: FactsAsk | null;
  /** Who is looking, read on its own: for a page whose statement cannot read it along. */
  readFacts(): Promise<FactsRow | null>;
  /** The page with the winners placed; `facts` is the answer to `ask` (read here when undefined). */
  place(organic: Pin[], facts?: FactsRow | null): Promise<Pin[]>;
}

const NOTHING_PROMOTED: PromotedPage = {
  ask: null,
  readFacts: async () => null,
  place: async (organic) => organic,
};

/** A report's answer: the events counted (charged or not) of all it sent; the rest were refused. */
function acceptedOf(outcomes: ChargeOutcome[], sent: number) {
  const accepted = outcomes.filter((outcome) => outcome === 'charged' || outcome === 'counted').length;
  return { accepted, refused: sent - accepted };
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
  // Impressions and conversions reported at once are charged together (decision 71).
  const charge = createAdEventQueue(deps.db);
  const begin: Promoted['begin'] = async (request, userId, cards, searchTerms) => {
    const viewer: ServingViewer = {
      userId,
      key: keysOf(request, userId)[0]!,
      country: deps.countries.countryOf({ headers: request.headers, ip: request.ip }),
    };
    const serving = { db: deps.db, tokens, candidates };
    const start = await beginChoice(serving, cards, viewer, searchTerms ? { searchTerms } : {});
    if (!start) return NOTHING_PROMOTED;
    const { ask } = start;
    return {
      ask,
      readFacts: async () => (ask ? readViewerFacts(deps.db, ask) : null),
      place: async (organic, facts) => placePromoted(serving, await start.finish(facts), organic, viewer),
    };
  };
  return {
    begin,
    async place(request, userId, organic, searchTerms) {
      return (await begin(request, userId, organic.length, searchTerms)).place(organic);
    },
    async reportImpressions(request, userId, body) {
      const now = new Date();
      const verified = body.events.flatMap((event) => {
        const claims = verify(request, userId, event.ad_token, now);
        return claims ? [{ token: claims, event: 'impression' as const }] : [];
      });
      return acceptedOf(await charge(verified), body.events.length);
    },
    async reportClick(request, userId, adToken) {
      const now = new Date();
      const claims = verify(request, userId, adToken, now);
      if (!claims) return null;
      await recordAdEvent(deps.db, claims, 'click', now);
      // Handed on whether this check counted the click or an earlier one of the same view did.
      return claims.mode === 'cpa' ? tokens.landing(claims) : null;
    },
    async reportConversions(body) {
      const now = new Date();
      const verified = body.events.flatMap((event) => {
        const claims = tokens.verifyLanding(event.ad_token, now);
        const report = {
          kind: 'conversion',
          conversionTagId: Number(event.conversion_tag_id),
          event: event.event,
        } as const;
        return claims ? [{ token: claims, event: report }] : [];
      });
      return acceptedOf(await charge(verified), body.events.length);
    },
  };
}
