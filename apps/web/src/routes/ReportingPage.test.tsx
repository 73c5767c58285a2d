// @vitest-environment jsdom
import '../i18n.ts';
import type { Advertiser, AdvertiserReport } from '@pinboard/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { success } from '../test/apiStub.ts';
import { ada, renderWithAuth, signedInViewer, stubAuthApi } from '../test/auth.tsx';
import { ReportingPage } from './ReportingPage.tsx';

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
  country: 'SE',
  currency: 'SEK',
  time_zone: 'Europe/Stockholm',
  role: 'ANALYST',
  has_billing_profile: true,
  billing_stopped_at: null,
  created_at: '2026-01-01T00:00:00.000Z',
};

const zero = { impressions: 0, clicks: 0, conversions: 0, spend_in_micro_currency: 0 };

function report(days: number, ran: boolean): AdvertiserReport {
  const dates = Array.from({ length: days }, (_, i) => `2026-11-${String(27 - days + i).padStart(2, '0')}`);
  const results = { impressions: 1200, clicks: 30, conversions: 4, spend_in_micro_currency: 45_500_000 };
  return {
    advertiser_id: '55',
    currency: 'SEK',
    time_zone: 'Europe/Stockholm',
    start_date: dates[0]!,
    end_date: dates.at(-1)!,
    totals: ran ? results : zero,
    days: dates.map((date, i) => ({ date, ...(ran && i === days - 1 ? results : zero) })),
    campaigns: ran ? [{ campaign_id: '7', name: 'Spring sale', status: 'ACTIVE', ...results }] : [],
  };
}

function open(ran: boolean) {
  const fetch = stubAuthApi(signedInViewer(ada, { isPartner: true }), {
    listBusinessAccessProfiles: () => success({ profiles: {} }),
    getAdvertiser: () => success(advertiser),
    getAdvertiserReport: ({ url }) => success(report(Number(url.searchParams.get('days') ?? '7'), ran)),
  });
  renderWithAuth({
    routes: [{ path: 'advertiser/:advertiserId/reporting', Component: ReportingPage }],
    path: '/advertiser/55/reporting/',
  });
  return fetch;
}

const reportCalls = (fetch: ReturnType<typeof open>) =>
  fetch.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/ads/v4/advertisers/55/reports/')
    .map((url) => url.searchParams.get('days'));

describe('/advertiser/{id}/reporting/', () => {
  it('shows the totals, each campaign and each day, in the account currency; 30 days on asking', async () => {
    const fetch = open(true);
    const totals = await screen.findByRole('region', { name: 'Totals' }, FIRST_RENDER);
    expect(within(totals).getByText('1,200')).toBeTruthy();
    expect(within(totals).getByText('30')).toBeTruthy();
    // Conversions beside clicks (decision 69).
    expect(within(totals).getByText('Conversions').nextElementSibling!.textContent).toBe('4');
    expect(within(totals).getByText(/45\.50/)).toBeTruthy();
    expect(screen.getByText(/days in Europe\/Stockholm, spend in SEK/)).toBeTruthy();
    const campaigns = screen.getByRole('table', { name: 'Per campaign' });
    expect(within(campaigns).getByRole('rowheader', { name: 'Spring sale' })).toBeTruthy();
    expect(within(campaigns).getByRole('columnheader', { name: 'Conversions' })).toBeTruthy();
    expect(
      within(campaigns)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toContain('4');
    expect(within(screen.getByRole('table', { name: 'Per day' })).getAllByRole('row')).toHaveLength(8);
    expect(reportCalls(fetch)).toEqual(['7']);

    fireEvent.change(screen.getByLabelText('Date range'), { target: { value: '30' } });
    await waitFor(() =>
      expect(within(screen.getByRole('table', { name: 'Per day' })).getAllByRole('row')).toHaveLength(31),
    );
    expect(reportCalls(fetch)).toEqual(['7', '30']);
  }, 30_000);

  it('says so when nothing ran, with the way to the Ads manager', async () => {
    open(false);
    expect(
      await screen.findByText(
        'Nothing ran in these days. Results show here once your promoted Pins are seen.',
        {},
        FIRST_RENDER,
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getAllByRole('link', { name: 'Ads manager' })[0]!.getAttribute('href')).toBe(
      '/advertiser/55/ads/',
    );
  }, 30_000);
});
