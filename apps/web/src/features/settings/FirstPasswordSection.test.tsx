// @vitest-environment jsdom
import '../../i18n.ts';
import type { LinkedIdentities, ProvidersResult, Viewer } from '@pinboard/shared';
import type { AccountSecurity } from '@pinboard/shared/settings';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failure, success } from '../../test/apiStub.ts';
import { recognisedViewer, signedInViewer } from '../../test/auth.tsx';
import { errorOf, press, renderSettings, section, SECURITY, sentBodies, type } from '../../test/settings.tsx';

const FIRST = '/v3/users/settings/password/first/';
const IDENTITIES = '/v3/users/settings/identities/';
const GOOGLE = { provider: 'google', email: 'ada@gmail.com', created_at: '2026-11-01T10:00:00.000Z' };
const ON = { available: true, standin: false };
const PROVIDERS: ProvidersResult = { facebook: ON, google: ON, line: ON };

/** The security page of an account made through Google, until a password is set. */
function renderWithoutPassword(first: () => Response, extra: Parameters<typeof renderSettings>[1] = {}) {
  let security: AccountSecurity = { ...SECURITY, has_password: false };
  let identities: LinkedIdentities = { identities: [GOOGLE], has_password: false };
  const rendered = renderSettings('/settings/security/', {
    getAccountSecurity: () => success(security),
    getLinkedIdentities: () => success(identities),
    getAuthProviders: () => success(PROVIDERS),
    setFirstPassword: () => {
      const answer = first();
      if (answer.ok) {
        security = { ...security, has_password: true };
        identities = { ...identities, has_password: true };
      }
      return answer;
    },
    ...extra,
  });
  return rendered;
}

const asked = (fetch: ReturnType<typeof renderSettings>['fetch'], path: string) =>
  fetch.mock.calls.filter(([input]) => new URL(String(input), 'http://localhost').pathname === path).length;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('Set a password', () => {
  it('replaces the change form (and the email form) for an account without a password, and passes axe', async () => {
    renderWithoutPassword(() => success({ ended: 0 }));
    const box = await section('Set a password');
    expect(within(box).getByLabelText('New password')).toBeTruthy();
    expect(within(box).getByLabelText('Confirm new password')).toBeTruthy();
    expect((within(box).getByLabelText('Log out of other devices') as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByRole('region', { name: 'Change your password' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Email' })).toBeNull();
    const results = await axe.run(box, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
  });

  it('checks the new password and its repeat, sets it, then shows the change form with a toast', async () => {
    const { fetch } = renderWithoutPassword(() => success({ ended: 2 }));
    const box = await section('Set a password');
    const password = within(box).getByLabelText('New password');

    type(box, 'New password', 'short');
    await press(box, 'Set password');
    await waitFor(() =>
      expect(errorOf(password)).toBe('Your password is too short! You need 8+ characters.'),
    );

    type(box, 'New password', 'a much newer passphrase');
    type(box, 'Confirm new password', 'a much newer passphrose');
    await press(box, 'Set password');
    const confirm = within(box).getByLabelText('Confirm new password');
    await waitFor(() => expect(errorOf(confirm)).toBe("The passwords don't match."));
    expect(sentBodies(fetch, FIRST, 'POST')).toEqual([]);

    const before = { identities: asked(fetch, IDENTITIES), viewer: asked(fetch, '/v3/users/me/') };
    type(box, 'Confirm new password', 'a much newer passphrase');
    await press(box, 'Set password');

    expect(
      await screen.findByText('Your password is set, and your other devices are logged out.'),
    ).toBeTruthy();
    expect(await section('Change your password')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Set a password' })).toBeNull();
    expect(sentBodies(fetch, FIRST, 'POST')).toEqual([
      { new_password: 'a much newer passphrase', end_other_sessions: true },
    ]);
    // The other answers that say whether there is a password are asked again.
    await waitFor(() => expect(asked(fetch, IDENTITIES)).toBeGreaterThan(before.identities));
    await waitFor(() => expect(asked(fetch, '/v3/users/me/')).toBeGreaterThan(before.viewer));
  });

  it("puts the server's verdict on the password on that field", async () => {
    renderWithoutPassword(() => failure(400, 'password_weak', { field: 'new_password' }));
    const box = await section('Set a password');
    type(box, 'New password', 'a much newer passphrase');
    type(box, 'Confirm new password', 'a much newer passphrase');
    await press(box, 'Set password');
    await waitFor(() =>
      expect(errorOf(within(box).getByLabelText('New password'))).toBe('Please make a stronger password.'),
    );
  });

  it('asks to log out and in again when the login is older than 10 minutes, and starts it', async () => {
    let viewer: Viewer = signedInViewer();
    const { fetch } = renderWithoutPassword(
      () => failure(403, 'recent_login_required', { data: { max_age_seconds: 600 } }),
      {
        getViewer: () => success(viewer),
        logOut: () => {
          viewer = recognisedViewer();
          return success({ user: viewer });
        },
      },
    );
    const box = await section('Set a password');
    type(box, 'New password', 'a much newer passphrase');
    type(box, 'Confirm new password', 'a much newer passphrase');
    await press(box, 'Set password');

    expect((await within(box).findByRole('alert')).textContent).toBe(
      'To set a password, log out and log in again, then set it within 10 minutes.',
    );
    await press(box, 'Log out and log in again');

    expect(sentBodies(fetch, '/v3/logout/', 'POST')).toHaveLength(1);
    // The settings page asks a logged-out viewer to log in, and comes back here.
    const dialog = await screen.findByRole('dialog', {}, { timeout: 5000 });
    expect(await within(dialog).findByRole('heading', { name: 'Welcome back, Ada' })).toBeTruthy();
  });

  it('points the connected accounts’ “set a password” at this form', async () => {
    renderWithoutPassword(() => success({ ended: 0 }));
    const box = await section('Connected accounts');
    const link = await within(box).findByRole('link', { name: 'set a password' });
    expect(link.getAttribute('href')).toBe('#set-password');
    expect(document.getElementById('set-password')).toBe(await section('Set a password'));
    expect(link.closest('p')?.textContent).toBe(
      'Google is your only way to log in. To disconnect it, first set a password.',
    );
  });
});
