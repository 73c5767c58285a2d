/**
 * What the Ads manager and Reporting pages ask of the server (decision 65): changes that keep a
 * campaign's ad groups in step with it, and an ad account's results per day and per campaign
 * from the counted views and the ledger, in its currency and day.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adGroups, campaigns } from '../../src/db/schema/business.ts';
import { todayIn } from '../../src/modules/business/business.presenter.ts';
import { addDays } from '../../src/modules/business/campaign-rules.ts';
import type { AdPricing } from '../../src/modules/promoted/ad-token.ts';
import { recordAdEvent, type ConversionReport } from '../../src/modules/promoted/spend.ts';
import { dataOf } from '../helpers/board-writes.ts';
import { quickPromotedPin, type Promotion } from '../helpers/promotion.ts';
import { errorOf } from '../helpers/browser.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A business in `country` with billing details and one quick-promoted pin (10 days, a daily budget). */
const promotion = (country = 'US', campaignName = 'Spring sale', budget = 5_000_000) =>
  quickPromotedPin(t, { country, campaignName, budget });

let nonce = 0;
/**
 * A promoted view's impression, click or conversion at `at`, priced per click (cpc), per impression
 * (cpm) or per conversion (cpa); a new view unless `of` names one.
 */
function view(
  p: Promotion,
  kind: 'impression' | 'click' | ConversionReport,
  mode: AdPricing,
  at = new Date(),
  of?: number,
) {
  if (of === undefined) nonce += 1;
  return recordAdEvent(
    t.db,
    {
      adId: Number(p.adId),
      mode,
      priceMicro: 250_000,
      issuedAt: at.getTime(),
      nonce: `report-${of ?? nonce}`,
    },
    kind,
    at,
  );
}

const groupOf = async (p: Promotion) =>
  (
    await t.db
      .select()
      .from(adGroups)
      .where(eq(adGroups.id, Number(p.adGroupId)))
  )[0]!;

describe('changing a campaign from the Ads manager', () => {
  it("carries a new end date and daily budget to the ad groups that had the campaign's", async () => {
    const p = await promotion();
    const url = `/ads/v4/advertisers/${p.advertiserId}/campaigns/${p.campaignId}/`;
    const today = todayIn(p.timeZone);
    const changed = dataOf(
      await p.browser.patch(url, { end_date: addDays(today, 40), budget_in_micro_currency: 9_000_000 }),
    );
    expect(changed).toMatchObject({ end_date: addDays(today, 40), budget_in_micro_currency: 9_000_000 });
    expect(await groupOf(p)).toMatchObject({ endDate: addDays(today, 40), budgetMicro: 9_000_000 });

    // An ad group given a budget of its own keeps it.
    await p.browser.patch(`/ads/v4/advertisers/${p.advertiserId}/ad_groups/${p.adGroupId}/`, {
      budget_in_micro_currency: 4_000_000,
    });
    await p.browser.patch(url, { budget_in_micro_currency: 11_000_000, end_date: null });
    expect(await groupOf(p)).toMatchObject({ endDate: null, budgetMicro: 4_000_000 });
  });

  it('refuses a budget or end date outside the campaign rules, changing nothing', async () => {
    const p = await promotion();
    const url = `/ads/v4/advertisers/${p.advertiserId}/campaigns/${p.campaignId}/`;
    const [before] = await t.db
      .select()
      .from(campaigns)
      .where(eq(campaigns.id, Number(p.campaignId)));
    const low = await p.browser.patch(url, { budget_in_micro_currency: 1_000_000 });
    expect(errorOf(low)).toMatchObject({ code: 'budget_below_minimum' });
    const far = await p.browser.patch(url, { end_date: addDays(todayIn(p.timeZone), 400) });
    expect(errorOf(far)).toMatchObject({ code: 'end_date_invalid' });
    const past = await p.browser.patch(url, { end_date: addDays(todayIn(p.timeZone), -5) });
    expect(errorOf(past)).toMatchObject({ code: 'end_date_invalid' });
    const [after] = await t.db
      .select()
      .from(campaigns)
      .where(eq(campaigns.id, Number(p.campaignId)));
    expect(after).toEqual(before);
    expect(await groupOf(p)).toMatchObject({ budgetMicro: 5_000_000, endDate: before!.endDate });
  });

  it('pauses and resumes an ad group; a completed one cannot be changed', async () => {
    const p = await promotion();
    const url = `/ads/v4/advertisers/${p.advertiserId}/ad_groups/${p.adGroupId}/`;
    expect(dataOf(await p.browser.patch(url, { status: 'PAUSED' })).status).toBe('PAUSED');
    expect(dataOf(await p.browser.patch(url, { status: 'ACTIVE' })).status).toBe('ACTIVE');
    await t.db
      .update(adGroups)
      .set({ endDate: addDays(todayIn(p.timeZone), -2) })
      .where(eq(adGroups.id, Number(p.adGroupId)));
    expect(errorOf(await p.browser.patch(url, { status: 'PAUSED' })).code).toBe('campaign_status_final');
    expect((await groupOf(p)).status).toBe('ACTIVE');
  });
});

describe('an ad group added to a conversions campaign', () => {
  it("needs the ad account's own conversion tag and an event", async () => {
    const p = await quickPromotedPin(t, { conversionEvent: 'CHECKOUT', campaignName: 'Checkout' });
    const other = await quickPromotedPin(t, { conversionEvent: 'SIGNUP' });
    const url = `/ads/v4/advertisers/${p.advertiserId}/ad_groups/`;
    const goal = (tagId: string | null) => ({
      conversion_tag_v3_goal_metadata: { conversion_tag_id: tagId, conversion_event: 'LEAD' },
    });
    const groups = async () =>
      (await t.db.select().from(adGroups).where(eq(adGroups.campaignId, p.campaignId))).length;

    const none = await p.browser.post(url, { campaign_id: String(p.campaignId), name: 'Second' });
    expect(none.status).toBe(400);
    expect(errorOf(none).code).toBe('conversion_tag_required');
    const theirs = await p.browser.post(url, {
      campaign_id: String(p.campaignId),
      name: 'Second',
      optimization_goal_metadata: goal(other.conversionTagId),
    });
    expect(theirs.status).toBe(400);
    expect(errorOf(theirs).code).toBe('conversion_tag_not_found');
    expect(await groups()).toBe(1);

    const made = await p.browser.post(url, {
      campaign_id: String(p.campaignId),
      name: 'Second',
      optimization_goal_metadata: goal(p.conversionTagId),
    });
    expect(made.status).toBe(200);
    expect(dataOf(made)).toMatchObject({ conversion_tag_id: p.conversionTagId, conversion_event: 'LEAD' });
    expect(await groups()).toBe(2);
  });

  it('keeps no conversion tag in a campaign paying per click', async () => {
    const p = await promotion();
    const tag = dataOf(
      await p.browser.post(`/ads/v4/advertisers/${p.advertiserId}/conversion_tags/`, { name: 'Site' }),
    );
    const made = await p.browser.post(`/ads/v4/advertisers/${p.advertiserId}/ad_groups/`, {
      campaign_id: String(p.campaignId),
      name: 'Second',
      optimization_goal_metadata: {
        conversion_tag_v3_goal_metadata: { conversion_tag_id: tag.id, conversion_event: 'LEAD' },
      },
    });
    expect(made.status).toBe(200);
    expect(dataOf(made)).toMatchObject({ conversion_tag_id: null, conversion_event: null });
  });
});

describe('GET /ads/v4/advertisers/{advertiserId}/reports/', () => {
  it('is empty, with every day of the range at zero, when nothing ran', async () => {
    const p = await promotion('SE', 'Sommar', 70_000_000);
    const report = dataOf(await p.browser.get(`/ads/v4/advertisers/${p.advertiserId}/reports/?days=30`));
    const today = todayIn(p.timeZone);
    expect(report).toMatchObject({
      currency: 'SEK',
      time_zone: p.timeZone,
      start_date: addDays(today, -29),
      end_date: today,
      totals: { impressions: 0, clicks: 0, conversions: 0, spend_in_micro_currency: 0 },
      campaigns: [],
    });
    expect(report.days).toHaveLength(30);
    expect(report.days[29]).toEqual({
      date: today,
      impressions: 0,
      clicks: 0,
      conversions: 0,
      spend_in_micro_currency: 0,
    });
  });

  it('counts views per day and campaign, and spend from the ledger, in the last 7 days only', async () => {
    const p = await promotion();
    const today = todayIn(p.timeZone);
    // A click-priced campaign: impressions count, clicks are charged.
    for (let i = 0; i < 3; i += 1) expect(await view(p, 'impression', 'cpc')).toBe('counted');
    expect(await view(p, 'click', 'cpc')).toBe('charged');
    // Eight days ago: outside the last 7 days, inside the last 30.
    const old = new Date(Date.now() - 8 * 24 * 60 * 60 * 1000);
    expect(await view(p, 'impression', 'cpm', old)).toBe('charged');

    const week = dataOf(await p.browser.get(`/ads/v4/advertisers/${p.advertiserId}/reports/?days=7`));
    expect(week.totals).toEqual({
      impressions: 3,
      clicks: 1,
      conversions: 0,
      spend_in_micro_currency: 250_000,
    });
    expect(week.days).toHaveLength(7);
    expect(week.days.at(-1)).toEqual({
      date: today,
      impressions: 3,
      clicks: 1,
      conversions: 0,
      spend_in_micro_currency: 250_000,
    });
    expect(week.campaigns).toEqual([
      {
        campaign_id: String(p.campaignId),
        name: 'Spring sale',
        status: 'ACTIVE',
        impressions: 3,
        clicks: 1,
        conversions: 0,
        spend_in_micro_currency: 250_000,
      },
    ]);
    const month = dataOf(await p.browser.get(`/ads/v4/advertisers/${p.advertiserId}/reports/?days=30`));
    expect(month.totals).toEqual({
      impressions: 4,
      clicks: 1,
      conversions: 0,
      spend_in_micro_currency: 500_000,
    });
    // The default range is the last 7 days.
    expect(dataOf(await p.browser.get(`/ads/v4/advertisers/${p.advertiserId}/reports/`)).totals).toEqual(
      week.totals,
    );
  });

  it('counts conversions beside clicks; a conversion-priced campaign spends per conversion only', async () => {
    const p = await quickPromotedPin(t, {
      campaignName: 'Sign-ups',
      budget: 5_000_000,
      conversionEvent: 'SIGNUP',
    });
    const signup = {
      kind: 'conversion',
      conversionTagId: Number(p.conversionTagId),
      event: 'SIGNUP',
    } as const;
    expect(await view(p, 'impression', 'cpa')).toBe('counted');
    expect(await view(p, 'click', 'cpa', new Date(), nonce)).toBe('counted');
    expect(await view(p, signup, 'cpa', new Date(), nonce)).toBe('charged');
    // Another view, clicked and not converted.
    expect(await view(p, 'click', 'cpa')).toBe('counted');
    const week = dataOf(await p.browser.get(`/ads/v4/advertisers/${p.advertiserId}/reports/`));
    const results = { impressions: 1, clicks: 2, conversions: 1, spend_in_micro_currency: 250_000 };
    expect(week.totals).toEqual(results);
    expect(week.days.at(-1)).toEqual({ date: todayIn(p.timeZone), ...results });
    expect(week.campaigns).toEqual([
      { campaign_id: String(p.campaignId), name: 'Sign-ups', status: 'ACTIVE', ...results },
    ]);
  });

  it("shows only the ad account's own campaigns, and refuses another range in the envelope", async () => {
    const mine = await promotion('US', 'Mine');
    const theirs = await promotion('US', 'Theirs');
    await view(theirs, 'impression', 'cpm');
    const report = dataOf(await mine.browser.get(`/ads/v4/advertisers/${mine.advertiserId}/reports/`));
    expect(report.campaigns).toEqual([]);
    expect(report.totals.impressions).toBe(0);
    const other = await mine.browser.get(`/ads/v4/advertisers/${theirs.advertiserId}/reports/`);
    expect(other.status).toBe(404);
    expect(errorOf(other).code).toBe('advertiser_not_found');
    const bad = await mine.browser.get(`/ads/v4/advertisers/${mine.advertiserId}/reports/?days=9`);
    expect(bad.status).toBe(400);
    expect(errorOf(bad).code).toBe('invalid_request');
  });
});
