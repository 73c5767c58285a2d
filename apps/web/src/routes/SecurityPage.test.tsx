// @vitest-environment jsdom
import '../i18n.ts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failure, success } from '../test/apiStub.ts';
import { buildViewer, signedInViewer } from '../test/auth.tsx';
import {
  errorOf,
  press,
  renderSettings,
  section,
  SECURITY,
  SESSIONS,
  sentBodies,
  type,
} from '../test/settings.tsx';

const CODES = ['2345678abc', 'defghjkmnp', 'qrstuvwxyz', '3456789abc', 'bcdefghjkm'];

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('/settings/security', () => {
  it('asks a visitor to log in, coming back to the page', async () => {
    const { router } = renderSettings(
      '/settings/security/',
      { logIn: () => success({ user: signedInViewer() }) },
      { viewer: buildViewer() },
    );

    const dialog = await screen.findByRole('dialog', {}, { timeout: 5000 });
    expect(screen.getByRole('heading', { name: 'Log in to see your settings' })).toBeTruthy();
    type(dialog, 'Email or username', 'ada@example.com');
    type(dialog, 'Password', 'correct horse');
    await press(dialog, 'Log in');

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await section('Change your password')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/settings/security/');
  });

  it('shows its sections with the settings nav, and passes axe', async () => {
    renderSettings('/settings/security/');

    await section('Change your password');
    expect(document.title).toBe('Security · Pinboard');
    const nav = screen.getByRole('navigation', { name: 'Settings' });
    expect(within(nav).getByRole('link', { name: 'Security and logins' }).getAttribute('aria-current')).toBe(
      'page',
    );
    await screen.findByText('This device');
    // Alone here, without the app's <main> around it (region) or its styles (contrast).
    const results = await axe.run(document.body, {
      rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
    });
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
  });

  it('changes the email, with errors on their fields and a toast when done', async () => {
    let answer = failure(409, 'email_taken', { field: 'email' });
    const { fetch } = renderSettings('/settings/security/', { changeEmail: () => answer });
    const box = await section('Email');
    expect(within(box).getByText('Your email is ada@example.com.')).toBeTruthy();
    const email = within(box).getByLabelText('New email');

    type(box, 'New email', 'ada@mailinator.com');
    type(box, 'Your password', 'my passphrase');
    await press(box, 'Save');
    await waitFor(() => expect(errorOf(email)).toBe("Sorry, this doesn't look like a valid email"));
    type(box, 'New email', 'pinboard.ada@example.com');
    await press(box, 'Save');
    await waitFor(() => expect(errorOf(email)).toBe('Please stick to your name, or the name of your brand'));
    expect(sentBodies(fetch, '/v3/users/settings/email/', 'POST')).toEqual([]);

    type(box, 'New email', 'bob@example.com');
    await press(box, 'Save');
    await waitFor(() => expect(errorOf(email)).toBe('Another account already uses this email.'));
    expect(email.getAttribute('aria-invalid')).toBe('true');

    answer = failure(401, 'reauth_failed', { field: 'password' });
    type(box, 'New email', 'ada.new@example.com');
    await press(box, 'Save');
    await waitFor(() =>
      expect(errorOf(within(box).getByLabelText('Your password'))).toBe("That password isn't right."),
    );

    answer = success({ ...SECURITY, email: 'ada.new@example.com' });
    type(box, 'Your password', 'right passphrase');
    await press(box, 'Save');
    expect(await screen.findByText('Your email is changed. We told your old address.')).toBeTruthy();
    expect(within(box).getByText('Your email is ada.new@example.com.')).toBeTruthy();
    expect((within(box).getByLabelText('New email') as HTMLInputElement).value).toBe('');
    expect(sentBodies(fetch, '/v3/users/settings/email/', 'POST').at(-1)).toEqual({
      email: 'ada.new@example.com',
      password: 'right passphrase',
    });
  });

  it('changes the password, with a wrong current one on its field', async () => {
    let answer = failure(400, 'current_password_incorrect', { field: 'current_password' });
    const { fetch } = renderSettings('/settings/security/', {
      changePassword: () => answer,
    });
    const form = await section('Change your password');
    type(form, 'Current password', 'old passphrase');
    type(form, 'New password', 'a much newer passphrase');
    await press(form, 'Change password');
    const current = within(form).getByLabelText('Current password');
    await waitFor(() => expect(errorOf(current)).toBe("Your current password isn't right."));
    expect(current.getAttribute('aria-invalid')).toBe('true');

    answer = success({ ended: 1 });
    type(form, 'Current password', 'right passphrase');
    await press(form, 'Change password');

    expect(
      await within(form).findByText('Your password is changed, and your other devices are logged out.'),
    ).toBeTruthy();
    expect(sentBodies(fetch, '/v3/users/settings/password/', 'POST').at(-1)).toEqual({
      current_password: 'right passphrase',
      new_password: 'a much newer passphrase',
      end_other_sessions: true,
    });
  });

  it('checks the password form one field at a time, in the server’s order, before asking', async () => {
    const { fetch } = renderSettings('/settings/security/');
    const form = await section('Change your password');
    const current = within(form).getByLabelText('Current password');
    const next = within(form).getByLabelText('New password');

    type(form, 'New password', 'short');
    await press(form, 'Change password');
    await waitFor(() =>
      expect(errorOf(current)).toBe("You missed a spot! Don't forget to add your password."),
    );
    expect(errorOf(next)).toBeNull();
    expect(document.activeElement).toBe(current);

    type(form, 'Current password', 'old passphrase');
    await press(form, 'Change password');
    await waitFor(() => expect(errorOf(next)).toBe('Your password is too short! You need 8+ characters.'));
    expect(errorOf(current)).toBeNull();
    expect(document.activeElement).toBe(next);
    expect(sentBodies(fetch, '/v3/users/settings/password/', 'POST')).toEqual([]);
  });

  it('checks the email form one field at a time: the address before the password', async () => {
    const { fetch } = renderSettings('/settings/security/');
    const box = await section('Email');
    const email = within(box).getByLabelText('New email');
    const password = within(box).getByLabelText('Your password');

    type(box, 'New email', 'not an address');
    await press(box, 'Save');
    await waitFor(() => expect(errorOf(email)).toBe("Hmm...that doesn't look like an email address."));
    expect(errorOf(password)).toBeNull();

    type(box, 'New email', 'pinboard.ada@example.com');
    await press(box, 'Save');
    await waitFor(() =>
      expect(errorOf(password)).toBe("You missed a spot! Don't forget to add your password."),
    );
    expect(errorOf(email)).toBeNull();
    expect(document.activeElement).toBe(password);
    expect(sentBodies(fetch, '/v3/users/settings/email/', 'POST')).toEqual([]);
  });

  it('adds a phone number (checked before sending) and confirms it with the texted code', async () => {
    const { fetch } = renderSettings('/settings/security/', {
      addPhone: () => success({ phone_number_end: '0100' }),
      confirmPhone: () => success({ ...SECURITY, phone_number_end: '0100', phone_confirmed: true }),
    });
    const phone = await section('Phone number');
    await press(phone, 'Add a phone number');
    type(phone, 'Phone number', '555 0100');
    type(phone, 'Your password', 'my passphrase');
    await press(phone, 'Text me a code');
    const field = within(phone).getByLabelText('Phone number');
    await waitFor(() =>
      expect(errorOf(field)).toBe('Enter a phone number with its country code, like +1 415 555 0100.'),
    );
    expect(sentBodies(fetch, '/v3/users/settings/phone/', 'POST')).toEqual([]);

    type(phone, 'Phone number', '+1 415 555 0100');
    await press(phone, 'Text me a code');
    expect(await within(phone).findByText(/We texted a code to the number/)).toBeTruthy();
    expect(sentBodies(fetch, '/v3/users/settings/phone/', 'POST')).toEqual([
      { phone_number: '+14155550100', password: 'my passphrase' },
    ]);

    type(phone, 'Confirmation code', '12');
    await press(phone, 'Confirm');
    await waitFor(() =>
      expect(errorOf(within(phone).getByLabelText('Confirmation code'))).toBe(
        "Hmm...that doesn't look like a verification code.",
      ),
    );
    type(phone, 'Confirmation code', '123 456');
    await press(phone, 'Confirm');
    expect(await within(phone).findByText('Your phone number is confirmed.')).toBeTruthy();
    expect(sentBodies(fetch, '/v3/users/settings/phone/confirm/', 'POST')).toEqual([{ code: '123456' }]);
  });

  it('turns on two-factor login only with a confirmed phone, asking for the password', async () => {
    let answer = failure(401, 'reauth_failed', { field: 'password' });
    let overview = { ...SECURITY, phone_number_end: '0100', phone_confirmed: true };
    const { fetch } = renderSettings('/settings/security/', {
      setTwoFactor: () => {
        if (answer.status === 200) overview = { ...overview, two_factor_enabled: true };
        return answer;
      },
      // The overview asked again after the change says two-factor is on, as the server's does.
      getAccountSecurity: () => success(overview),
    });
    const box = await section('Two-factor login');
    await press(box, 'Turn on two-factor login');
    type(box, 'Your password', 'wrong');
    await press(box, 'Turn on two-factor login');
    await waitFor(() =>
      expect(errorOf(within(box).getByLabelText('Your password'))).toBe("That password isn't right."),
    );
    answer = success({
      ...SECURITY,
      phone_number_end: '0100',
      phone_confirmed: true,
      two_factor_enabled: true,
    });
    type(box, 'Your password', 'right');
    await press(box, 'Turn on two-factor login');

    expect(
      await within(box).findByText('Two-factor login is on.', { selector: '[role=status]' }),
    ).toBeTruthy();
    // Problem 14: the state is said once, not once as the state and again as the outcome.
    expect(within(box).getAllByText(/two-factor login is on/i)).toHaveLength(1);
    expect(sentBodies(fetch, '/v3/users/settings/two_factor/', 'PUT').at(-1)).toEqual({
      enabled: true,
      password: 'right',
    });
  });

  it('cannot turn on two-factor login without a confirmed phone', async () => {
    renderSettings('/settings/security/');
    const box = await section('Two-factor login');
    const button = within(box).getByRole('button', { name: 'Turn on two-factor login' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(within(box).getByText('Add and confirm a phone number first.')).toBeTruthy();
  });

  it('shows new backup codes once, with copy and download', async () => {
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderSettings('/settings/security/', {
      regenerateBackupCodes: () => success({ codes: CODES }),
    });
    const box = await section('Backup codes');
    await press(box, 'Get new backup codes');
    type(box, 'Your password', 'my passphrase');
    await press(box, 'Get new backup codes');

    const list = await within(box).findByRole('list', { name: 'Your backup codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(CODES);
    await press(box, 'Copy codes');
    expect(writeText).toHaveBeenCalledWith(expect.stringContaining(CODES.join('\n')));
    expect(within(box).getByText('Codes copied.')).toBeTruthy();
    expect(within(box).getByRole('button', { name: 'Download codes' })).toBeTruthy();

    await press(box, 'I saved them');
    expect(within(box).queryByRole('list')).toBeNull();
  });

  it('lists sessions with this device marked, logs one out, and logs out everywhere', async () => {
    const { fetch } = renderSettings('/settings/security/', {
      endSession: () => success(SESSIONS.filter((session) => session.id !== 's2')),
      logOutAllSessions: () => success({ ended: 1 }),
    });
    const box = await section("Where you're logged in");
    await within(box).findByText('This device');
    expect(within(box).getByText('Chrome on macOS')).toBeTruthy();
    expect(within(box).getAllByRole('button', { name: /^Log out of / })).toHaveLength(1);

    await press(box, 'Log out of Firefox on Windows');
    expect(await within(box).findByText('That device is logged out.')).toBeTruthy();
    expect(sentBodies(fetch, '/v3/users/settings/sessions/s2/', 'DELETE')).toHaveLength(1);

    await press(box, 'Log out everywhere');
    expect(await within(box).findByText('1 other session is logged out.')).toBeTruthy();
    expect(sentBodies(fetch, '/v3/users/settings/sessions/logout_all/', 'POST')).toEqual([{}]);
  });
});
