// @vitest-environment jsdom
import '../i18n.ts';
import type { BusinessAccessProfile } from '@pinboard/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { success } from '../test/apiStub.ts';
import { ada, renderWithAuth, signedInViewer, stubAuthApi } from '../test/auth.tsx';
import { sentBodies } from '../test/settings.tsx';
import { BusinessAccessDashboardPage } from './BusinessAccessPages.tsx';
import { BusinessConvertPage } from './BusinessConvertPage.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
});

const profile = (id: string, businessName: string, overrides: Partial<BusinessAccessProfile> = {}) => ({
  id,
  permissions: ['OWNER' as const],
  user: {
    username: `u${id}`,
    businessName,
    imgUrl: null,
    merchantId: null,
    scheduledPinCount: 0,
    eligibleForStlTool: false,
  },
  viewerMeetsMfaRequirement: false,
  ...overrides,
});

const advertiser = {
  id: '55',
  name: 'Ada Machines',
  owner_user_id: ada.id,
  country: 'US',
  currency: 'USD' as const,
  time_zone: 'America/New_York',
  role: 'OWNER' as const,
  has_billing_profile: false,
  billing_stopped_at: null,
  created_at: '2026-01-01T00:00:00.000Z',
};

describe('/business/convert', () => {
  it('converts the account, then goes on to next', async () => {
    const fetch = stubAuthApi(signedInViewer(), {
      listBusinessAccessProfiles: () => success({ profiles: { [ada.id]: profile(ada.id, 'Ada') } }),
      convertToBusiness: () => success({ profile: profile(ada.id, 'Ada Machines'), advertiser }),
    });
    const { router } = renderWithAuth({
      routes: [
        { path: 'business/convert', Component: BusinessConvertPage },
        { path: 'advertiser/quick_promote', element: <p>quick promote</p> },
      ],
      path: `/business/convert?next=${encodeURIComponent('/advertiser/quick_promote?pinId=5')}`,
    });
    fireEvent.change(await screen.findByLabelText('Business name', {}, { timeout: 10_000 }), {
      target: { value: 'Ada Machines' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Convert' }));
    await waitFor(() =>
      expect(router.state.location.pathname + router.state.location.search).toBe(
        '/advertiser/quick_promote?pinId=5',
      ),
    );
    expect(sentBodies(fetch, '/v3/business/convert/', 'POST')).toEqual([
      { business_name: 'Ada Machines', country: 'US' },
    ]);
  }, 30_000);

  it('sends a business account straight on, and never off the site', async () => {
    stubAuthApi(signedInViewer(ada, { isPartner: true }), {
      listBusinessAccessProfiles: () => success({ profiles: { [ada.id]: profile(ada.id, 'Ada') } }),
    });
    const { router } = renderWithAuth({
      routes: [
        { path: 'business/convert', Component: BusinessConvertPage },
        { path: 'business/hub', element: <p>hub</p> },
      ],
      path: `/business/convert?next=${encodeURIComponent('https://evil.example/')}`,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/business/hub'), { timeout: 10_000 });
    expect(await screen.findByText('hub')).toBeTruthy();
  }, 30_000);
});

describe('/business-access/{id}/dashboard', () => {
  it('lists people, invites for a manager, and heads the page with the sorted switcher', async () => {
    const fetch = stubAuthApi(signedInViewer(), {
      listBusinessAccessProfiles: () =>
        success({
          profiles: {
            [ada.id]: profile(ada.id, 'zeta personal'),
            '20': profile('20', 'Beta Goods', { permissions: ['ADMIN'], viewerMeetsMfaRequirement: false }),
            '30': profile('30', 'Alpha Shop'),
          },
        }),
      listBusinessMembers: () =>
        success({
          members: [
            {
              user_id: '30',
              username: 'alpha',
              full_name: 'Alpha Shop',
              email: null,
              role: 'OWNER',
              state: 'member',
              invite_id: null,
            },
            {
              user_id: null,
              username: null,
              full_name: null,
              email: 'ben@example.com',
              role: 'ANALYST',
              state: 'invited',
              invite_id: '4',
            },
          ],
        }),
      inviteBusinessMember: () => success({ members: [] }),
    });
    renderWithAuth({
      routes: [{ path: 'business-access/:userBizId/dashboard', Component: BusinessAccessDashboardPage }],
      path: '/business-access/30/dashboard',
    });
    await screen.findByText(/ben@example.com/, {}, { timeout: 10_000 });
    const switcher = (await screen.findByLabelText('Acting as')) as HTMLSelectElement;
    const options = within(switcher).getAllByRole('option') as HTMLOptionElement[];
    expect(options.map((o) => o.textContent)).toEqual([
      'Alpha Shop',
      'Beta Goods (turn on two-factor authentication to act for it)',
      'zeta personal',
    ]);
    // Without two-factor login the admin role may not be acted as.
    expect(options[1]!.disabled).toBe(true);
    expect(switcher.value).toBe(ada.id);
    fireEvent.change(switcher, { target: { value: '30' } });
    await waitFor(() => expect(switcher.value).toBe('30'));
    expect(window.sessionStorage.getItem('pinboard.businessProfile')).toBe('30');

    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'cy@example.com' } });
    fireEvent.change(screen.getByLabelText('Role'), { target: { value: 'CAMPAIGN_MANAGER' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    await screen.findByText('Invitation sent');
    expect(sentBodies(fetch, '/v3/business_access/30/members/', 'POST')).toEqual([
      { email: 'cy@example.com', role: 'CAMPAIGN_MANAGER' },
    ]);
    expect(screen.getByRole('heading', { name: 'What each role may do' })).toBeTruthy();
  }, 30_000);

  it('offers no invitation form to an analyst', async () => {
    stubAuthApi(signedInViewer(), {
      listBusinessAccessProfiles: () =>
        success({
          profiles: {
            [ada.id]: profile(ada.id, 'Ada'),
            '30': profile('30', 'Alpha Shop', { permissions: ['ANALYST'], viewerMeetsMfaRequirement: true }),
          },
        }),
      listBusinessMembers: () => success({ members: [] }),
    });
    renderWithAuth({
      routes: [{ path: 'business-access/:userBizId/dashboard', Component: BusinessAccessDashboardPage }],
      path: '/business-access/30/dashboard',
    });
    await screen.findByRole('heading', { name: 'What each role may do' }, { timeout: 10_000 });
    expect(screen.queryByRole('button', { name: 'Send invitation' })).toBeNull();
  }, 30_000);
});
