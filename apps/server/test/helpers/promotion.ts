import { expect } from 'vitest';
import { dataOf, signedInBrowser, type SignedInBrowser } from './board-writes.ts';
import type { TestApp } from './test-app.ts';

/** A business's quick-promoted pin, as the tests of serving, spend, billing and the Ads manager use it. */
export interface Promotion {
  browser: SignedInBrowser;
  advertiserId: string;
  pinId: string;
  boardId: number;
  campaignId: number;
  adGroupId: number;
  adId: number;
  timeZone: string;
  /** A WEB_CONVERSION promotion's conversion tag; null for the others. */
  conversionTagId: string | null;
}

export interface PromotionOptions {
  country?: string;
  campaignName?: string;
  /** The pin's title. */
  title?: string;
  /** Daily budget in micro currency. */
  budget?: number;
  targeting?: Record<string, unknown>;
  auto?: boolean;
  /** A WEB_CONVERSION campaign optimised for this event of a new conversion tag (else CONSIDERATION). */
  conversionEvent?: string;
}

/**
 * A new business (converted from a new person) in `country` with billing details, quick-promoting a
 * public pin of its own through the API for 10 days with a daily budget; the ad is approved.
 */
export async function quickPromotedPin(t: TestApp, options: PromotionOptions = {}): Promise<Promotion> {
  const browser = await signedInBrowser(t);
  const { advertiser } = dataOf(
    await browser.post('/v3/business/convert/', {
      business_name: 'Oven Co',
      country: options.country ?? 'US',
    }),
  );
  const board = await t.make.board(browser.userId);
  const pin = await t.make.pin(browser.userId, board.id, {
    link: 'https://oven.example.com/bread',
    title: options.title ?? 'Sourdough loaf',
  });
  const billing = await browser.put(`/ads/v4/advertisers/${advertiser.id}/billing_profile/`, {
    business_name: 'Oven Co',
    address: '1 Main Street',
  });
  expect(billing.status).toBe(200);
  const tag =
    options.conversionEvent === undefined
      ? null
      : dataOf(await browser.post(`/ads/v4/advertisers/${advertiser.id}/conversion_tags/`, { name: 'Site' }));
  const response = await browser.post(`/ads/v4/advertisers/${advertiser.id}/pins/${pin.id}/quick_promote/`, {
    budget_in_micro_currency: options.budget ?? 7_000_000,
    campaign_name: options.campaignName ?? 'Bread',
    destination_url: 'https://oven.example.com/bread',
    duration: 10,
    auto_targeting_enabled: options.auto ?? true,
    is_ongoing: false,
    start_now: true,
    targeting_spec: options.targeting ?? {},
    advertiser_id: advertiser.id,
    ads_client_type: 'quick_promote',
    pin_id: String(pin.id),
    product_group_id: null,
    flexible_daily_budget_enabled: false,
    ...(tag
      ? {
          objective_type: 'WEB_CONVERSION',
          optimization_goal_metadata: {
            conversion_tag_v3_goal_metadata: {
              conversion_tag_id: tag.id,
              conversion_event: options.conversionEvent,
            },
          },
        }
      : {}),
  });
  expect(response.status).toBe(200);
  const data = dataOf(response);
  expect(data.ad.review_status).toBe('APPROVED');
  return {
    browser,
    advertiserId: advertiser.id,
    pinId: String(pin.id),
    boardId: board.id,
    campaignId: Number(data.campaign.id),
    adGroupId: Number(data.ad_group.id),
    adId: Number(data.ad.id),
    timeZone: advertiser.time_zone,
    conversionTagId: tag ? String(tag.id) : null,
  };
}
