// @vitest-environment jsdom
import '../i18n.ts';
import type { Ad, AdGroup, Advertiser, BusinessRole, Campaign } from '@pinboard/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failure, success } from '../test/apiStub.ts';
import { ada, renderWithAuth, signedInViewer, stubAuthApi } from '../test/auth.tsx';
import { sentBodies } from '../test/settings.tsx';
import { AdsManagerPage } from './AdsManagerPage.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
});

const FIRST_RENDER = { timeout: 10_000 };

const advertiser = (role: BusinessRole = 'CAMPAIGN_MANAGER'): Advertiser => ({
  id: '55',
  name: 'Ada Machines',
  owner_user_id: ada.id,
  country: 'US',
  currency: 'USD',
  time_zone: 'America/New_York',
  role,
  has_billing_profile: true,
  billing_stopped_at: null,
  created_at: '2026-01-01T00:00:00.000Z',
});

const campaign = (overrides: Partial<Campaign> = {}): Campaign => ({
  id: '7',
  advertiser_id: '55',
  name: 'Spring sale',
  objective_type: 'CONSIDERATION',
  status: 'ACTIVE',
  budget_type: 'DAILY',
  budget_in_micro_currency: 7_000_000,
  lifetime_spend_cap_in_micro_currency: null,
  start_date: '2026-11-20',
  end_date: '2026-11-29',
  is_ongoing: false,
  ads_client_type: 'quick_promote',
  spend_in_micro_currency: 2_500_000,
  created_at: '2026-11-20T10:00:00.000Z',
  ...overrides,
});

const group: AdGroup = {
  id: '8',
  advertiser_id: '55',
  campaign_id: '7',
  name: 'Spring sale',
  status: 'ACTIVE',
  budget_type: 'DAILY',
  budget_in_micro_currency: 7_000_000,
  bid_strategy: 'AUTOMATIC',
  bid_in_micro_currency: null,
  auto_targeting_enabled: true,
  targeting_spec: { locations: ['US'] },
  conversion_tag_id: null,
  conversion_event: null,
  start_date: '2026-11-20',
  end_date: '2026-11-29',
  created_at: '2026-11-20T10:00:00.000Z',
};

const ad = (overrides: Partial<Ad> = {}): Ad => ({
  id: '9',
  advertiser_id: '55',
  campaign_id: '7',
  ad_group_id: '8',
  pin_id: '100',
  name: 'Spring sale',
  destination_url: 'https://ada.example.com/',
  status: 'ACTIVE',
  review_status: 'APPROVED',
  rejection_reason: null,
  created_at: '2026-11-20T10:00:00.000Z',
  ...overrides,
});

function open(answers: Parameters<typeof stubAuthApi>[1], role: BusinessRole = 'CAMPAIGN_MANAGER') {
  const fetch = stubAuthApi(signedInViewer(ada, { isPartner: true }), {
    listBusinessAccessProfiles: () => success({ profiles: {} }),
    getAdvertiser: () => success(advertiser(role)),
    listCampaigns: () => success([campaign()]),
    listAdGroups: () => success([group]),
    listAds: () =>
      success([
        ad(),
        ad({
          id: '10',
          name: 'Second look',
          review_status: 'REJECTED',
          rejection_reason: 'pin_on_secret_board',
        }),
      ]),
    ...answers,
  });
  renderWithAuth({
    routes: [{ path: 'advertiser/:advertiserId/ads', Component: AdsManagerPage }],
    path: '/advertiser/55/ads/',
  });
  return fetch;
}

describe('/advertiser/{id}/ads/', () => {
  it('shows each campaign with its budget, dates and spend, its ad groups and their ads with review', async () => {
    open({});
    const item = await screen.findByRole('article', { name: 'Spring sale' }, FIRST_RENDER);
    expect(
      within(item).getByText(/Active · \$7\.00 a day · 2026-11-20 to 2026-11-29 · \$2\.50 spent/),
    ).toBeTruthy();
    const ads = within(item).getByRole('list', { name: 'Ads: Spring sale' });
    expect(within(ads).getByText(/Spring sale · Active · Review: Approved/)).toBeTruthy();
    expect(
      within(ads).getByText(/Second look · Active · Review: Not approved · Its Pin is on a secret board\./),
    ).toBeTruthy();
    // A campaign manager sees no billing link; reporting is there for everyone.
    expect(screen.getByRole('link', { name: 'Reporting' }).getAttribute('href')).toBe(
      '/advertiser/55/reporting/',
    );
    expect(screen.queryByRole('link', { name: 'Billing' })).toBeNull();
  }, 30_000);

  it('pauses a campaign, and archives an ad group only after confirming', async () => {
    const fetch = open({
      updateCampaign: () => success(campaign({ status: 'PAUSED' })),
      updateAdGroup: () => success({ ...group, status: 'ARCHIVED' }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Pause: campaign Spring sale' }, FIRST_RENDER));
    await waitFor(() =>
      expect(sentBodies(fetch, '/ads/v4/advertisers/55/campaigns/7/', 'PATCH')).toEqual([
        { status: 'PAUSED' },
      ]),
    );
    const groups = screen.getByRole('region', { name: 'Ad groups of Spring sale' });
    fireEvent.click(within(groups).getByRole('button', { name: 'Archive: ad group Spring sale' }));
    expect(sentBodies(fetch, '/ads/v4/advertisers/55/ad_groups/8/', 'PATCH')).toEqual([]);
    fireEvent.click(within(groups).getByRole('button', { name: 'Archive for good' }));
    await waitFor(() =>
      expect(sentBodies(fetch, '/ads/v4/advertisers/55/ad_groups/8/', 'PATCH')).toEqual([
        { status: 'ARCHIVED' },
      ]),
    );
  }, 30_000);

  it('changes the budget and end date under the campaign rules, and shows a refusal', async () => {
    const fetch = open({
      updateCampaign: () =>
        failure(400, 'end_date_invalid', {
          field: 'end_date',
          message: 'Choose an end date after the start date, at most 365 days away.',
        }),
    });
    fireEvent.click(
      await screen.findByRole(
        'button',
        { name: 'Change budget or end date: campaign Spring sale' },
        FIRST_RENDER,
      ),
    );
    const form = screen.getByRole('form', { name: 'Budget and end date of Spring sale' });
    const budget = within(form).getByLabelText('Daily budget (USD)') as HTMLInputElement;
    expect(budget.value).toBe('7');
    fireEvent.change(budget, { target: { value: '2' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('The budget must be at least 3 USD.')).toBeTruthy();
    expect(sentBodies(fetch, '/ads/v4/advertisers/55/campaigns/7/', 'PATCH')).toEqual([]);

    fireEvent.change(budget, { target: { value: '12.5' } });
    fireEvent.change(within(form).getByLabelText('End date'), { target: { value: '2027-12-31' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(
      await within(form).findByText('Choose an end date after the start date, at most 365 days away.'),
    ).toBeTruthy();
    expect(sentBodies(fetch, '/ads/v4/advertisers/55/campaigns/7/', 'PATCH')).toEqual([
      { budget_in_micro_currency: 12_500_000, end_date: '2027-12-31' },
    ]);
  }, 30_000);

  it('lets an analyst see, not change; an archived campaign offers nothing to change', async () => {
    open(
      {
        listCampaigns: () =>
          success([campaign(), campaign({ id: '6', name: 'Old sale', status: 'ARCHIVED', end_date: null })]),
      },
      'ANALYST',
    );
    expect(
      await screen.findByText('Your role lets you see these campaigns, not change them.', {}, FIRST_RENDER),
    ).toBeTruthy();
    expect(screen.getByRole('article', { name: 'Old sale' })).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  }, 30_000);

  it("answers another business's ad account as a missing one", async () => {
    open({
      getAdvertiser: () =>
        failure(404, 'advertiser_not_found', { message: 'Sorry! We could not find that ad account.' }),
    });
    expect(
      await screen.findByText('Sorry! We could not find that ad account.', {}, FIRST_RENDER),
    ).toBeTruthy();
    expect(screen.queryByRole('article')).toBeNull();
  }, 30_000);
});
