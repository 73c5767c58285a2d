import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { campaigns } from '../../src/db/schema/business.ts';
import { addOffsiteRule } from '../../src/modules/offsite/offsite-rules.service.ts';
import { todayIn } from '../../src/modules/business/business.presenter.ts';
import { addDays } from '../../src/modules/business/campaign-rules.ts';
import { dataOf, signedInBrowser, type SignedInBrowser } from '../helpers/board-writes.ts';
import { errorOf } from '../helpers/browser.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface Business {
  browser: SignedInBrowser;
  advertiserId: string;
  boardId: number;
  pinId: string;
  timeZone: string;
}

/** A person turned business in `country`, with a public pin of their own and billing details. */
async function business(country = 'US', options: { billing?: boolean } = {}): Promise<Business> {
  const browser = await signedInBrowser(t);
  const { advertiser } = dataOf(
    await browser.post('/v3/business/convert/', { business_name: 'Shop', country }),
  );
  const board = await t.make.board(browser.userId);
  const pin = await t.make.pin(browser.userId, board.id, { link: 'https://shop.example.com/item' });
  if (options.billing !== false) {
    const billing = await browser.put(`/ads/v4/advertisers/${advertiser.id}/billing_profile/`, {
      business_name: 'Shop Ltd',
      address: '1 Main Street',
    });
    expect(billing.status).toBe(200);
  }
  return {
    browser,
    advertiserId: advertiser.id,
    boardId: board.id,
    pinId: String(pin.id),
    timeZone: advertiser.time_zone,
  };
}

function body(b: Business, overrides: Record<string, unknown> = {}) {
  return {
    budget_in_micro_currency: 7_000_000,
    campaign_name: 'Spring sale',
    destination_url: 'https://shop.example.com/item',
    duration: 10,
    auto_targeting_enabled: true,
    is_ongoing: false,
    start_now: true,
    targeting_spec: { ages: ['25-34'], genders: ['female'], interests: ['baking'] },
    advertiser_id: b.advertiserId,
    ads_client_type: 'quick_promote',
    pin_id: b.pinId,
    product_group_id: null,
    flexible_daily_budget_enabled: false,
    ...overrides,
  };
}

const promote = (b: Business, overrides: Record<string, unknown> = {}, pinId = b.pinId) =>
  b.browser.post(`/ads/v4/advertisers/${b.advertiserId}/pins/${pinId}/quick_promote/`, body(b, overrides));

const campaignCount = async (advertiserId: string) =>
  (
    await t.db
      .select()
      .from(campaigns)
      .where(eq(campaigns.advertiserId, Number(advertiserId)))
  ).length;

describe('POST /ads/v4/advertisers/{advertiserId}/pins/{pinId}/quick_promote/', () => {
  it('makes an active campaign, its ad group and an approved ad, with the billing link', async () => {
    const b = await business();
    const response = await promote(b);
    expect(response.status).toBe(200);
    const data = dataOf(response);
    const today = todayIn(b.timeZone);
    expect(data.campaign).toMatchObject({
      name: 'Spring sale',
      objective_type: 'CONSIDERATION',
      status: 'ACTIVE',
      budget_type: 'DAILY',
      budget_in_micro_currency: 7_000_000,
      start_date: today,
      end_date: addDays(today, 9),
      is_ongoing: false,
      ads_client_type: 'quick_promote',
    });
    expect(data.ad_group).toMatchObject({
      auto_targeting_enabled: true,
      targeting_spec: { ages: ['25-34'], genders: ['female'], interests: ['baking'], locations: ['US'] },
    });
    expect(data.ad).toMatchObject({ pin_id: b.pinId, review_status: 'APPROVED', rejection_reason: null });
    expect(data.billing_url).toBe(
      `/advertiser/${b.advertiserId}/billing/?campaign_id=${data.campaign.id}&objective_type=CLICKTHROUGH&is_quick_promote=true`,
    );
    const listed = dataOf(await b.browser.get(`/ads/v4/advertisers/${b.advertiserId}/campaigns/`));
    expect(listed.map((c: { id: string }) => c.id)).toEqual([data.campaign.id]);
  });

  it.each([
    ['US', 2_999_999, 3_000_000],
    ['GB', 999_999, 1_000_000],
    ['CZ', 79_999_999, 80_000_000],
    ['SE', 9_999_999, 10_000_000],
    ['NO', 9_999_999, 10_000_000],
    ['DK', 6_999_999, 7_000_000],
    ['AU', 1_999_999, 2_000_000],
  ])("keeps %s's budget at its minimum or more", async (country, below, minimum) => {
    const b = await business(country);
    const refused = await promote(b, { budget_in_micro_currency: below });
    expect(refused.status).toBe(400);
    expect(errorOf(refused)).toMatchObject({
      code: 'budget_below_minimum',
      field: 'budget_in_micro_currency',
    });
    expect(errorOf(refused).message_detail).toBe(errorOf(refused).message);
    expect(await campaignCount(b.advertiserId)).toBe(0);
    expect((await promote(b, { budget_in_micro_currency: minimum })).status).toBe(200);
  });

  it('takes a budget of at most 1,000,000', async () => {
    const b = await business();
    expect((await promote(b, { budget_in_micro_currency: 1_000_000_000_000 })).status).toBe(200);
    const above = await promote(b, { budget_in_micro_currency: 1_000_000_000_001 });
    expect(errorOf(above).code).toBe('budget_above_maximum');
    for (const bad of [0, -5, 1.5, '7000000', null]) {
      const response = await promote(b, { budget_in_micro_currency: bad });
      expect(response.status, String(bad)).toBe(400);
      expect(errorOf(response).field).toBe('budget_in_micro_currency');
    }
  });

  it('cuts a name of 64 characters or more to 62 and an ellipsis; refuses a longer one or none', async () => {
    const b = await business();
    const sixtyThree = 'a'.repeat(63);
    expect(dataOf(await promote(b, { campaign_name: sixtyThree })).campaign.name).toBe(sixtyThree);
    expect(dataOf(await promote(b, { campaign_name: 'b'.repeat(64) })).campaign.name).toBe(
      `${'b'.repeat(62)}…`,
    );
    expect((await promote(b, { campaign_name: 'c'.repeat(65) })).status).toBe(400);
    expect((await promote(b, { campaign_name: '  ' })).status).toBe(400);
  });

  it('ends an ongoing campaign never, else on the inclusive end date sent or after the duration', async () => {
    const b = await business();
    const today = todayIn(b.timeZone);
    const ongoing = dataOf(
      await promote(b, { is_ongoing: true, inclusive_end_date: addDays(today, 3) }),
    ).campaign;
    expect(ongoing).toMatchObject({ end_date: null, is_ongoing: true });
    const dated = dataOf(await promote(b, { inclusive_end_date: addDays(today, 3) })).campaign;
    expect(dated.end_date).toBe(addDays(today, 3));
    expect(dataOf(await promote(b, { duration: 365 })).campaign.end_date).toBe(addDays(today, 364));
    for (const duration of [0, 366, 2.5]) {
      expect((await promote(b, { duration })).status, String(duration)).toBe(400);
    }
    expect(errorOf(await promote(b, { inclusive_end_date: addDays(today, -1) })).code).toBe(
      'end_date_invalid',
    );
    expect(errorOf(await promote(b, { inclusive_end_date: addDays(today, 365) })).code).toBe(
      'end_date_invalid',
    );
    expect((await promote(b, { inclusive_end_date: '2026-02-30' })).status).toBe(400);
  });

  it('needs the ad account and pin of the address, the business’s own pin and billing details', async () => {
    const b = await business();
    expect(errorOf(await promote(b, { pin_id: '123' })).code).toBe('quick_promote_mismatch');
    expect(errorOf(await promote(b, { advertiser_id: '123' })).code).toBe('quick_promote_mismatch');
    const other = await t.make.user();
    const otherPin = await t.make.pin(other.id, (await t.make.board(other.id)).id);
    const notOwn = await promote(b, { pin_id: String(otherPin.id) }, String(otherPin.id));
    expect(errorOf(notOwn).code).toBe('pin_not_promotable');
    const unbilled = await business('US', { billing: false });
    expect(errorOf(await promote(unbilled)).code).toBe('billing_profile_required');
    expect(errorOf(await promote(b, { destination_url: 'javascript:alert(1)' })).code).toBe(
      'promote_destination_required',
    );
    expect(errorOf(await promote(b, { start_now: false })).code).toBe('invalid_request');
    expect(errorOf(await promote(b, { ads_client_type: 'other' })).code).toBe('invalid_request');
    expect(await campaignCount(b.advertiserId)).toBe(0);
  });

  it('makes a web-conversion campaign with a conversion tag of the ad account only', async () => {
    const b = await business();
    const tag = dataOf(
      await b.browser.post(`/ads/v4/advertisers/${b.advertiserId}/conversion_tags/`, { name: 'Site' }),
    );
    const goal = (id: string) => ({
      objective_type: 'WEB_CONVERSION',
      optimization_goal_metadata: {
        conversion_tag_v3_goal_metadata: { conversion_tag_id: id, conversion_event: 'CHECKOUT' },
      },
    });
    const made = dataOf(await promote(b, goal(tag.id)));
    expect(made.campaign.objective_type).toBe('WEB_CONVERSION');
    expect(made.ad_group).toMatchObject({ conversion_tag_id: tag.id, conversion_event: 'CHECKOUT' });
    expect(errorOf(await promote(b, { objective_type: 'WEB_CONVERSION' })).code).toBe(
      'conversion_tag_required',
    );
    const other = await business();
    const theirs = dataOf(
      await other.browser.post(`/ads/v4/advertisers/${other.advertiserId}/conversion_tags/`, {
        name: 'Theirs',
      }),
    );
    expect(errorOf(await promote(b, goal(theirs.id))).code).toBe('conversion_tag_not_found');
  });
});

describe('the automatic review', () => {
  it('rejects an ad whose link an outbound rule stops', async () => {
    const b = await business();
    await addOffsiteRule(t.db, { domain: 'blocked-shop.example', status: 'blocked' });
    const ad = dataOf(await promote(b, { destination_url: 'https://www.blocked-shop.example/x' })).ad;
    expect(ad).toMatchObject({ review_status: 'REJECTED', rejection_reason: 'link_blocked' });
  });

  it('rejects an ad of a pin on a secret board, and again when a board turns secret', async () => {
    const b = await business();
    const secret = await t.make.board(b.browser.userId, { privacy: 'secret' });
    const hidden = await t.make.pin(b.browser.userId, secret.id);
    const ad = dataOf(await promote(b, { pin_id: String(hidden.id) }, String(hidden.id))).ad;
    expect(ad).toMatchObject({ review_status: 'REJECTED', rejection_reason: 'pin_on_secret_board' });

    const approved = dataOf(await promote(b)).ad;
    expect(approved.review_status).toBe('APPROVED');
    expect((await b.browser.patch(`/v3/boards/${b.boardId}/`, { privacy: 'secret' })).status).toBe(200);
    const ads = dataOf(await b.browser.get(`/ads/v4/advertisers/${b.advertiserId}/ads/`));
    expect(ads.find((a: { id: string }) => a.id === approved.id)).toMatchObject({
      review_status: 'REJECTED',
      rejection_reason: 'pin_on_secret_board',
    });
  });

  it('rejects the ads of a pin that is deleted', async () => {
    const b = await business();
    const ad = dataOf(await promote(b)).ad;
    expect((await b.browser.del(`/v3/pins/${b.pinId}/`)).status).toBe(200);
    const [after] = dataOf(await b.browser.get(`/ads/v4/advertisers/${b.advertiserId}/ads/`));
    expect(after).toMatchObject({
      id: ad.id,
      pin_id: null,
      review_status: 'REJECTED',
      rejection_reason: 'pin_removed',
    });
  });
});

describe('campaigns, ad groups and ads', () => {
  it('pauses, resumes and archives a campaign (archiving its ad groups and ads); archived stays archived', async () => {
    const b = await business();
    const made = dataOf(await promote(b));
    const url = `/ads/v4/advertisers/${b.advertiserId}/campaigns/${made.campaign.id}/`;
    expect(dataOf(await b.browser.patch(url, { status: 'PAUSED' })).status).toBe('PAUSED');
    expect(
      dataOf(await b.browser.patch(url, { status: 'ACTIVE', budget_in_micro_currency: 9_000_000 })),
    ).toMatchObject({
      status: 'ACTIVE',
      budget_in_micro_currency: 9_000_000,
    });
    expect(errorOf(await b.browser.patch(url, { budget_in_micro_currency: 1 })).code).toBe(
      'budget_below_minimum',
    );
    expect(errorOf(await b.browser.patch(url, { status: 'COMPLETED' })).code).toBe('invalid_request');
    expect(dataOf(await b.browser.patch(url, { status: 'ARCHIVED' })).status).toBe('ARCHIVED');
    expect(errorOf(await b.browser.patch(url, { status: 'ACTIVE' })).code).toBe('campaign_status_final');
    const [ad] = dataOf(
      await b.browser.get(`/ads/v4/advertisers/${b.advertiserId}/ads/?campaign_id=${made.campaign.id}`),
    );
    expect(ad.status).toBe('ARCHIVED');
  });

  it('creates a campaign with a lifetime budget, an ad group in it and an ad of a pin', async () => {
    const b = await business('GB');
    const campaign = dataOf(
      await b.browser.post(`/ads/v4/advertisers/${b.advertiserId}/campaigns/`, {
        name: 'Autumn',
        objective_type: 'CONSIDERATION',
        budget_type: 'LIFETIME',
        budget_in_micro_currency: 50_000_000,
      }),
    );
    expect(campaign).toMatchObject({ budget_type: 'LIFETIME', status: 'ACTIVE', end_date: null });
    const group = dataOf(
      await b.browser.post(`/ads/v4/advertisers/${b.advertiserId}/ad_groups/`, {
        campaign_id: campaign.id,
        name: 'Group',
        bid_strategy: 'MAX_BID',
        bid_in_micro_currency: 500_000,
        targeting_spec: { genders: ['male'] },
      }),
    );
    expect(group).toMatchObject({
      campaign_id: campaign.id,
      targeting_spec: { genders: ['male'], locations: ['GB'] },
    });
    const ad = dataOf(
      await b.browser.post(`/ads/v4/advertisers/${b.advertiserId}/ads/`, {
        ad_group_id: group.id,
        pin_id: b.pinId,
      }),
    );
    expect(ad).toMatchObject({ campaign_id: campaign.id, review_status: 'APPROVED' });
    const paused = await b.browser.patch(`/ads/v4/advertisers/${b.advertiserId}/ads/${ad.id}/`, {
      status: 'PAUSED',
    });
    expect(dataOf(paused).status).toBe('PAUSED');
    const other = await business();
    const foreign = await other.browser.post(`/ads/v4/advertisers/${other.advertiserId}/ad_groups/`, {
      campaign_id: campaign.id,
      name: 'Theirs',
    });
    expect(errorOf(foreign).code).toBe('campaign_not_found');
  });
});
