import type { CampaignObjective, TargetingSpec } from '@pinboard/shared';
import { zoneFormat } from '../../lib/zone-formats.ts';
import type { AdPricing } from './ad-token.ts';

/**
 * The pure rules of serving promoted pins (decision 56): where promoted cards go in a page, who
 * they may reach, the second-price auction that picks them, and pacing through the day.
 */

/** The first promoted card's place in a page, and the distance between promoted cards. */
export const FIRST_PROMOTED_SLOT = 4;
export const PROMOTED_EVERY = 10;

/**
 * Where promoted cards go in a page of `organicCount` other cards (0-based places in the page as
 * shown): the 5th, 15th, 25th, … card, and only as many as keep every ten consecutive cards, across
 * a page's end too, to one promoted card. The same places on every full page.
 */
export function promotedSlots(organicCount: number): number[] {
  const slots: number[] = [];
  for (let k = 0; ; k += 1) {
    const place = FIRST_PROMOTED_SLOT + k * PROMOTED_EVERY;
    const count = k + 1;
    // The page holds organicCount + count cards; the next page's first promoted card is at its
    // FIRST_PROMOTED_SLOT, so this page must be at least count × PROMOTED_EVERY cards long.
    if (place >= organicCount + count || organicCount + count < count * PROMOTED_EVERY) return slots;
    slots.push(place);
  }
}

/** The page with `promoted` cards placed at their slots (fewer winners leave the rest organic). */
export function interleave<T>(organic: T[], promoted: T[]): T[] {
  const slots = promotedSlots(organic.length);
  const out: T[] = [];
  let next = 0;
  for (const card of organic) {
    while (next < promoted.length && next < slots.length && out.length === slots[next]) {
      out.push(promoted[next]!);
      next += 1;
    }
    out.push(card);
  }
  return out;
}

/** Who is looking: what targeting may match. Null where unknown (a visitor, a blank profile). */
export interface ViewerTraits {
  country: string | null;
  ageBucket: string | null;
  gender: string | null;
  interests: string[];
  /** Search only: the query's words, lower case. */
  searchTerms: string[] | null;
}

export interface TargetedAd {
  targeting: TargetingSpec;
  autoTargeting: boolean;
  advertiserCountry: string;
  /** The pin's title, description and hashtags, lower case (search matches them too). */
  pinText: string;
  /** The words of `pinText`, when already split (the candidate list keeps them). */
  pinWords?: ReadonlySet<string>;
  /** The targeting's interests as matched (`interestsOf`), when already worked out. */
  interests?: readonly string[];
}

const norm = (word: string) => word.toLowerCase().replace(/^#/, '');

/** An ad group's interests as targeting matches them: lower case, without a leading '#'. */
export const interestsOf = (targeting: TargetingSpec): string[] => (targeting.interests ?? []).map(norm);

/** The words of a pin's text, as search matches them. */
export const pinWordsOf = (pinText: string): Set<string> =>
  new Set(pinText.split(/[^\p{L}\p{N}]+/u).filter(Boolean));

/**
 * Whether an ad group's targeting reaches this viewer. Locations always bind (the ad account's
 * country when none is given). Ages and genders bind when given; a viewer whose age or gender we
 * do not know is reached only with auto-targeting on. Interests bind only without auto-targeting
 * (auto-targeting widens past them). In search, the query must name one of the ad's interests or
 * a word of the promoted pin.
 */
export function targetingMatches(ad: TargetedAd, viewer: ViewerTraits): boolean {
  return targetingFor(viewer)(ad);
}

/**
 * `targetingMatches` for one viewer and many ads: what depends on the viewer alone (their
 * interests, the query's words) is prepared once.
 */
export function targetingFor(viewer: ViewerTraits): (ad: TargetedAd) => boolean {
  const mine = new Set(viewer.interests.map(norm));
  const named = namedBy(viewer.searchTerms);
  return (ad) => {
    const spec = ad.targeting;
    const locations = spec.locations?.length ? spec.locations : [ad.advertiserCountry];
    if (!viewer.country || !locations.includes(viewer.country)) return false;
    if (spec.ages?.length) {
      if (viewer.ageBucket === null ? !ad.autoTargeting : !spec.ages.includes(viewer.ageBucket as never))
        return false;
    }
    if (spec.genders?.length) {
      if (viewer.gender === null ? !ad.autoTargeting : !spec.genders.includes(viewer.gender as never))
        return false;
    }
    const interests = ad.interests ?? interestsOf(spec);
    if (!ad.autoTargeting && interests.length > 0) {
      if (!interests.some((interest) => mine.has(interest))) return false;
    }
    return named(ad);
  };
}

/**
 * Whether a search's words name the ad — one of its interests or a word of its pin — as
 * targeting asks of every ad on a search page; anything, off search (`searchTerms` null). Known
 * before anything of the viewer is read, so choosing applies it to the pictures it asks about.
 */
export function namedBy(searchTerms: string[] | null): (ad: TargetedAd) => boolean {
  const words = searchTerms === null ? null : searchTerms.map(norm).filter(Boolean);
  return (ad) => {
    if (words === null) return true;
    const interests = ad.interests ?? interestsOf(ad.targeting);
    const pinWords = ad.pinWords ?? pinWordsOf(ad.pinText);
    return words.some((word) => interests.includes(word) || pinWords.has(word));
  };
}

/** The age bucket of a birthday on `today` (YYYY-MM-DD), or null when unknown or under 18. */
export function ageBucketOf(birthday: string | null, today: string): string | null {
  if (!birthday) return null;
  const [by, bm, bd] = birthday.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  const age = ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
  if (age < 18) return null;
  if (age <= 24) return '18-24';
  if (age <= 34) return '25-34';
  if (age <= 44) return '35-44';
  if (age <= 49) return '45-49';
  if (age <= 54) return '50-54';
  if (age <= 64) return '55-64';
  return '65+';
}

/** A prior of one click in a hundred impressions: a new ad starts at 1 %, its counts then speak. */
export const PRIOR_CLICKS = 1;
export const PRIOR_IMPRESSIONS = 100;

/** The expected click rate: the ad's clicks over impressions, smoothed by the prior. */
export function expectedClickRate(clicks: number, impressions: number): number {
  return (clicks + PRIOR_CLICKS) / (impressions + PRIOR_IMPRESSIONS);
}

/**
 * A prior of one conversion in twenty clicks (decision 69): a new conversion ad starts at 5 %, its
 * counts then speak.
 */
export const PRIOR_CONVERSIONS = 1;
export const PRIOR_CONVERSION_CLICKS = 20;

/** The expected conversion rate per click: the ad's conversions over clicks, smoothed by the prior. */
export function expectedConversionRate(conversions: number, clicks: number): number {
  return (conversions + PRIOR_CONVERSIONS) / (clicks + PRIOR_CONVERSION_CLICKS);
}

/** With no runner-up, the winner pays this share of its own bid (the reserve). */
export const RESERVE_SHARE = 0.1;

/** An automatic bid: this share of the daily budget per click. */
export const AUTOMATIC_BID_SHARE = 0.01;

/**
 * An automatic target cost per conversion: the automatic click bid over the prior conversion rate
 * (20 % of the daily budget), so a new conversion ad bidding automatically is worth per click what
 * a new click ad is, and competes with it on the same scale.
 */
export const AUTOMATIC_CONVERSION_BID_SHARE =
  (AUTOMATIC_BID_SHARE * PRIOR_CONVERSION_CLICKS) / PRIOR_CONVERSIONS;

/**
 * How each objective pays: CONSIDERATION per click (CPC), WEB_CONVERSION per conversion (CPA,
 * decision 69), every other objective per 1,000 impressions (CPM).
 */
export function pricing(objective: CampaignObjective): AdPricing {
  return objective === 'CONSIDERATION' ? 'cpc' : objective === 'WEB_CONVERSION' ? 'cpa' : 'cpm';
}

export interface Bidder {
  adId: number;
  pinId: number;
  /** Per click, in micro-units; with a `conversionRate`, the target cost per conversion. */
  bidMicro: number;
  clickRate: number;
  /** Only for an ad paying per conversion: its expected conversions per click. */
  conversionRate?: number;
}

export interface Win<B extends Bidder> {
  bidder: B;
  /** What a click costs (the second price per click, at most the bid's worth per click). */
  clickPriceMicro: number;
  /** What an impression costs: the runner-up's score (its expected value per view). */
  impressionPriceMicro: number;
  /** For an ad paying per conversion: what a conversion costs (at most its target); else null. */
  conversionPriceMicro: number | null;
}

/**
 * What a bidder is ranked by: its expected value per view, the bid × expected click rate, and for
 * an ad paying per conversion its target × expected conversion rate per click × click rate.
 */
export const auctionScore = (b: Bidder): number => b.bidMicro * (b.conversionRate ?? 1) * b.clickRate;

/** The auction's order: the higher score first, ties to the older ad. */
export const auctionOrder = (a: Bidder, b: Bidder): number =>
  auctionScore(b) - auctionScore(a) || a.adId - b.adId;

/**
 * A second-price auction for each of `slots` places: bidders rank by their expected value per view
 * (`auctionScore`); a winner pays what would have kept it first — the runner-up's score (per
 * impression), that divided by its own click rate (per click), or by its click rate × conversion
 * rate (per conversion) — never more than its bid, at least one micro-unit. One card per pin; ties
 * go to the older ad. Only the first `slots + 1` bidders of distinct pins in that order decide the
 * outcome, so a caller holding bidders in order may pass just those.
 */
export function runAuction<B extends Bidder>(bidders: B[], slots: number): Win<B>[] {
  const score = auctionScore;
  const ranked = [...bidders].sort(auctionOrder);
  const wins: Win<B>[] = [];
  const pins = new Set<number>();
  const left = ranked.filter((b) => {
    if (pins.has(b.pinId)) return false;
    pins.add(b.pinId);
    return true;
  });
  const priceAt = (second: number, rate: number, most: number) =>
    Math.max(1, Math.min(most, Math.ceil(second / rate)));
  for (let i = 0; i < left.length && wins.length < slots; i += 1) {
    const winner = left[i]!;
    const runnerUp = left[i + 1];
    const second = runnerUp ? score(runnerUp) : score(winner) * RESERVE_SHARE;
    const conversionRate = winner.conversionRate;
    wins.push({
      bidder: winner,
      clickPriceMicro: priceAt(second, winner.clickRate, Math.floor(winner.bidMicro * (conversionRate ?? 1))),
      impressionPriceMicro: Math.max(1, Math.ceil(second)),
      conversionPriceMicro:
        conversionRate === undefined
          ? null
          : priceAt(second, winner.clickRate * conversionRate, winner.bidMicro),
    });
  }
  return wins;
}

/** One hour's share of the day: how far ahead of an even pace spend may run. */
export const PACING_AHEAD_SHARE = 1 / 24;

/** The fraction of the day gone in `timeZone` at `now` (0 at midnight). */
export function dayFractionIn(timeZone: string, now: Date): number {
  const parts = zoneFormat('time', timeZone).formatToParts(now);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return (part('hour') * 3600 + part('minute') * 60 + part('second')) / 86_400;
}

/**
 * Even pacing: by a fraction `f` of the advertiser's day, a daily budget may have spent at most
 * its share of the day so far plus one hour's share ahead (never past the budget).
 */
export function paceAllows(spentMicro: number, dailyBudgetMicro: number, dayFraction: number): boolean {
  const allowed = Math.min(1, dayFraction + PACING_AHEAD_SHARE) * dailyBudgetMicro;
  return spentMicro < allowed;
}
