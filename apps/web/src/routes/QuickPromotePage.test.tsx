// @vitest-environment jsdom
import '../i18n.ts';
import type { Advertiser, BusinessAccessProfile, QuickPromoteResult } from '@pinboard/shared';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failure, success } from '../test/apiStub.ts';
import { ada, renderWithAuth, signedInViewer, stubAuthApi } from '../test/auth.tsx';
import { buildPin } from '../test/pins.ts';
import { sentBodies } from '../test/settings.tsx';
import { QuickPromotePage } from './QuickPromotePage.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
});

const profile: BusinessAccessProfile = {
  id: ada.id,
  permissions: ['OWNER'],
  user: {
    username: ada.username,
    businessName: 'Ada Machines',
    imgUrl: null,
    merchantId: null,
    scheduledPinCount: 0,
    eligibleForStlTool: false,
  },
  viewerMeetsMfaRequirement: false,
};

const advertiser = (overrides: Partial<Advertiser> = {}): Advertiser => ({
  id: '55',
  name: 'Ada Machines',
  owner_user_id: ada.id,
  country: 'US',
  currency: 'USD',
  time_zone: 'America/New_York',
  role: 'OWNER',
  has_billing_profile: false,
  billing_stopped_at: null,
  created_at: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

const pin = buildPin({ id: '101', title: 'Brass gears', link: 'https://ada.example.com/gears' });

function promoted(review: 'APPROVED' | 'REJECTED' = 'APPROVED'): QuickPromoteResult {
  const campaign = {
    id: '7',
    advertiser_id: '55',
    name: 'Brass gears',
    objective_type: 'CONSIDERATION' as const,
    status: 'ACTIVE' as const,
    budget_type: 'DAILY' as const,
    budget_in_micro_currency: 7_000_000,
    lifetime_spend_cap_in_micro_currency: null,
    start_date: '2026-11-26',
    end_date: '2026-12-05',
    is_ongoing: false,
    ads_client_type: 'quick_promote',
    spend_in_micro_currency: 0,
    created_at: '2026-11-26T00:00:00.000Z',
  };
  return {
    campaign,
    ad_group: {
      id: '8',
      advertiser_id: '55',
      campaign_id: '7',
      name: 'Brass gears',
      status: 'ACTIVE',
      budget_type: 'DAILY',
      budget_in_micro_currency: 7_000_000,
      bid_strategy: 'AUTOMATIC',
      bid_in_micro_currency: null,
      auto_targeting_enabled: true,
      targeting_spec: { locations: ['US'] },
      conversion_tag_id: null,
      conversion_event: null,
      start_date: '2026-11-26',
      end_date: '2026-12-05',
      created_at: '2026-11-26T00:00:00.000Z',
    },
    ad: {
      id: '9',
      advertiser_id: '55',
      campaign_id: '7',
      ad_group_id: '8',
      pin_id: '101',
      name: 'Brass gears',
      destination_url: 'https://ada.example.com/gears',
      status: 'ACTIVE',
      review_status: review,
      rejection_reason: review === 'REJECTED' ? 'link_blocked' : null,
      created_at: '2026-11-26T00:00:00.000Z',
    },
    billing_url: '/advertiser/55/billing/?campaign_id=7&objective_type=CLICKTHROUGH&is_quick_promote=true',
  };
}

function open(advertisers: Advertiser[], answers: Parameters<typeof stubAuthApi>[1] = {}, partner = true) {
  const fetch = stubAuthApi(signedInViewer(ada, { isPartner: partner }), {
    listBusinessAccessProfiles: () => success({ profiles: { [ada.id]: profile } }),
    listAdvertisers: () => success(advertisers),
    getPin: () => success(pin),
    ...answers,
  });
  renderWithAuth({
    routes: [{ path: 'advertiser/quick_promote', Component: QuickPromotePage }],
    path: '/advertiser/quick_promote?pinId=101',
  });
  return fetch;
}

const promoteBodies = (fetch: ReturnType<typeof open>) =>
  sentBodies(fetch, '/ads/v4/advertisers/55/pins/101/quick_promote/', 'POST') as Record<string, unknown>[];

describe('quick promote steps', () => {
  it('starts with the country default budget and duration, then the billing form, then success', async () => {
    const fetch = open([advertiser()], {
      putBillingProfile: () =>
        success({
          advertiser_id: '55',
          business_name: 'Ada Ltd',
          address: '1 Engine Row',
          country: 'US',
          currency: 'USD',
          tax_id: null,
          payment_method: 'invoice',
          payment_account: { reference: 'PB-00000055', instructions: 'Pay by transfer.' },
          billing_stopped_at: null,
        }),
      quickPromotePin: () => success(promoted()),
    });
    const budget = (await screen.findByLabelText(
      'Daily budget (USD)',
      {},
      { timeout: 10_000 },
    )) as HTMLInputElement;
    expect(budget.value).toBe('7');
    expect((screen.getByLabelText('Duration (days)') as HTMLInputElement).value).toBe('10');
    expect((screen.getByLabelText('Campaign name') as HTMLInputElement).value).toBe('Brass gears');
    fireEvent.click(screen.getByRole('button', { name: 'Promote' }));
    // Business details are valid (an ad account), billing is not: the billing form.
    await screen.findByRole('heading', { name: 'Billing details' });
    expect(promoteBodies(fetch)).toEqual([]);
    fireEvent.change(screen.getByLabelText('Business name on invoices'), { target: { value: 'Ada Ltd' } });
    fireEvent.change(screen.getByLabelText('Billing address'), { target: { value: '1 Engine Row' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save and promote' }));
    await screen.findByRole('heading', { name: 'Your Pin is promoted' });
    expect(screen.getByText('Your ad passed review and is running.')).toBeTruthy();
    const [body] = promoteBodies(fetch);
    expect(body).toMatchObject({
      budget_in_micro_currency: 7_000_000,
      campaign_name: 'Brass gears',
      destination_url: 'https://ada.example.com/gears',
      duration: 10,
      is_ongoing: false,
      start_now: true,
      advertiser_id: '55',
      ads_client_type: 'quick_promote',
      pin_id: '101',
      product_group_id: null,
      flexible_daily_budget_enabled: false,
      auto_targeting_enabled: true,
    });
    expect(body).not.toHaveProperty('inclusive_end_date');
    expect(body).not.toHaveProperty('objective_type');
    expect(screen.getByRole('link', { name: 'Billing details' }).getAttribute('href')).toBe(
      promoted().billing_url,
    );
    expect(screen.getByRole('link', { name: 'Manage this campaign' }).getAttribute('href')).toBe(
      `/advertiser/${promoted().campaign.advertiser_id}/ads/`,
    );
  }, 30_000);

  it('goes straight to success when business and billing details are valid, and says why review refused it', async () => {
    open([advertiser({ has_billing_profile: true })], {
      quickPromotePin: () => success(promoted('REJECTED')),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Promote' }, { timeout: 10_000 }));
    await screen.findByRole('heading', { name: 'Your Pin is promoted' });
    expect(
      screen.getByText('Your ad was not approved: Its link goes to a website we do not allow.'),
    ).toBeTruthy();
  }, 30_000);

  it('shows a refusal with message_detail in the error modal, and on the pin for 401', async () => {
    open([advertiser({ has_billing_profile: true })], {
      quickPromotePin: () =>
        failure(400, 'budget_below_minimum', { messageDetail: 'Your budget is too low.' }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Promote' }, { timeout: 10_000 }));
    const modal = await screen.findByRole('alertdialog');
    expect(modal.textContent).toContain('Your budget is too low.');
    cleanup();
    vi.unstubAllGlobals();

    open([advertiser({ has_billing_profile: true })], {
      quickPromotePin: () => failure(401, 'auth_required', { messageDetail: 'Log in again.' }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Promote' }, { timeout: 10_000 }));
    expect((await screen.findByRole('alert')).textContent).toBe('Log in again.');
    expect(screen.queryByRole('alertdialog')).toBeNull();
  }, 30_000);

  it('asks for the business details first without an ad account, then billing', async () => {
    const fetch = open(
      [],
      { convertToBusiness: () => success({ profile, advertiser: advertiser() }) },
      false,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Promote' }, { timeout: 10_000 }));
    await screen.findByRole('heading', { name: 'Tell us about your business' });
    fireEvent.change(screen.getByLabelText('Business name'), { target: { value: 'Ada Machines' } });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { name: 'Billing details' });
    expect(sentBodies(fetch, '/v3/business/convert/', 'POST')).toEqual([
      { business_name: 'Ada Machines', country: 'US' },
    ]);
  }, 30_000);

  it("keeps the budget at the country's minimum and sends nothing below it", async () => {
    const fetch = open([advertiser({ country: 'SE', currency: 'SEK', has_billing_profile: true })]);
    const budget = (await screen.findByLabelText(
      'Daily budget (SEK)',
      {},
      { timeout: 10_000 },
    )) as HTMLInputElement;
    expect(budget.value).toBe('70');
    expect((screen.getByLabelText('Duration (days)') as HTMLInputElement).value).toBe('30');
    fireEvent.change(budget, { target: { value: '9' } });
    expect(screen.getByText('Your daily budget must be at least 10 SEK.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Promote' }));
    await waitFor(() => expect(promoteBodies(fetch)).toEqual([]));
  }, 30_000);
});
