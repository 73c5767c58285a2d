/**
 * The roles on every advertiser call (decision 55): each call of an ad account is tried by its
 * owner, an admin, a campaign manager and an analyst (all with two-factor login on), by a person
 * with no role and by the owner of another business. Who may not see the ad account gets exactly
 * the answer a missing one gets; a role without the permission gets `business_role_forbidden`;
 * nothing refused changes the database.
 */
import { sql } from 'drizzle-orm';
import { adsEndpoints } from '@pinboard/shared/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessMembers } from '../../src/db/schema/business.ts';
import { selectRows } from '../../src/db/sql-helpers.ts';
import { dataOf, signedInBrowser, type SignedInBrowser } from '../helpers/board-writes.ts';
import { errorOf } from '../helpers/browser.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;

const ROLES = ['owner', 'admin', 'campaignManager', 'analyst', 'stranger', 'otherBusiness'] as const;
type Role = (typeof ROLES)[number];
const VIEWERS: Role[] = ['owner', 'admin', 'campaignManager', 'analyst'];
const MANAGERS: Role[] = ['owner', 'admin', 'campaignManager'];
const BILLERS: Role[] = ['owner', 'admin'];

interface World {
  advertiserId: string;
  campaignId: string;
  adGroupId: string;
  adId: string;
  pinId: string;
}

interface Call {
  name: keyof typeof adsEndpoints;
  allowed: Role[];
  method: 'GET' | 'POST' | 'PUT' | 'PATCH';
  url(w: World): string;
  body?(w: World): unknown;
}

const base = (w: World) => `/ads/v4/advertisers/${w.advertiserId}`;
const CALLS: Call[] = [
  { name: 'getAdvertiser', allowed: VIEWERS, method: 'GET', url: (w) => `${base(w)}/` },
  { name: 'listCampaigns', allowed: VIEWERS, method: 'GET', url: (w) => `${base(w)}/campaigns/` },
  {
    name: 'createCampaign',
    allowed: MANAGERS,
    method: 'POST',
    url: (w) => `${base(w)}/campaigns/`,
    body: () => ({
      name: 'C',
      objective_type: 'CONSIDERATION',
      budget_type: 'DAILY',
      budget_in_micro_currency: 5_000_000,
    }),
  },
  {
    name: 'updateCampaign',
    allowed: MANAGERS,
    method: 'PATCH',
    url: (w) => `${base(w)}/campaigns/${w.campaignId}/`,
    body: () => ({ status: 'PAUSED' }),
  },
  { name: 'listAdGroups', allowed: VIEWERS, method: 'GET', url: (w) => `${base(w)}/ad_groups/` },
  {
    name: 'createAdGroup',
    allowed: MANAGERS,
    method: 'POST',
    url: (w) => `${base(w)}/ad_groups/`,
    body: (w) => ({ campaign_id: w.campaignId, name: 'G' }),
  },
  {
    name: 'updateAdGroup',
    allowed: MANAGERS,
    method: 'PATCH',
    url: (w) => `${base(w)}/ad_groups/${w.adGroupId}/`,
    body: () => ({ name: 'Renamed' }),
  },
  { name: 'listAds', allowed: VIEWERS, method: 'GET', url: (w) => `${base(w)}/ads/` },
  {
    name: 'createAd',
    allowed: MANAGERS,
    method: 'POST',
    url: (w) => `${base(w)}/ads/`,
    body: (w) => ({ ad_group_id: w.adGroupId, pin_id: w.pinId }),
  },
  {
    name: 'updateAd',
    allowed: MANAGERS,
    method: 'PATCH',
    url: (w) => `${base(w)}/ads/${w.adId}/`,
    body: () => ({ status: 'PAUSED' }),
  },
  { name: 'getAdvertiserReport', allowed: VIEWERS, method: 'GET', url: (w) => `${base(w)}/reports/?days=30` },
  { name: 'listConversionTags', allowed: VIEWERS, method: 'GET', url: (w) => `${base(w)}/conversion_tags/` },
  {
    name: 'createConversionTag',
    allowed: MANAGERS,
    method: 'POST',
    url: (w) => `${base(w)}/conversion_tags/`,
    body: () => ({ name: 'Tag' }),
  },
  { name: 'getBillingProfile', allowed: BILLERS, method: 'GET', url: (w) => `${base(w)}/billing_profile/` },
  {
    name: 'putBillingProfile',
    allowed: BILLERS,
    method: 'PUT',
    url: (w) => `${base(w)}/billing_profile/`,
    body: () => ({ business_name: 'B', address: 'A street' }),
  },
  { name: 'listInvoices', allowed: BILLERS, method: 'GET', url: (w) => `${base(w)}/invoices/` },
  {
    name: 'quickPromotePin',
    allowed: MANAGERS,
    method: 'POST',
    url: (w) => `${base(w)}/pins/${w.pinId}/quick_promote/`,
    body: (w) => ({
      budget_in_micro_currency: 7_000_000,
      campaign_name: 'Q',
      destination_url: null,
      duration: 10,
      auto_targeting_enabled: true,
      is_ongoing: true,
      start_now: true,
      targeting_spec: {},
      advertiser_id: w.advertiserId,
      ads_client_type: 'quick_promote',
      pin_id: w.pinId,
      product_group_id: null,
      flexible_daily_budget_enabled: false,
    }),
  },
];
/** Calls that address no one ad account: they list or open the viewer's own. */
const NOT_ADDRESSED = ['listAdvertisers', 'createAdvertiser'];

const browsers = {} as Record<Role, SignedInBrowser>;
let owner: SignedInBrowser;

/** A business with an ad account, billing, a campaign, an ad group and an ad of its pin. */
async function buildWorld(): Promise<World> {
  const { profile, advertiser } = dataOf(
    await owner.post('/v3/business/create/', { business_name: 'Roles Inc', country: 'US' }),
  );
  const board = await t.make.board(Number(profile.id));
  const pin = await t.make.pin(Number(profile.id), board.id);
  await owner.put(`/ads/v4/advertisers/${advertiser.id}/billing_profile/`, {
    business_name: 'R',
    address: 'S',
  });
  const made = dataOf(
    await owner.post(
      `/ads/v4/advertisers/${advertiser.id}/pins/${pin.id}/quick_promote/`,
      CALLS.find((c) => c.name === 'quickPromotePin')!.body!({
        advertiserId: advertiser.id,
        pinId: String(pin.id),
      } as World),
    ),
  );
  for (const [role, member] of [
    ['ADMIN', browsers.admin],
    ['CAMPAIGN_MANAGER', browsers.campaignManager],
    ['ANALYST', browsers.analyst],
  ] as const) {
    await t.db
      .insert(businessMembers)
      .values({ profileId: Number(profile.id), memberId: member.userId, role });
  }
  return {
    advertiserId: advertiser.id,
    campaignId: made.campaign.id,
    adGroupId: made.ad_group.id,
    adId: made.ad.id,
    pinId: String(pin.id),
  };
}

async function fingerprint(): Promise<string> {
  const rows = await selectRows<{ f: string }>(
    t.db,
    sql`select (select count(*) from campaigns) || '/' || (select count(*) from ad_groups) || '/' ||
      (select count(*) from ads) || '/' || (select count(*) from conversion_tags) || '/' ||
      (select count(*) from billing_profiles) || '/' ||
      (select coalesce(string_agg(status || name || budget_micro, ',' order by id), '') from campaigns) || '/' ||
      (select coalesce(string_agg(status || name, ',' order by id), '') from ad_groups) || '/' ||
      (select coalesce(string_agg(status || name, ',' order by id), '') from ads) || '/' ||
      (select coalesce(string_agg(business_name || address, ',' order by advertiser_id), '') from billing_profiles) as f`,
  );
  return rows[0]!.f;
}

beforeAll(async () => {
  t = await createTestApp();
  for (const role of ROLES) {
    const user = await t.make.user({ twoFactorEnabled: role !== 'owner' });
    browsers[role] = await signedInBrowser(t, user.id);
  }
  owner = browsers.owner;
  await browsers.otherBusiness.post('/v3/business/convert/', { business_name: 'Other', country: 'US' });
}, 60_000);
afterAll(() => t.close());

describe('roles on every advertiser call', () => {
  it('covers every call of an ad account', () => {
    const covered = [...CALLS.map((c) => c.name), ...NOT_ADDRESSED].sort();
    expect(covered).toEqual(Object.keys(adsEndpoints).sort());
  });

  for (const call of CALLS) {
    it(`${call.name}: ${call.allowed.join(', ')} only`, async () => {
      const world = await buildWorld();
      const missing: World = { ...world, advertiserId: '999999999' };
      for (const role of ROLES) {
        const browser = browsers[role];
        const send = (w: World) => browser.request(call.method, call.url(w), call.body?.(w));
        const before = await fingerprint();
        const response = await send(world);
        if (call.allowed.includes(role)) {
          expect(response.status, `${role}: ${JSON.stringify(response.body)}`).toBe(200);
          continue;
        }
        expect(response.status, role).toBeGreaterThanOrEqual(400);
        if (VIEWERS.includes(role)) {
          expect(errorOf(response).code, role).toBe('business_role_forbidden');
        } else {
          const twin = await send(missing);
          expect(response.status, role).toBe(404);
          expect(response.body, role).toEqual(twin.body);
          expect(errorOf(response).code).toBe('advertiser_not_found');
        }
        expect(await fingerprint(), `${role} changed nothing`).toBe(before);
      }
    }, 60_000);
  }

  it("lists no other business's ad accounts, and the acting profile's only when asked", async () => {
    const world = await buildWorld();
    const ids = (list: { id: string }[]) => list.map((a) => a.id);
    expect(ids(dataOf(await browsers.stranger.get('/ads/v4/advertisers/')))).toEqual([]);
    expect(ids(dataOf(await browsers.otherBusiness.get('/ads/v4/advertisers/')))).not.toContain(
      world.advertiserId,
    );
    expect(ids(dataOf(await browsers.analyst.get('/ads/v4/advertisers/')))).toContain(world.advertiserId);
    const ownOnly = dataOf(
      await browsers.analyst.get(`/ads/v4/advertisers/?acting_as=${browsers.analyst.userId}`),
    );
    expect(ids(ownOnly)).not.toContain(world.advertiserId);
  });

  it('opens ad accounts for a profile only with manage_ad_accounts on it', async () => {
    const { profile } = dataOf(
      await owner.post('/v3/business/create/', { business_name: 'More', country: 'US' }),
    );
    await t.db
      .insert(businessMembers)
      .values({ profileId: Number(profile.id), memberId: browsers.analyst.userId, role: 'ANALYST' });
    const body = { name: 'Second', country: 'SE', business_profile_id: profile.id };
    expect(errorOf(await browsers.analyst.post('/ads/v4/advertisers/', body)).code).toBe(
      'business_role_forbidden',
    );
    expect(errorOf(await browsers.stranger.post('/ads/v4/advertisers/', body)).code).toBe(
      'business_profile_not_found',
    );
    expect(dataOf(await owner.post('/ads/v4/advertisers/', body))).toMatchObject({
      currency: 'SEK',
      country: 'SE',
    });
  });
});
