// @vitest-environment jsdom
import '../i18n.ts';
import type { Advertiser, BillingProfile, Invoice } from '@pinboard/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failure, success } from '../test/apiStub.ts';
import { ada, renderWithAuth, signedInViewer, stubAuthApi } from '../test/auth.tsx';
import { sentBodies } from '../test/settings.tsx';
import { AdvertiserBillingPage } from './AdvertiserBillingPage.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
});

const FIRST_RENDER = { timeout: 10_000 };

const advertiser: Advertiser = {
  id: '55',
  name: 'Ada Machines',
  owner_user_id: ada.id,
  country: 'US',
  currency: 'USD',
  time_zone: 'America/New_York',
  role: 'OWNER',
  has_billing_profile: true,
  billing_stopped_at: null,
  created_at: '2026-01-01T00:00:00.000Z',
};

const details = (overrides: Partial<BillingProfile> = {}): BillingProfile => ({
  advertiser_id: '55',
  business_name: 'Ada Ltd',
  address: '1 Engine Row',
  country: 'US',
  currency: 'USD',
  tax_id: null,
  payment_method: 'invoice',
  payment_account: {
    reference: 'PB-00000055',
    instructions: 'Invoice account PB-00000055: pay by transfer.',
  },
  billing_stopped_at: null,
  ...overrides,
});

const invoice: Invoice = {
  id: '9',
  advertiser_id: '55',
  month: '2026-10',
  amount_in_micro_currency: 12_500_000,
  currency: 'USD',
  status: 'open',
  payment_reference: 'PB-00000055-202610',
  issued_at: '2026-11-01T06:00:00.000Z',
  due_date: '2026-12-01',
  paid_at: null,
};

function open(answers: Parameters<typeof stubAuthApi>[1]) {
  const fetch = stubAuthApi(signedInViewer(ada, { isPartner: true }), {
    listBusinessAccessProfiles: () => success({ profiles: {} }),
    getAdvertiser: () => success(advertiser),
    listInvoices: () => success([invoice]),
    ...answers,
  });
  renderWithAuth({
    routes: [{ path: 'advertiser/:advertiserId/billing', Component: AdvertiserBillingPage }],
    path: '/advertiser/55/billing/?campaign_id=7&objective_type=CLICKTHROUGH&is_quick_promote=true',
  });
  return fetch;
}

describe('/advertiser/{id}/billing/', () => {
  it('shows the details, the invoice account and the invoices, and saves changes', async () => {
    const fetch = open({
      getBillingProfile: () => success(details()),
      putBillingProfile: () => success(details({ tax_id: 'US-123' })),
    });
    const name = (await screen.findByLabelText(
      'Business name on invoices',
      {},
      FIRST_RENDER,
    )) as HTMLInputElement;
    expect(name.value).toBe('Ada Ltd');
    expect(screen.getByText('Invoice account PB-00000055: pay by transfer.')).toBeTruthy();
    const invoices = screen.getByRole('region', { name: 'Invoices' });
    expect(
      await within(invoices).findByText(/2026-10 · \$12\.50 · reference PB-00000055-202610/),
    ).toBeTruthy();
    expect(within(invoices).getByText(/due 2026-12-01/)).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();

    fireEvent.change(screen.getByLabelText('Tax ID (optional)'), { target: { value: 'US-123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save billing details' }));
    expect(await screen.findByText('Billing details saved.')).toBeTruthy();
    expect(sentBodies(fetch, '/ads/v4/advertisers/55/billing_profile/', 'PUT')).toEqual([
      { business_name: 'Ada Ltd', address: '1 Engine Row', tax_id: 'US-123' },
    ]);
  });

  it('says when the ads are stopped, and shows a refused field’s message', async () => {
    open({
      getBillingProfile: () => success(details({ billing_stopped_at: '2026-11-20T00:00:00.000Z' })),
      putBillingProfile: () =>
        failure(400, 'billing_tax_id_invalid', {
          field: 'tax_id',
          message:
            'A tax ID has 2 to 30 letters and digits, which spaces, dots, dashes or slashes may separate. Leave it blank if you have none.',
        }),
    });
    expect(
      await screen.findByText(
        'Your ads are stopped: an invoice is unpaid past its due date. They run again once it is paid.',
        {},
        FIRST_RENDER,
      ),
    ).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Tax ID (optional)'), { target: { value: '#' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save billing details' }));
    await waitFor(() =>
      expect(
        screen.getByText(
          'A tax ID has 2 to 30 letters and digits, which spaces, dots, dashes or slashes may separate. Leave it blank if you have none.',
        ),
      ).toBeTruthy(),
    );
  });

  it('a blank form before any billing details, and no invoices yet', async () => {
    open({ getBillingProfile: () => success(null), listInvoices: () => success([]) });
    const name = (await screen.findByLabelText(
      'Business name on invoices',
      {},
      FIRST_RENDER,
    )) as HTMLInputElement;
    expect(name.value).toBe('');
    expect(screen.getByText('Save your billing details to open your invoice account.')).toBeTruthy();
    expect(
      await screen.findByText("No invoices yet. Each month's spend is invoiced after the month ends."),
    ).toBeTruthy();
  });
});
