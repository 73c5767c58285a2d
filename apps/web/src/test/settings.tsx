import type { AccountSecurity, SessionSummary } from '@pinboard/shared/settings';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { success } from './apiStub.ts';
import { renderWithAuth, signedInViewer, stubAuthApi } from './auth.tsx';
import type { Viewer } from '@pinboard/shared';
import type { AccountSettings, NotificationSettings } from '@pinboard/shared/account-settings';
import { AccountPage } from '../routes/AccountPage.tsx';
import { ClaimPage } from '../routes/ClaimPage.tsx';
import { NotificationsSettingsPage } from '../routes/NotificationsSettingsPage.tsx';
import { PrivacyPage, ProfileVisibilityPage } from '../routes/PrivacyPage.tsx';
import { SecurityPage } from '../routes/SecurityPage.tsx';
import { SettingsIndexPage } from '../routes/SettingsIndexPage.tsx';

export const SECURITY: AccountSecurity = {
  email: 'ada@example.com',
  has_password: true,
  phone_number_end: null,
  phone_confirmed: false,
  two_factor_enabled: false,
  backup_codes_left: 0,
};

export const SESSIONS: SessionSummary[] = [
  {
    id: 's1',
    created_at: '2026-11-01T10:00:00.000Z',
    last_seen_at: '2026-11-23T10:00:00.000Z',
    user_agent:
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 Chrome/131.0 Safari/537.36',
    ip: '203.0.113.5',
    current: true,
  },
  {
    id: 's2',
    created_at: '2026-11-02T10:00:00.000Z',
    user_agent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:132.0) Gecko/20100101 Firefox/132.0',
    ip: '198.51.100.7',
    current: false,
  },
];

export const ACCOUNT_SETTINGS: AccountSettings = {
  connected_to_instagram: false,
  listed_website_url: null,
  email: 'ada@example.com',
  email_verified: true,
  locale: null,
  country: 'US',
  gender: null,
  birthday: '1990-05-17',
  hide_from_search_engines: false,
  personalize_from_activity: true,
  personalize_ads_from_partners: true,
  personalize_ads_from_visited_sites: true,
};

export const NOTIFICATIONS: NotificationSettings = {
  activity: { email: 'daily', push: true },
  comments: { email: 'instant', push: true },
  messages: { email: 'instant', push: true },
  invitations: { email: 'instant', push: true },
  product_news: { email: 'off', push: false },
};

type Answers = Parameters<typeof stubAuthApi>[1];

/** The settings pages at `path` for `viewer` (signed in unless said), with the settings API stubbed. */
export function renderSettings(
  path: string,
  answers: Answers = {},
  { viewer = signedInViewer(), security = SECURITY }: { viewer?: Viewer; security?: AccountSecurity } = {},
) {
  const fetch = stubAuthApi(viewer, {
    getAccountSecurity: () => success(security),
    listSessions: () => success(SESSIONS),
    getUserSettings: () => success(ACCOUNT_SETTINGS),
    getNotificationSettings: () => success(NOTIFICATIONS),
    listWebsiteClaims: () => success([]),
    ...answers,
  });
  const result = renderWithAuth({
    routes: [
      { path: 'settings', Component: SettingsIndexPage },
      { path: 'settings/security', Component: SecurityPage },
      { path: 'settings/account', Component: AccountPage },
      { path: 'settings/privacy', Component: PrivacyPage },
      { path: 'settings/profile-visibility', Component: ProfileVisibilityPage },
      { path: 'settings/notifications', Component: NotificationsSettingsPage },
      { path: 'settings/claim', Component: ClaimPage },
    ],
    path,
  });
  return { fetch, ...result };
}

/** The section a heading names. */
export async function section(name: string): Promise<HTMLElement> {
  return (await screen.findByRole('region', { name }, { timeout: 5000 })) as HTMLElement;
}

export async function press(scope: HTMLElement, name: string) {
  await act(async () => {
    fireEvent.click(within(scope).getByRole('button', { name }));
  });
}

export function type(scope: HTMLElement, label: string, value: string) {
  fireEvent.change(within(scope).getByLabelText(label), { target: { value } });
}

export function errorOf(field: HTMLElement): string | null {
  const ids = field.getAttribute('aria-describedby')?.split(' ') ?? [];
  const id = ids.find((one) => one.endsWith('-error'));
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
}

/** The JSON bodies sent to a path with a method, in order. */
export function sentBodies(fetch: ReturnType<typeof stubAuthApi>, path: string, method: string): unknown[] {
  return fetch.mock.calls
    .filter(
      ([input, init]) =>
        new URL(String(input), 'http://localhost').pathname === path && init?.method === method,
    )
    .map(([, init]) => (init?.body ? (JSON.parse(String(init.body)) as unknown) : null));
}
