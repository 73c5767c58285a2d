import { describe, expect, it } from 'vitest';
import {
  ageBucketOf,
  AUTOMATIC_BID_SHARE,
  AUTOMATIC_CONVERSION_BID_SHARE,
  dayFractionIn,
  expectedClickRate,
  expectedConversionRate,
  interleave,
  paceAllows,
  pricing,
  promotedSlots,
  runAuction,
  targetingMatches,
  type TargetedAd,
  type ViewerTraits,
} from '../../src/modules/promoted/auction.ts';

describe('the rhythm', () => {
  it('places promoted cards at the 5th, 15th, … card, never two side by side, at most one in ten across pages', () => {
    expect(promotedSlots(25)).toEqual([4, 14]);
    expect(promotedSlots(9)).toEqual([4]);
    expect(promotedSlots(8)).toEqual([]);
    for (const pageSize of [5, 9, 10, 18, 25, 50]) {
      // Three full pages one after another, every slot filled.
      const stream: boolean[] = [];
      for (let page = 0; page < 3; page += 1) {
        const organic = Array.from({ length: pageSize }, () => false);
        const promoted = promotedSlots(pageSize).map(() => true);
        const shown = interleave(organic, promoted);
        expect(shown.filter(Boolean).length).toBe(promoted.length);
        stream.push(...shown);
      }
      for (let i = 0; i + 10 <= stream.length; i += 1) {
        expect(
          stream.slice(i, i + 10).filter(Boolean).length,
          `page ${pageSize}, window ${i}`,
        ).toBeLessThanOrEqual(1);
      }
    }
  });

  it('keeps the same places on every full page, and fewer winners leave the rest organic', () => {
    const organic = Array.from({ length: 25 }, (_, i) => `o${i}`);
    expect(interleave(organic, ['p0', 'p1']).flatMap((card, i) => (card.startsWith('p') ? [i] : []))).toEqual(
      [4, 14],
    );
    const one = interleave(organic, ['p0']);
    expect(one).toHaveLength(26);
    expect(one[4]).toBe('p0');
    expect(interleave(organic, [])).toEqual(organic);
  });
});

describe('the auction', () => {
  const bidder = (adId: number, bidMicro: number, clickRate = 0.01, pinId = adId) => ({
    adId,
    pinId,
    bidMicro,
    clickRate,
  });

  it('ranks by bid × expected click rate and charges the second price', () => {
    // 100 × 0.02 = 2 beats 150 × 0.01 = 1.5; the winner pays 1.5 per impression, 1.5/0.02 = 75 per click.
    const [first, second] = runAuction([bidder(1, 150, 0.01), bidder(2, 100, 0.02), bidder(3, 50, 0.01)], 2);
    expect(first!.bidder.adId).toBe(2);
    expect(first!.impressionPriceMicro).toBe(2);
    expect(first!.clickPriceMicro).toBe(75);
    expect(second!.bidder.adId).toBe(1);
    // Against 50 × 0.01 = 0.5: 0.5/0.01 = 50 per click.
    expect(second!.clickPriceMicro).toBe(50);
  });

  it('charges never more than the bid; a lone bidder pays the reserve', () => {
    const [only] = runAuction([bidder(1, 1000)], 1);
    expect(only!.clickPriceMicro).toBe(100);
    const [win] = runAuction([bidder(1, 100, 0.01), bidder(2, 99, 0.0101)], 1);
    expect(win!.clickPriceMicro).toBeLessThanOrEqual(win!.bidder.bidMicro);
  });

  it('shows one card per pin', () => {
    const wins = runAuction([bidder(1, 300, 0.01, 7), bidder(2, 200, 0.01, 7), bidder(3, 100, 0.01, 8)], 3);
    expect(wins.map((w) => w.bidder.adId)).toEqual([1, 3]);
  });

  it('smooths the click rate from the counts', () => {
    expect(expectedClickRate(0, 0)).toBeCloseTo(0.01);
    expect(expectedClickRate(99, 900)).toBeCloseTo(0.1);
  });
});

describe('conversion bidders among click bidders', () => {
  const clicks = (adId: number, bidMicro: number, clickRate = 0.01) => ({
    adId,
    pinId: adId,
    bidMicro,
    clickRate,
  });
  /** A target cost per conversion, with its expected conversions per click. */
  const conversions = (adId: number, targetMicro: number, conversionRate: number, clickRate = 0.01) => ({
    adId,
    pinId: adId,
    bidMicro: targetMicro,
    clickRate,
    conversionRate,
  });

  it('pays per conversion for WEB_CONVERSION, per click for CONSIDERATION, per 1,000 impressions otherwise', () => {
    expect(pricing('WEB_CONVERSION')).toBe('cpa');
    expect(pricing('CONSIDERATION')).toBe('cpc');
    expect(pricing('CATALOG_SALES')).toBe('cpm');
  });

  it('ranks a conversion bidder by target × conversion rate × click rate, on the click bids’ scale', () => {
    // Worth per click: 2,000 × 0.05 = 100 beats a click bid of 90; 1,000 × 0.05 = 50 loses to it.
    const wins = runAuction([clicks(1, 90), conversions(2, 2_000, 0.05), conversions(3, 1_000, 0.05)], 3);
    expect(wins.map((w) => w.bidder.adId)).toEqual([2, 1, 3]);
    // Second price: the click bidder's score 90 × 0.01 = 0.9, over 0.01 × 0.05: 1,800 per conversion.
    expect(wins[0]!.conversionPriceMicro).toBe(1_800);
    expect(wins[0]!.conversionPriceMicro).toBeLessThanOrEqual(2_000);
    // A click bidder has no conversion price; it pays per click against the conversion bidder below.
    expect(wins[1]!.conversionPriceMicro).toBeNull();
    expect(wins[1]!.clickPriceMicro).toBe(50);
    // The last pays the reserve: 10 % of its own score, per conversion 10 % of its target.
    expect(wins[2]!.conversionPriceMicro).toBe(100);
  });

  it('charges a conversion never more than the target and at least one micro-unit', () => {
    const [win] = runAuction([conversions(1, 1_000, 0.05), clicks(2, 50)], 1);
    expect(win!.conversionPriceMicro).toBe(1_000);
    const [tiny] = runAuction([conversions(1, 3, 0.05), conversions(2, 1, 0.0001)], 1);
    expect(tiny!.conversionPriceMicro).toBe(1);
    for (const [target, rate, other] of [
      [5_000, 0.1, 499],
      [777, 0.033, 20],
      [10, 0.5, 4],
    ] as const) {
      const [w] = runAuction([conversions(1, target, rate), clicks(2, other)], 1);
      expect(w!.bidder.adId).toBe(1);
      expect(w!.conversionPriceMicro).toBeGreaterThanOrEqual(1);
      expect(w!.conversionPriceMicro).toBeLessThanOrEqual(target);
    }
  });

  it('smooths the conversion rate by a prior of one in twenty clicks', () => {
    expect(expectedConversionRate(0, 0)).toBeCloseTo(0.05);
    expect(expectedConversionRate(9, 180)).toBeCloseTo(0.05);
    expect(expectedConversionRate(40, 80)).toBeCloseTo(41 / 100);
  });

  it('makes a new automatic conversion bid worth per click what a new automatic click bid is', () => {
    expect(AUTOMATIC_CONVERSION_BID_SHARE * expectedConversionRate(0, 0)).toBeCloseTo(AUTOMATIC_BID_SHARE);
  });
});

describe('targeting', () => {
  const ad = (spec: TargetedAd['targeting'], autoTargeting = false): TargetedAd => ({
    targeting: spec,
    autoTargeting,
    advertiserCountry: 'US',
    pinText: 'sourdough loaf #baking',
  });
  const viewer = (over: Partial<ViewerTraits> = {}): ViewerTraits => ({
    country: 'US',
    ageBucket: '25-34',
    gender: 'female',
    interests: ['baking'],
    searchTerms: null,
    ...over,
  });

  it('binds country (the ad account’s when none), age, gender and interests', () => {
    expect(targetingMatches(ad({}), viewer())).toBe(true);
    expect(targetingMatches(ad({}), viewer({ country: 'GB' }))).toBe(false);
    expect(targetingMatches(ad({ locations: ['GB'] }), viewer({ country: 'GB' }))).toBe(true);
    expect(targetingMatches(ad({ ages: ['18-24'] }), viewer())).toBe(false);
    expect(targetingMatches(ad({ genders: ['male'] }), viewer())).toBe(false);
    expect(targetingMatches(ad({ interests: ['#Baking'] }), viewer())).toBe(true);
    expect(targetingMatches(ad({ interests: ['cars'] }), viewer())).toBe(false);
    // Auto-targeting widens past interests, and reaches people whose age and gender are unknown.
    expect(targetingMatches(ad({ interests: ['cars'] }, true), viewer())).toBe(true);
    expect(targetingMatches(ad({ ages: ['25-34'] }), viewer({ ageBucket: null }))).toBe(false);
    expect(targetingMatches(ad({ ages: ['25-34'] }, true), viewer({ ageBucket: null }))).toBe(true);
    expect(targetingMatches(ad({ ages: ['18-24'] }, true), viewer())).toBe(false);
  });

  it('in search, needs the query to name an interest or a word of the pin', () => {
    expect(targetingMatches(ad({ interests: ['bread'] }, true), viewer({ searchTerms: ['bread'] }))).toBe(
      true,
    );
    expect(targetingMatches(ad({}, true), viewer({ searchTerms: ['sourdough'] }))).toBe(true);
    expect(targetingMatches(ad({}, true), viewer({ searchTerms: ['tractor'] }))).toBe(false);
  });

  it('buckets ages from the birthday', () => {
    expect(ageBucketOf('2000-06-01', '2026-05-31')).toBe('25-34');
    expect(ageBucketOf('2001-06-01', '2026-05-31')).toBe('18-24');
    expect(ageBucketOf('2010-01-01', '2026-05-31')).toBeNull();
    expect(ageBucketOf(null, '2026-05-31')).toBeNull();
  });
});

describe('pacing', () => {
  it('lets a daily budget run at most an hour’s share ahead of an even pace', () => {
    const budget = 24_000_000;
    // At 06:00 a quarter of the day is gone: 6 + 1 hours' worth may be spent.
    expect(paceAllows(6_999_999, budget, 0.25)).toBe(true);
    expect(paceAllows(7_000_000, budget, 0.25)).toBe(false);
    expect(paceAllows(0, budget, 0)).toBe(true);
    expect(paceAllows(1_000_000, budget, 0)).toBe(false);
    expect(paceAllows(23_999_999, budget, 0.99)).toBe(true);
    expect(paceAllows(24_000_000, budget, 0.99)).toBe(false);
  });

  it('reads the day in the ad account’s time zone', () => {
    const now = new Date('2026-05-31T22:30:00Z');
    expect(dayFractionIn('UTC', now)).toBeCloseTo(22.5 / 24);
    expect(dayFractionIn('Europe/Oslo', now)).toBeCloseTo(0.5 / 24);
  });
});
