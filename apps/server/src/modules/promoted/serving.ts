import { eq, sql } from 'drizzle-orm';
import type { CampaignObjective, Pin, TargetingSpec } from '@pinboard/shared';
import type { Executor } from '../../db/client.ts';
import { preparedPerDatabase } from '../../db/prepared.ts';
import { users } from '../../db/schema/users.ts';
import { selectRows } from '../../db/sql-helpers.ts';
import { todayIn } from '../business/business.presenter.ts';
import { activeAccountAs } from '../../policies/visibility.ts';
import { presentPin } from '../pins/pins.presenter.ts';
import { listPublicPinsInOrder, type PinRow } from '../pins/pins.repository.ts';
import { clearWithSignedOutAnswers } from '../../lib/signed-out-answers.ts';
import {
  ageBucketOf,
  AUTOMATIC_BID_SHARE,
  PRIOR_CLICKS,
  PRIOR_IMPRESSIONS,
  dayFractionIn,
  expectedClickRate,
  interleave,
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

interface CandidateRow extends Record<string, unknown> {
  ad_id: number;
  pin_id: number;
  image_id: number;
  ad_group_id: number;
  owner_user_id: number;
  impressions: number;
  clicks: number;
  bid_micro: number | null;
  auto_targeting: boolean;
  targeting: TargetingSpec;
  daily_budget: number | null;
  objective: CampaignObjective;
  budget_type: string;
  campaign_budget: number;
  campaign_spend: number;
  lifetime_cap: number | null;
  c_start: string;
  c_end: string | null;
  g_start: string;
  g_end: string | null;
  time_zone: string;
  advertiser_country: string;
  advertiser_name: string;
  promoter_username: string;
  spent_day: string | null;
  spent_micro: number | null;
  pin_text: string;
}

/** A row of the candidate list, with what serving derives from it once per read of the list. */
interface Candidate extends CandidateRow {
  ad: TargetedAd;
  bidMicro: number;
  clickRate: number;
}

/**
 * Every approved, active ad of an active ad group and campaign near its dates, whose promoter's
 * account is active, with its ad group's latest spend-day row: the same for every viewer, ordered
 * as the auction ranks them (bid × smoothed click rate). Dates and pacing are then checked exactly
 * in each ad account's time zone, and who is looking per request.
 */
async function listCandidates(db: Executor): Promise<Candidate[]> {
  const rows = await selectRows<CandidateRow>(
    db,
    sql`
    select a.id::int as ad_id, a.pin_id::int as pin_id, p.image_id::float8 as image_id,
      a.ad_group_id::int as ad_group_id, v.owner_user_id::int as owner_user_id,
      a.impressions::int as impressions, a.clicks::int as clicks,
      g.bid_micro::float8 as bid_micro, g.auto_targeting, g.targeting,
      coalesce(g.budget_micro, case when c.budget_type = 'DAILY' then c.budget_micro end)::float8 as daily_budget,
      c.objective, c.budget_type, c.budget_micro::float8 as campaign_budget,
      c.spend_micro::float8 as campaign_spend, c.lifetime_spend_cap_micro::float8 as lifetime_cap,
      c.start_date::text as c_start, c.end_date::text as c_end,
      g.start_date::text as g_start, g.end_date::text as g_end,
      v.time_zone, v.country as advertiser_country, v.name as advertiser_name,
      u.username as promoter_username,
      s.day::text as spent_day, s.spent_micro::float8 as spent_micro,
      lower(p.title || ' ' || p.description || ' ' || array_to_string(p.hashtags, ' ')) as pin_text
    from ads a
    join ad_groups g on g.id = a.ad_group_id and g.status = 'ACTIVE'
    join campaigns c on c.id = a.campaign_id and c.status = 'ACTIVE'
    -- An ad account unpaid past the billing limit serves nothing (decision 62).
    join advertisers v on v.id = a.advertiser_id and v.billing_stopped_at is null
    join users u on u.id = v.owner_user_id and ${activeAccountAs('u')}
    join pins p on p.id = a.pin_id
    left join lateral (
      select d.day, d.spent_micro from ad_group_spend_days d
      where d.ad_group_id = g.id order by d.day desc limit 1
    ) s on true
    where a.status = 'ACTIVE' and a.review_status = 'APPROVED' and a.pin_id is not null
      and c.start_date <= current_date + 1 and (c.end_date is null or c.end_date >= current_date - 1)
      and g.start_date <= current_date + 1 and (g.end_date is null or g.end_date >= current_date - 1)
    -- The likeliest winners first (bid × smoothed click rate, as the auction ranks them), so the
    -- bound on the list leaves out only the ads least likely to win.
    order by coalesce(g.bid_micro::float8, coalesce(g.budget_micro, c.budget_micro)::float8 * ${sql.raw(String(AUTOMATIC_BID_SHARE))})
      * (a.clicks + ${sql.raw(String(PRIOR_CLICKS))})::float8 / (a.impressions + ${sql.raw(String(PRIOR_IMPRESSIONS))}) desc, a.id
    limit ${CANDIDATE_LIMIT}`,
  );
  return rows.map((row) => ({
    ...row,
    ad: {
      targeting: row.targeting ?? {},
      autoTargeting: row.auto_targeting,
      advertiserCountry: row.advertiser_country,
      pinText: row.pin_text,
      pinWords: pinWordsOf(row.pin_text),
    },
    bidMicro:
      row.bid_micro ??
      Math.max(1, Math.floor((row.daily_budget ?? row.campaign_budget) * AUTOMATIC_BID_SHARE)),
    clickRate: expectedClickRate(row.clicks, row.impressions),
  }));
}

/**
 * The per-instance candidate list (decision 56). Once it is CANDIDATE_LIST_TTL_MS old it is read
 * again in the background while requests keep the list they have (so a slow read never holds a
 * page up), unless it is CANDIDATE_LIST_MAX_AGE_MS old: then they wait for the new one. It is one
 * of the caches `clearSignedOutAnswers` clears, so every write that changes what may serve — a
 * campaign, ad group or ad made, edited, paused or archived (the ads repository), a board turned
 * secret, an account suspended, an admin command — clears it on this instance at once and on
 * every other through the invalidation bus (Redis pub/sub with REDIS_URL); after a clear the next
 * page waits for a fresh read (a read begun before the clear is not kept). What changes without a
 * clear (spend and pacing, a write made straight in the database) shows within a second and one
 * read of the list.
 */
export interface CandidateList {
  current(): Promise<Candidate[]>;
  /** Forgets the list: the next page waits for a fresh read. */
  clear(): void;
}

/** The oldest list a page may be served from while a newer one is being read. */
export const CANDIDATE_LIST_MAX_AGE_MS = 5_000;

export function createCandidateList(db: Executor): CandidateList {
  let kept: { rows: Candidate[]; readAt: number } | null = null;
  let reading: Promise<Candidate[]> | null = null;
  // Bumped by each clear: a read begun before it is not kept.
  let generation = 0;
  const read = () => {
    const begun = generation;
    const readAt = Date.now();
    const promise = listCandidates(db);
    reading = promise;
    promise.then(
      (rows) => {
        if (begun === generation) kept = { rows, readAt };
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
      if (age < CANDIDATE_LIST_TTL_MS) return kept!.rows;
      const next = reading ?? read();
      return age < CANDIDATE_LIST_MAX_AGE_MS ? kept!.rows : next;
    },
    clear() {
      generation += 1;
      kept = null;
      reading = null;
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
  /** Pictures they hid, among the candidates'. */
  hiddenImages: Set<number>;
}

/**
 * One prepared query for a signed-in viewer (none for a visitor): gender, birthday, interests, the
 * businesses they belong to, and which of the candidates' pictures they hid.
 */
const viewerFactsOf = preparedPerDatabase((db) =>
  db
    .select({
      gender: users.gender,
      birthday: sql<string | null>`${users.birthday}::text`,
      interests: sql<
        string[] | null
      >`(select array_agg(i.name) from user_interests i where i.user_id = ${users.id})`,
      businesses: sql<
        number[] | null
      >`(select array_agg(m.profile_id::int) from business_members m where m.member_id = ${users.id})`,
      hidden: sql<number[] | null>`(select array_agg(h.image_id::float8) from hidden_pins h
        where h.user_id = ${users.id} and h.image_id = any(${sql.placeholder('images')}::int8[]))`,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder('viewerId')))
    .prepare('promoted_viewer_facts'),
);

async function viewerFacts(
  db: Executor,
  viewer: ServingViewer,
  searchTerms: string[] | null,
  now: Date,
  candidateImages: number[],
): Promise<ViewerFacts> {
  const facts: ViewerFacts = {
    traits: { country: viewer.country, ageBucket: null, gender: null, interests: [], searchTerms },
    businesses: new Set(),
    hiddenImages: new Set(),
  };
  if (viewer.userId === null) return facts;
  facts.businesses.add(viewer.userId);
  const [row] = await viewerFactsOf(db).execute({ viewerId: viewer.userId, images: candidateImages });
  if (!row) return facts;
  const traits = facts.traits;
  traits.gender = row.gender === 'female' || row.gender === 'male' ? row.gender : null;
  traits.ageBucket = ageBucketOf(row.birthday, now.toISOString().slice(0, 10));
  traits.interests = row.interests ?? [];
  for (const id of row.businesses ?? []) facts.businesses.add(Number(id));
  for (const image of row.hidden ?? []) facts.hiddenImages.add(Number(image));
  return facts;
}

/** Each ad account's day and the fraction of it gone at one moment, worked out once per time zone. */
function clockAt(now: Date) {
  const zones = new Map<string, { today: string; fraction: number }>();
  return (timeZone: string) => {
    let zone = zones.get(timeZone);
    if (!zone) {
      zone = { today: todayIn(timeZone, now), fraction: dayFractionIn(timeZone, now) };
      zones.set(timeZone, zone);
    }
    return zone;
  };
}

/** Whether an ad may serve now: in its dates, budget left, on pace (decision 56). */
function deliverable(row: CandidateRow, clock: ReturnType<typeof clockAt>): boolean {
  const { today, fraction } = clock(row.time_zone);
  const start = row.c_start > row.g_start ? row.c_start : row.g_start;
  if (today < start) return false;
  if (row.c_end !== null && today > row.c_end) return false;
  if (row.g_end !== null && today > row.g_end) return false;
  if (row.budget_type === 'LIFETIME' && row.campaign_spend >= row.campaign_budget) return false;
  if (row.lifetime_cap !== null && row.campaign_spend >= row.lifetime_cap) return false;
  if (row.daily_budget === null) return true;
  const spent = row.spent_day === today ? (row.spent_micro ?? 0) : 0;
  return paceAllows(spent, row.daily_budget, fraction);
}

export interface ServingDeps {
  db: Executor;
  tokens: AdTokens;
  candidates: CandidateList;
}

/**
 * The page with promoted pins at the fixed rhythm: candidates that reach the viewer and may
 * deliver go to a second-price auction per slot; each winner must still be a pin the viewer may
 * see. Every promoted card carries its signed token (position, price, viewer).
 */
export async function withPromoted(
  deps: ServingDeps,
  organic: Pin[],
  viewer: ServingViewer,
  options: { searchTerms?: string[]; now?: Date } = {},
): Promise<Pin[]> {
  const slots = promotedSlots(organic.length);
  if (slots.length === 0) return organic;
  const now = options.now ?? new Date();
  const clock = clockAt(now);
  const candidates = (await deps.candidates.current()).filter((row) => deliverable(row, clock));
  if (candidates.length === 0) return organic;
  const facts = await viewerFacts(
    deps.db,
    viewer,
    options.searchTerms ?? null,
    now,
    viewer.userId === null ? [] : [...new Set(candidates.map((row) => row.image_id))],
  );
  const reaches = targetingFor(facts.traits);
  const bidders = candidates
    .filter(
      (row) =>
        !facts.businesses.has(row.owner_user_id) && !facts.hiddenImages.has(row.image_id) && reaches(row.ad),
    )
    .map((row) => ({
      row,
      adId: row.ad_id,
      pinId: row.pin_id,
      bidMicro: row.bidMicro,
      clickRate: row.clickRate,
    }));
  if (bidders.length === 0) return organic;
  // Winners the viewer may not see (a secret board, a block) give way to the next bidders: only
  // the likely winners and their runner-up are checked, again while one of them was not visible.
  const visible = new Map<number, PinRow>();
  const checked = new Set<number>();
  let field = bidders;
  for (;;) {
    const unchecked = runAuction(field, slots.length + 1)
      .map((win) => win.bidder.pinId)
      .filter((pinId) => !checked.has(pinId));
    if (unchecked.length === 0) break;
    for (const row of await listPublicPinsInOrder(deps.db, unchecked, viewer.userId))
      visible.set(Number(row.id), row);
    for (const pinId of unchecked) checked.add(pinId);
    field = field.filter((b) => !checked.has(b.pinId) || visible.has(b.pinId));
  }
  const auction = runAuction(field, slots.length).map((win) => ({
    win,
    pin: presentPin(visible.get(win.bidder.pinId)!),
  }));
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
    const row = win.bidder.row;
    const mode = pricing(row.objective);
    return {
      ...pin,
      is_promoted: true,
      promoter: { name: row.advertiser_name, username: row.promoter_username },
      ad_token: deps.tokens.sign(
        {
          adId: row.ad_id,
          viewer: viewer.key,
          position: places[index]!,
          mode,
          priceMicro: mode === 'cpc' ? win.clickPriceMicro : win.impressionPriceMicro,
        },
        now,
      ),
    };
  });
  if (promoted.length === 0) return organic;
  return interleave(rest, promoted);
}
