import { sql } from 'drizzle-orm';
import type { CampaignObjective, Pin, TargetingSpec } from '@pinboard/shared';
import type { Executor } from '../../db/client.ts';
import { opaqueParam, preparedPerDatabase, preparedRows } from '../../db/prepared.ts';
import { todayIn } from '../business/business.presenter.ts';
import { activeAccountAs, publicPinAs } from '../../policies/visibility.ts';
import { presentPin, presentViewerSaved } from '../pins/pins.presenter.ts';
import { listPublicPinsInOrder, viewerSaveOfPicture, type ViewerSavedRow } from '../pins/pins.repository.ts';
import { createClearCount } from '../../lib/clear-count.ts';
import { clearWithSignedOutAnswers } from '../../lib/signed-out-answers.ts';
import {
  ageBucketOf,
  AUTOMATIC_BID_SHARE,
  AUTOMATIC_CONVERSION_BID_SHARE,
  auctionOrder,
  interestsOf,
  PRIOR_CLICKS,
  PRIOR_CONVERSION_CLICKS,
  PRIOR_CONVERSIONS,
  PRIOR_IMPRESSIONS,
  dayFractionIn,
  expectedClickRate,
  expectedConversionRate,
  interleave,
  namedBy,
  paceAllows,
  pinWordsOf,
  pricing,
  promotedSlots,
  runAuction,
  targetingFor,
  type TargetedAd,
  type ViewerTraits,
} from './auction.ts';
import type { AdTokens } from './ad-token.ts';

/**
 * The candidate list's bound: the approved active ads kept per instance, best first. Far above any
 * real field (the bench's 1,000 campaigns); past it the lowest-ranked ads are left out.
 */
export const CANDIDATE_LIMIT = 10_000;

/** How old the candidate list may be: it is read again after this, or at once when cleared. */
export const CANDIDATE_LIST_TTL_MS = 1_000;

export interface ServingViewer {
  /** Null for a visitor. */
  userId: number | null;
  /** Who the token is for: `u:<id>`, or the visitor's browser. */
  key: string;
  /** Where the request comes from. */
  country: string;
}

/** The columns of `MovingRow`, as the once-a-second statement reads them. */
const MOVING_COLUMNS = [
  'ad_id',
  'impressions',
  'clicks',
  'conversions',
  'campaign_spend',
  'spent_day',
  'spent_micro',
] as const;

/**
 * What the list reads of an ad once a second: what moves without anyone editing the ad (its
 * counters and the spend). Its pin's version and whether it may serve are `ServableFacts`; the
 * rest is its definition.
 */
interface MovingRow extends Record<(typeof MOVING_COLUMNS)[number], unknown> {
  ad_id: number;
  impressions: number;
  clicks: number;
  conversions: number;
  campaign_spend: number;
  spent_day: string | null;
  spent_micro: number | null;
}

/** The columns of `ServableRow`: the moving ones and the facts read every few seconds. */
const SERVABLE_COLUMNS = [...MOVING_COLUMNS, 'pin_version', 'servable'] as const;

/** A moving row with what the list reads of the ad's pin and promoter every few seconds. */
interface ServableRow
  extends MovingRow, Record<Exclude<(typeof SERVABLE_COLUMNS)[number], keyof MovingRow>, unknown> {
  /** The pin's `updated_at`: a changed pin reads the ad's definition and the pin's card again. */
  pin_version: string;
  /** Whether anyone may see the pin and the promoter's account is active. */
  servable: boolean;
}

/** The columns of `DefinitionRow`. */
const DEFINITION_COLUMNS = [
  'ad_id',
  'pin_id',
  'image_id',
  'owner_user_id',
  'bid_micro',
  'auto_targeting',
  'targeting',
  'daily_budget',
  'objective',
  'budget_type',
  'campaign_budget',
  'lifetime_cap',
  'start_day',
  'end_day',
  'time_zone',
  'advertiser_country',
  'advertiser_name',
  'promoter_username',
  'pin_text',
  'pin_version',
] as const;

/** What the list reads of an ad when it is new to the list, its pin changed or its definition aged. */
interface DefinitionRow extends Record<(typeof DEFINITION_COLUMNS)[number], unknown> {
  ad_id: number;
  pin_id: number;
  image_id: number;
  owner_user_id: number;
  bid_micro: number | null;
  auto_targeting: boolean;
  targeting: TargetingSpec | null;
  daily_budget: number | null;
  objective: CampaignObjective;
  budget_type: string;
  campaign_budget: number;
  lifetime_cap: number | null;
  start_day: string;
  end_day: string | null;
  time_zone: string;
  advertiser_country: string;
  advertiser_name: string;
  promoter_username: string;
  pin_text: string;
  pin_version: string;
}

/**
 * A candidate as serving keeps it: its ad's definition and what moved, turned once per read of the
 * list into the few exact fields a page checks (plain values, one shape for all, so a page's scan
 * stays cheap).
 */
export interface Candidate {
  adId: number;
  pinId: number;
  imageId: number;
  ownerUserId: number;
  objective: CampaignObjective;
  /** Per click; for a WEB_CONVERSION ad, its target cost per conversion (decision 69). */
  bidMicro: number;
  clickRate: number;
  /** A WEB_CONVERSION ad's expected conversions per click; undefined for the others. */
  conversionRate: number | undefined;
  ad: TargetedAd;
  timeZone: string;
  /** The later of the campaign's and the ad group's first day. */
  start: string;
  /** The earlier of their last days; null when neither ends. */
  end: string | null;
  /** A lifetime budget or spend cap already reached. */
  spentOut: boolean;
  /** The ad group's budget, else the campaign's daily one; null when neither is daily. */
  dailyBudget: number | null;
  /** The ad group's latest spend day and what it spent then. */
  spentDay: string | null;
  spentMicro: number;
  advertiserName: string;
  promoterUsername: string;
  /** The pin as anyone may see it, presented once per read of the list (no viewer's saved state). */
  pin: Pin;
}

/**
 * The candidates as a page reads them: in the auction's order (`auctionOrder`), and per country,
 * since locations always bind (targeting's own rule: the ad group's locations, else the ad
 * account's country), so a page scans only the ads that may reach its viewer's country.
 */
export interface CandidateIndex {
  ranked: readonly Candidate[];
  byCountry: ReadonlyMap<string, readonly Candidate[]>;
}

const EMPTY: readonly Candidate[] = [];

/**
 * Every approved, active ad of an active ad group and campaign near its dates, whose ad account is
 * not stopped for billing: what may serve, the same for every viewer, ordered as the auction ranks
 * them (bid × smoothed click rate; a conversion ad's target × smoothed conversion rate × click
 * rate), so the bound on the list leaves out only the ads least likely to win. A WEB_CONVERSION ad
 * group serves only with its conversion tag and event: it pays per conversion, and without them
 * none could ever be reported. Dates and pacing are then checked exactly in each ad account's time
 * zone, and who is looking per request. Only what moves without an edit is selected (`MovingRow`);
 * `withFacts` adds the pin's version and whether the pin and the promoter's account may serve
 * (`ServableRow`: the same rows, the joins on pins and users being one-to-one), which is most of
 * the statement's cost and is read every few seconds only (decision 84). The definitions are read
 * apart (`adDefinitions`).
 */
const servableAds = (withFacts: boolean) => sql`
  select a.id::int as ad_id,
    a.impressions::int as impressions, a.clicks::int as clicks, a.conversions::int as conversions,
    c.spend_micro::float8 as campaign_spend, s.day::text as spent_day, s.spent_micro::float8 as spent_micro
    ${withFacts ? sql`, pin.version as pin_version, pin.visible and ${activeAccountAs('u')} as servable` : sql``}
  from ads a
  join ad_groups g on g.id = a.ad_group_id and g.status = 'ACTIVE'
  join campaigns c on c.id = a.campaign_id and c.status = 'ACTIVE'
  -- An ad account unpaid past the billing limit serves nothing (decision 62).
  join advertisers v on v.id = a.advertiser_id and v.billing_stopped_at is null
  ${
    withFacts
      ? sql`join users u on u.id = v.owner_user_id
  -- One probe of the pin's key per ad, whatever the statistics say: as a join, a few thousand dead
  -- rows of ads after a bulk pause made the plan a parallel scan of every pin (workers started on
  -- each read, 45 ms with no ad active). The limit keeps the subquery from being pulled up into a
  -- join; the visibility is a column, not a condition (as one it slowed the plan).
  cross join lateral (
    select p.updated_at::text as version, ${publicPinAs('p')} as visible from pins p where p.id = a.pin_id limit 1
  ) pin`
      : sql``
  }
  left join lateral (
    select d.day, d.spent_micro from ad_group_spend_days d
    where d.ad_group_id = g.id order by d.day desc limit 1
  ) s on true
  where a.status = 'ACTIVE' and a.review_status = 'APPROVED' and a.pin_id is not null
    and (c.objective <> 'WEB_CONVERSION' or (g.conversion_tag_id is not null and g.conversion_event is not null))
    and c.start_date <= current_date + 1 and (c.end_date is null or c.end_date >= current_date - 1)
    and g.start_date <= current_date + 1 and (g.end_date is null or g.end_date >= current_date - 1)
  order by case when c.objective = 'WEB_CONVERSION'
      then coalesce(g.bid_micro::float8, coalesce(g.budget_micro, c.budget_micro)::float8 * ${sql.raw(String(AUTOMATIC_CONVERSION_BID_SHARE))})
        * (a.conversions + ${sql.raw(String(PRIOR_CONVERSIONS))})::float8 / (a.clicks + ${sql.raw(String(PRIOR_CONVERSION_CLICKS))})
      else coalesce(g.bid_micro::float8, coalesce(g.budget_micro, c.budget_micro)::float8 * ${sql.raw(String(AUTOMATIC_BID_SHARE))})
    end * (a.clicks + ${sql.raw(String(PRIOR_CLICKS))})::float8 / (a.impressions + ${sql.raw(String(PRIOR_IMPRESSIONS))}) desc, a.id
  limit ${sql.raw(String(CANDIDATE_LIMIT))}`;

/**
 * `servableAds` as named statements (decision 15): read every second or few by every instance,
 * each is planned once per connection (about 4 ms at 1,000 ads).
 */
const movingAdsOf = preparedRows('promoted_moving_ads', MOVING_COLUMNS, servableAds(false));
const servableAdsOf = preparedRows('promoted_servable_ads', SERVABLE_COLUMNS, servableAds(true));

/**
 * The definitions of these ads (`adIds`): what only an edit of the ad, its group, campaign, account
 * or pin changes. A named statement too: a few definitions age out every second.
 */
const adDefinitions = preparedRows(
  'promoted_ad_definitions',
  DEFINITION_COLUMNS,
  sql`
  select a.id::int as ad_id, a.pin_id::int as pin_id, p.image_id::float8 as image_id,
    v.owner_user_id::int as owner_user_id, g.bid_micro::float8 as bid_micro, g.auto_targeting, g.targeting,
    coalesce(g.budget_micro, case when c.budget_type = 'DAILY' then c.budget_micro end)::float8 as daily_budget,
    c.objective, c.budget_type, c.budget_micro::float8 as campaign_budget,
    c.lifetime_spend_cap_micro::float8 as lifetime_cap,
    greatest(c.start_date, g.start_date)::text as start_day, least(c.end_date, g.end_date)::text as end_day,
    v.time_zone, v.country as advertiser_country, v.name as advertiser_name, u.username as promoter_username,
    lower(p.title || ' ' || p.description || ' ' || array_to_string(p.hashtags, ' ')) as pin_text,
    p.updated_at::text as pin_version
  from ads a
  join ad_groups g on g.id = a.ad_group_id
  join campaigns c on c.id = a.campaign_id
  join advertisers v on v.id = a.advertiser_id
  join users u on u.id = v.owner_user_id
  join pins p on p.id = a.pin_id
  where a.id = any(${opaqueParam('adIds', 'int8[]')})`,
);

/**
 * An ad's definition as the list keeps it from read to read, worked out once: the automatic bid,
 * the targeting's interests and the pin's words, and the countries it may reach.
 */
interface Definition {
  pinId: number;
  imageId: number;
  ownerUserId: number;
  objective: CampaignObjective;
  bidMicro: number;
  perConversion: boolean;
  ad: TargetedAd;
  /** Locations always bind: the ad group's, else the ad account's country. */
  countries: ReadonlySet<string>;
  timeZone: string;
  start: string;
  end: string | null;
  dailyBudget: number | null;
  /** The campaign spend at which it stops: its lifetime budget or spend cap, the lower; null when none. */
  spendLimit: number | null;
  advertiserName: string;
  promoterUsername: string;
  /** The pin's version it was read with: a changed pin reads the definition again (its text). */
  pinVersion: string;
  /** When it is read again, edited or not. */
  until: number;
}

function definitionOf(row: DefinitionRow, until: number): Definition {
  const targeting = row.targeting ?? {};
  const perConversion = pricing(row.objective) === 'cpa';
  const automaticShare = perConversion ? AUTOMATIC_CONVERSION_BID_SHARE : AUTOMATIC_BID_SHARE;
  const limits = [
    row.budget_type === 'LIFETIME' ? Number(row.campaign_budget) : null,
    row.lifetime_cap === null ? null : Number(row.lifetime_cap),
  ].filter((limit) => limit !== null);
  return {
    pinId: Number(row.pin_id),
    imageId: Number(row.image_id),
    ownerUserId: Number(row.owner_user_id),
    objective: row.objective,
    bidMicro:
      row.bid_micro === null
        ? Math.max(1, Math.floor(Number(row.daily_budget ?? row.campaign_budget) * automaticShare))
        : Number(row.bid_micro),
    perConversion,
    ad: {
      targeting,
      autoTargeting: row.auto_targeting,
      advertiserCountry: row.advertiser_country,
      pinText: row.pin_text,
      pinWords: pinWordsOf(row.pin_text),
      interests: interestsOf(targeting),
    },
    countries: new Set(targeting.locations?.length ? targeting.locations : [row.advertiser_country]),
    timeZone: row.time_zone,
    start: row.start_day,
    end: row.end_day,
    dailyBudget: row.daily_budget === null ? null : Number(row.daily_budget),
    spendLimit: limits.length === 0 ? null : Math.min(...limits),
    advertiserName: row.advertiser_name,
    promoterUsername: row.promoter_username,
    pinVersion: row.pin_version,
    until,
  };
}

function candidateOf(adId: number, definition: Definition, row: ServableRow, pin: Pin): Candidate {
  const clicks = Number(row.clicks);
  return {
    adId,
    pinId: definition.pinId,
    imageId: definition.imageId,
    ownerUserId: definition.ownerUserId,
    objective: definition.objective,
    bidMicro: definition.bidMicro,
    clickRate: expectedClickRate(clicks, Number(row.impressions)),
    conversionRate: definition.perConversion
      ? expectedConversionRate(Number(row.conversions), clicks)
      : undefined,
    ad: definition.ad,
    timeZone: definition.timeZone,
    start: definition.start,
    end: definition.end,
    spentOut: definition.spendLimit !== null && Number(row.campaign_spend) >= definition.spendLimit,
    dailyBudget: definition.dailyBudget,
    spentDay: row.spent_day,
    spentMicro: Number(row.spent_micro ?? 0),
    advertiserName: definition.advertiserName,
    promoterUsername: definition.promoterUsername,
    pin,
  };
}

/**
 * The ads that may serve now as candidates (decisions 78 and 84), from `rowsOf`: which ads may
 * serve at all and what moves of each (counters, spend, the pin's version and whether it and the
 * promoter may serve); an ad's definition through `definitionsOf` and its pin's card through
 * `pinsOf` (the list keeps both from read to read). Only pins anyone may see are candidates
 * (decision 76).
 */
async function listCandidates(
  rowsOf: () => Promise<ServableRow[]>,
  definitionsOf: (rows: ServableRow[]) => Promise<Map<number, Definition>>,
  pinsOf: (versions: Map<number, string>) => Promise<Map<number, Pin>>,
): Promise<CandidateIndex> {
  const rows = (await rowsOf()).filter((row) => row.servable);
  const definitions = await definitionsOf(rows);
  const cards = await pinsOf(
    new Map(
      rows.flatMap((row) => {
        const definition = definitions.get(Number(row.ad_id));
        return definition ? [[definition.pinId, row.pin_version]] : [];
      }),
    ),
  );
  const ranked: Candidate[] = [];
  for (const row of rows) {
    const adId = Number(row.ad_id);
    const definition = definitions.get(adId);
    const pin = definition && cards.get(definition.pinId);
    if (definition && pin) ranked.push(candidateOf(adId, definition, row, pin));
  }
  ranked.sort(auctionOrder);
  const byCountry = new Map<string, Candidate[]>();
  for (const candidate of ranked) {
    for (const country of definitions.get(candidate.adId)!.countries) {
      let list = byCountry.get(country);
      if (!list) byCountry.set(country, (list = []));
      list.push(candidate);
    }
  }
  return { ranked, byCountry };
}

/**
 * The per-instance candidate list (decision 56). Once it is CANDIDATE_LIST_TTL_MS old it is read
 * again in the background while requests keep the list they have (so a slow read never holds a
 * page up), unless it is CANDIDATE_LIST_MAX_AGE_MS old: then they wait for the new one. It is one
 * of the caches `clearSignedOutAnswers` clears, so every write that changes what may serve — a
 * campaign, ad group or ad made, edited, paused or archived (the ads repository), a board turned
 * secret, an account suspended, an admin command — clears it on this instance at once and on
 * every other through the invalidation bus (Redis pub/sub with REDIS_URL); after a clear the next
 * page waits for a fresh read, definitions included (a read begun before the clear is not kept).
 * What changes without a clear shows within a second and one read of the list when it moves
 * (spend, counters, statuses, dates, billing, made straight in the database too); within
 * CANDIDATE_FACTS_TTL_MS when it is a pin's visibility or text or the promoter's account changed
 * straight in the database; and within a definition's life when it is an edit made straight in
 * the database of a bid, budget, targeting, date or name.
 */
export interface CandidateList {
  current(): Promise<CandidateIndex>;
  /** Forgets the list: the next page waits for a fresh read. */
  clear(): void;
}

/** The oldest list a page may be served from while a newer one is being read. */
export const CANDIDATE_LIST_MAX_AGE_MS = 5_000;

/**
 * How long a candidate's card (its pin as presented) and its ad's definition are kept at most from
 * read to read while the pin is unchanged: what changes without touching the pin or a clear (its
 * board's name, the save count, a definition edited straight in the database) shows within this.
 * Each lives between half of it and all of it, so those read together are not all read again
 * together.
 */
export const CANDIDATE_PIN_TTL_MS = 60_000;

/**
 * How old the pins' versions and visibility and the promoters' accounts the list serves by may be
 * (decision 84): the once-a-second read leaves them out, and they are read with it again after
 * this, after a clear, or at once when it finds an ad they do not cover.
 */
export const CANDIDATE_FACTS_TTL_MS = 10_000;

/** What a read with facts found of each ad: `ServableRow`'s own columns, by ad id. */
type ServableFacts = Map<number, Pick<ServableRow, 'pin_version' | 'servable'>>;

const lifeFrom = (readAt: number) => readAt + CANDIDATE_PIN_TTL_MS * (0.5 + Math.random() / 2);

/** A candidate's pin as a read presented it, with the pin's version (its `updated_at`) then. */
interface KeptCard {
  pin: Pin;
  version: string;
  /** When it is read again, changed or not. */
  until: number;
}

export function createCandidateList(db: Executor): CandidateList {
  let kept: { index: CandidateIndex; readAt: number } | null = null;
  let reading: Promise<CandidateIndex> | null = null;
  // A read begun before a clear is not kept.
  const clears = createClearCount();
  // The ads' definitions as the last read kept them (gone with a clear), and the pins as it
  // presented them, by id (kept through a clear: a card is read again when its pin changes).
  let definitions = new Map<number, Definition>();
  let cards = new Map<number, KeptCard>();
  // The last read with facts (gone with a clear).
  let facts: { byAd: ServableFacts; readAt: number } | null = null;
  const read = () => {
    const keepable = clears.begin();
    const readAt = Date.now();
    let factsNow: typeof facts = null;
    const rowsOf = async () => {
      const known = facts && readAt - facts.readAt < CANDIDATE_FACTS_TTL_MS ? facts.byAd : null;
      if (known) {
        const rows = (await movingAdsOf(db).execute()) as MovingRow[];
        if (rows.every((row) => known.has(Number(row.ad_id))))
          return rows.map((row) => Object.assign(row, known.get(Number(row.ad_id))));
      }
      const rows = (await servableAdsOf(db).execute()) as ServableRow[];
      factsNow = {
        byAd: new Map(
          rows.map((row) => [Number(row.ad_id), { pin_version: row.pin_version, servable: row.servable }]),
        ),
        readAt,
      };
      return rows;
    };
    const definitionsBefore = definitions;
    const definitionsNow = new Map<number, Definition>();
    const definitionsOf = async (rows: ServableRow[]) => {
      const stale = rows.flatMap((row) => {
        const adId = Number(row.ad_id);
        const definition = definitionsBefore.get(adId);
        const fresh = definition && definition.pinVersion === row.pin_version && definition.until > readAt;
        if (fresh) definitionsNow.set(adId, definition);
        return fresh ? [] : [adId];
      });
      if (stale.length > 0)
        for (const row of (await adDefinitions(db).execute({ adIds: stale })) as DefinitionRow[])
          definitionsNow.set(Number(row.ad_id), definitionOf(row, lifeFrom(readAt)));
      return definitionsNow;
    };
    const cardsBefore = cards;
    const cardsNow = new Map<number, KeptCard>();
    const pinsOf = async (versions: Map<number, string>) => {
      const stale = [...versions].flatMap(([id, version]) => {
        const card = cardsBefore.get(id);
        const fresh = card && card.version === version && card.until > readAt;
        if (fresh) cardsNow.set(id, card);
        return fresh ? [] : [id];
      });
      // Read again by the pins' own visibility: one no longer visible is left out.
      for (const row of await listPublicPinsInOrder(db, stale))
        cardsNow.set(Number(row.id), {
          pin: presentPin(row),
          version: versions.get(Number(row.id))!,
          until: lifeFrom(readAt),
        });
      const current = new Map([...cardsNow].map(([id, card]) => [id, card.pin]));
      // A card out of this read (its campaign paused a while) is kept while it lives.
      for (const [id, card] of cardsBefore)
        if (!cardsNow.has(id) && card.until > readAt) cardsNow.set(id, card);
      return current;
    };
    const promise = listCandidates(rowsOf, definitionsOf, pinsOf);
    reading = promise;
    promise.then(
      (index) => {
        cards = cardsNow;
        if (keepable()) {
          kept = { index, readAt };
          definitions = definitionsNow;
          facts = factsNow ?? facts;
        }
      },
      () => {},
    );
    void promise
      .finally(() => {
        if (reading === promise) reading = null;
      })
      .catch(() => {});
    return promise;
  };
  const list = {
    async current() {
      const age = kept ? Date.now() - kept.readAt : Infinity;
      if (age < CANDIDATE_LIST_TTL_MS) return kept!.index;
      const next = reading ?? read();
      return age < CANDIDATE_LIST_MAX_AGE_MS ? kept!.index : next;
    },
    clear() {
      clears.clear();
      kept = null;
      reading = null;
      definitions = new Map();
      facts = null;
    },
  };
  // Held weakly there: the app holds the list (and so its clear) as long as it lives.
  clearWithSignedOutAnswers(list);
  return list;
}

/** Who is looking, as far as serving cares. */
interface ViewerFacts {
  traits: ViewerTraits;
  /** Profiles whose ads never reach them: their own and every business they belong to. */
  businesses: Set<number>;
  /** Pictures they hid, among those asked about. */
  hiddenImages: Set<number>;
  /** Where they saved a picture, among those asked about (a card says so, as the page's own do). */
  saved: Map<number, ViewerSavedRow>;
}

/**
 * What choosing asks the database about a signed-in viewer: who they are, and of a few
 * candidates' pictures (the likely winners', a handful of ids, never the whole list's) which they
 * hid and where they saved each. A page's own statement reads it along (decision 79).
 */
export interface FactsAsk {
  viewerId: number;
  images: number[];
}

/** `viewerFactsValue`'s answer: gender, birthday, interests, businesses, hidden pictures, saves. */
export type FactsRow = [
  gender: string | null,
  birthday: string | null,
  interests: string[] | null,
  businesses: number[] | null,
  hidden: number[] | null,
  saved: Array<[number, ViewerSavedRow | null]> | null,
];

// Through `opaqueParam`: planned once per connection, not again for each viewer and array.
const viewerIdParam = opaqueParam('viewerId', 'int8');
const imagesParam = opaqueParam('images', 'int8[]');

/**
 * A `FactsAsk` answered as one JSON value (null when the viewer's row is gone), from the
 * parameters `viewerId` and `images`: a column a page's statement carries, or the one column of
 * `viewerFactsOf`. Every subquery reads the parameters only, so PostgreSQL runs it once per
 * statement, not per row.
 */
export const viewerFactsValue = sql<FactsRow | null>`(select json_build_array(u.gender, u.birthday::text,
    (select array_agg(i.name) from user_interests i where i.user_id = ${viewerIdParam}),
    (select array_agg(m.profile_id::int) from business_members m where m.member_id = ${viewerIdParam}),
    (select array_agg(h.image_id::float8) from hidden_pins h
      where h.user_id = ${viewerIdParam} and h.image_id = any(${imagesParam})),
    (select json_agg(json_build_array(x.image_id, ${viewerSaveOfPicture(viewerIdParam, sql`x.image_id`)}))
      from unnest(${imagesParam}) as x(image_id)))
  from users u where u.id = ${viewerIdParam})`;

/** A `FactsAsk` on its own, for a page whose statement did not read it along. */
const viewerFactsOf = preparedPerDatabase((db) =>
  db
    .select({ facts: viewerFactsValue })
    .from(sql`(values (1)) as one(x)`)
    .prepare('promoted_viewer_facts'),
);

export async function readViewerFacts(db: Executor, ask: FactsAsk): Promise<FactsRow | null> {
  const [row] = await viewerFactsOf(db).execute({ viewerId: ask.viewerId, images: ask.images });
  return row?.facts ?? null;
}

function viewerFactsFrom(
  viewer: ServingViewer,
  searchTerms: string[] | null,
  now: Date,
  row: FactsRow | null,
): ViewerFacts {
  const facts: ViewerFacts = {
    traits: { country: viewer.country, ageBucket: null, gender: null, interests: [], searchTerms },
    businesses: new Set(),
    hiddenImages: new Set(),
    saved: new Map(),
  };
  if (viewer.userId === null) return facts;
  facts.businesses.add(viewer.userId);
  if (!row) return facts;
  const [gender, birthday, interests, businesses, hidden, saved] = row;
  const traits = facts.traits;
  traits.gender = gender === 'female' || gender === 'male' ? gender : null;
  traits.ageBucket = ageBucketOf(birthday, now.toISOString().slice(0, 10));
  traits.interests = interests ?? [];
  for (const id of businesses ?? []) facts.businesses.add(Number(id));
  for (const image of hidden ?? []) facts.hiddenImages.add(Number(image));
  for (const [image, save] of saved ?? []) if (save) facts.saved.set(Number(image), save);
  return facts;
}

/**
 * Each ad account's day and the fraction of it gone at `now`. A zone's day and clock are worked out
 * once per minute (every zone's offset is whole minutes, so its days and clock changes start on
 * one) and the seconds since added: pages served in the same minute share the slow part.
 */
let clockMinute = -1;
let clockZones = new Map<string, { today: string; secondsAtMinute: number }>();
function clockAt(now: Date) {
  const at = now.getTime();
  const minute = Math.floor(at / 60_000);
  if (minute !== clockMinute) {
    clockMinute = minute;
    clockZones = new Map();
  }
  const zones = clockZones;
  const sinceMinute = (at - minute * 60_000) / 1000;
  return (timeZone: string) => {
    let zone = zones.get(timeZone);
    if (!zone) {
      const start = new Date(minute * 60_000);
      zone = { today: todayIn(timeZone, start), secondsAtMinute: dayFractionIn(timeZone, start) * 86_400 };
      zones.set(timeZone, zone);
    }
    return { today: zone.today, fraction: (zone.secondsAtMinute + sinceMinute) / 86_400 };
  };
}

/** Whether an ad may serve now: in its dates, budget left, on pace (decision 56). */
function deliverable(candidate: Candidate, clock: ReturnType<typeof clockAt>): boolean {
  const { today, fraction } = clock(candidate.timeZone);
  if (today < candidate.start) return false;
  if (candidate.end !== null && today > candidate.end) return false;
  if (candidate.spentOut) return false;
  if (candidate.dailyBudget === null) return true;
  const spent = candidate.spentDay === today ? candidate.spentMicro : 0;
  return paceAllows(spent, candidate.dailyBudget, fraction);
}

export interface ServingDeps {
  db: Executor;
  tokens: AdTokens;
  candidates: CandidateList;
}

/**
 * How many of the viewer's country's first deliverable candidates' pictures are asked about
 * (hidden, saved) with who is looking, per place to fill (the slots and a runner-up). Targeting
 * (age, gender, interests, known only once read) passes over candidates, so the field reaches
 * past the first few: with the bench's 1,000 campaigns every page's scan went 23 candidates deep,
 * and asking about 6 pictures made every page send a second statement for the rest (decision 79).
 * A picture more costs PostgreSQL about 2 µs (one index probe each for hides and saves: 6 pictures
 * 0.08 ms, 48 pictures 0.16 ms of execution); a second statement costs a round trip and about a
 * millisecond of CPU. A page that gets past them still asks about the rest after.
 */
export const CHECKED_AHEAD_PER_PLACE = 16;

/**
 * What a page's promoted cards were chosen from: the field (none a picture the viewer hid), in the
 * auction's order, and where the viewer saved its pictures.
 */
export interface PromotedChoice {
  field: Candidate[];
  saved: ReadonlyMap<number, ViewerSavedRow>;
  now: Date;
}

/**
 * A page's choosing, begun before the page is read (decision 79): `ask` is what the page's own
 * statement may read along (null for a visitor: nothing to read); `finish` takes that answer, or
 * reads it on its own when given `undefined`.
 */
export interface ChoiceStart {
  ask: FactsAsk | null;
  finish(row: FactsRow | null | undefined): Promise<PromotedChoice | null>;
}

/**
 * Begins choosing for a page of at most `cards` organic cards, before the page itself is known
 * (decisions 72, 79): the field holds the slots of a page that full and a runner-up, so a shorter
 * page (fewer slots) takes the first of the same auction. Null when no slot or no candidate.
 *
 * The candidates of the viewer's country are scanned in the auction's order, keeping those that
 * may deliver, reach the viewer and are not of their own businesses, one per pin, until the slots
 * and a runner-up are filled (only those decide a second-price auction). The candidates are pins
 * anyone may see (the list reads them so, decision 76); one whose picture the viewer hid gives way
 * to the next bidders. Who is looking is asked with the first deliverable candidates' pictures; a
 * field that gets past them asks about the rest after.
 */
export async function beginChoice(
  deps: ServingDeps,
  cards: number,
  viewer: ServingViewer,
  options: { searchTerms?: string[]; now?: Date } = {},
): Promise<ChoiceStart | null> {
  const slots = promotedSlots(cards);
  if (slots.length === 0) return null;
  const now = options.now ?? new Date();
  const clock = clockAt(now);
  const pool = (await deps.candidates.current()).byCountry.get(viewer.country) ?? EMPTY;
  if (pool.length === 0) return null;
  const wanted = slots.length + 1;
  const searchTerms = options.searchTerms ?? null;
  const userId = viewer.userId;
  if (userId === null)
    return { ask: null, finish: async () => finish(viewerFactsFrom(viewer, searchTerms, now, null)) };

  // The first candidates that may deliver and that a search's words name (the targeting known
  // before anything of the viewer is read).
  const named = namedBy(searchTerms);
  const ahead = new Set<number>();
  for (let i = 0; i < pool.length && ahead.size < wanted * CHECKED_AHEAD_PER_PLACE; i += 1) {
    const candidate = pool[i]!;
    if (deliverable(candidate, clock) && named(candidate.ad)) ahead.add(candidate.imageId);
  }
  const ask: FactsAsk = { viewerId: userId, images: [...ahead] };
  return {
    ask,
    async finish(row) {
      const read = row === undefined ? await readViewerFacts(deps.db, ask) : row;
      return finish(viewerFactsFrom(viewer, searchTerms, now, read), new Set(ask.images));
    },
  };

  async function finish(facts: ViewerFacts, asked?: Set<number>): Promise<PromotedChoice | null> {
    const reaches = targetingFor(facts.traits);
    const taken = new Set<number>();
    let field: Candidate[] = [];
    for (let next = 0; ;) {
      while (field.length < wanted && next < pool.length) {
        const candidate = pool[next++]!;
        if (taken.has(candidate.pinId) || facts.hiddenImages.has(candidate.imageId)) continue;
        if (facts.businesses.has(candidate.ownerUserId)) continue;
        if (!deliverable(candidate, clock) || !reaches(candidate.ad)) continue;
        taken.add(candidate.pinId);
        field.push(candidate);
      }
      if (!asked) break;
      const unasked = [...new Set(field.map((candidate) => candidate.imageId))].filter(
        (image) => !asked.has(image),
      );
      if (unasked.length === 0) break;
      for (const image of unasked) asked.add(image);
      const more = await readViewerFacts(deps.db, { viewerId: userId!, images: unasked });
      const [, , , , hidden, saved] = more ?? [];
      for (const image of hidden ?? []) facts.hiddenImages.add(Number(image));
      for (const [image, save] of saved ?? []) if (save) facts.saved.set(Number(image), save);
      field = field.filter((candidate) => !facts.hiddenImages.has(candidate.imageId));
    }
    return field.length === 0 ? null : { field, saved: facts.saved, now };
  }
}

/** The page with promoted pins at the fixed rhythm, who is looking read on its own. */
export async function withPromoted(
  deps: ServingDeps,
  organic: Pin[],
  viewer: ServingViewer,
  options: { searchTerms?: string[]; now?: Date } = {},
): Promise<Pin[]> {
  const start = await beginChoice(deps, organic.length, viewer, options);
  return placePromoted(deps, start && (await start.finish(undefined)), organic, viewer);
}

/**
 * The page with the chosen pins at the rhythm: the second-price auction over the field for the
 * page's own slots, each card with its signed token. The auction's first k wins are the same
 * whatever the field's length past k + 1, so a field chosen for a fuller page serves a shorter one.
 */
export function placePromoted(
  deps: Pick<ServingDeps, 'tokens'>,
  choice: PromotedChoice | null,
  organic: Pin[],
  viewer: ServingViewer,
): Pin[] {
  const slots = promotedSlots(organic.length);
  if (!choice || slots.length === 0) return organic;
  const { field, saved, now } = choice;
  const auction = runAuction(field, slots.length).map((win) => {
    const save = saved.get(win.bidder.imageId);
    const pin = save ? { ...win.bidder.pin, viewer_saved: presentViewerSaved(save) } : win.bidder.pin;
    return { win, pin };
  });
  // A winner's picture already on the page (the pin itself, or a save of it) shows once, as the
  // promoted card; as many winners are kept as the shorter page still has slots for.
  const pictureOf = (pin: Pin) => pin.images.orig.url;
  const onPage = new Set(organic.map(pictureOf));
  let kept = auction.length;
  const dupsOf = (count: number) =>
    auction.slice(0, count).filter(({ pin }) => onPage.has(pictureOf(pin))).length;
  while (kept > 0 && promotedSlots(organic.length - dupsOf(kept)).length < kept) kept -= 1;
  const wins = auction.slice(0, kept);
  const winning = new Set(wins.map(({ pin }) => pictureOf(pin)));
  const rest = organic.filter((pin) => !winning.has(pictureOf(pin)));
  const places = promotedSlots(rest.length);
  const promoted = wins.map(({ win, pin }, index): Pin => {
    const candidate = win.bidder;
    const mode = pricing(candidate.objective);
    return {
      ...pin,
      is_promoted: true,
      promoter: { name: candidate.advertiserName, username: candidate.promoterUsername },
      ad_token: deps.tokens.sign(
        {
          adId: candidate.adId,
          viewer: viewer.key,
          position: places[index]!,
          mode,
          priceMicro:
            mode === 'cpa'
              ? win.conversionPriceMicro!
              : mode === 'cpc'
                ? win.clickPriceMicro
                : win.impressionPriceMicro,
        },
        now,
      ),
    };
  });
  if (promoted.length === 0) return organic;
  return interleave(rest, promoted);
}
