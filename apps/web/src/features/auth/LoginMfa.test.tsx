// @vitest-environment jsdom
import '../../i18n.ts';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AddAccountPage } from '../../routes/AddAccountPage.tsx';
import { LoginPage } from '../../routes/LoginPage.tsx';
import { PasswordResetPage } from '../../routes/PasswordResetPage.tsx';
import { failure, success } from '../../test/apiStub.ts';
import {
  buildViewer,
  openModal,
  postedBodies,
  renderWithAuth,
  signedInViewer,
  stubAuthApi,
} from '../../test/auth.tsx';
import { flushAuthEvents } from './analytics.ts';

const pages = [
  { path: 'login', Component: LoginPage },
  { path: 'add-account', Component: AddAccountPage },
  { path: 'password/reset', Component: PasswordResetPage },
];
const mfaRequired = () =>
  failure(401, 'mfa_required', { field: 'mfa_token', data: { phone_number_end: '0100' } });
const sendLimited = (backupCodes: boolean) =>
  failure(429, 'mfa_send_limited', { data: { phone_number_end: '0100', backup_codes: backupCodes } });

function errorOf(field: HTMLElement): string | null {
  const id = field.getAttribute('aria-describedby');
  return id ? (document.getElementById(id.split(' ')[0]!)?.textContent ?? null) : null;
}

async function click(scope: HTMLElement, name: string) {
  await act(async () => {
    fireEvent.click(within(scope).getByRole('button', { name }));
  });
}

async function logIn(scope: HTMLElement) {
  fireEvent.change(await within(scope).findByLabelText('Email or username'), {
    target: { value: 'ada@example.com' },
  });
  fireEvent.change(within(scope).getByLabelText('Password'), { target: { value: 'correct horse' } });
  await click(scope, 'Log in');
}

async function enterCode(scope: HTMLElement, code: string, label = 'Verification code') {
  fireEvent.change(await within(scope).findByLabelText(label), { target: { value: code } });
  await click(scope, 'Next');
}

/** Answers the login: mfa_required without a second factor, then by what the body carries. */
function loginAnswer(init?: RequestInit): Response {
  const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
  if (body.mfa_resend) return mfaRequired();
  if (body.mfa_token === '123456' || body.backup_code === 'abcdefghjk') {
    return success({ user: signedInViewer() });
  }
  if (body.mfa_token) return failure(401, 'mfa_code_incorrect', { field: 'mfa_token' });
  if (body.backup_code) return failure(401, 'backup_code_incorrect', { field: 'backup_code' });
  return mfaRequired();
}

function stubMfaApi() {
  const fetch = stubAuthApi(buildViewer());
  const base = fetch.getMockImplementation()!;
  fetch.mockImplementation(async (input, init) =>
    new URL(String(input), 'http://localhost').pathname === '/v3/login/'
      ? loginAnswer(init)
      : base(input, init),
  );
  return fetch;
}

afterEach(() => {
  flushAuthEvents();
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the loginMfa step', () => {
  it('asks for the texted code, checks it, shows wrong codes on the field and signs in', async () => {
    const fetch = stubMfaApi();
    renderWithAuth({ options: { container: 'home_page', step: 'login' } });
    const dialog = await openModal();
    await logIn(dialog);

    expect(await within(dialog).findByRole('heading', { name: 'Check your phone' })).toBeTruthy();
    // The MFA step's modal is 489 px wide.
    await waitFor(() => expect(dialog.style.getPropertyValue('--dialog-width')).toBe('489px'));
    expect(within(dialog).getByText('Enter the code we texted to the number ending in 0100.')).toBeTruthy();
    const field = within(dialog).getByLabelText('Verification code');
    expect(document.activeElement).toBe(field);

    await enterCode(dialog, '');
    expect(errorOf(field)).toBe("You missed a spot! Don't forget to add your verification code.");
    expect(field.getAttribute('aria-invalid')).toBe('true');
    await enterCode(dialog, '12ab');
    expect(errorOf(field)).toBe("Hmm...that doesn't look like a verification code.");
    await enterCode(dialog, '654 321');
    await waitFor(() => expect(errorOf(field)).toBe("That code isn't right. Check it and try again."));

    await enterCode(dialog, '123 456');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(
      postedBodies(fetch, '/v3/login/').map((body) => (body as { mfa_token?: string }).mfa_token),
    ).toEqual([undefined, '654321', '123456']);
    flushAuthEvents();
    const events = postedBodies(fetch, '/v3/events/').flatMap(
      (body) => (body as { events: unknown[] }).events,
    );
    expect(events).toContainEqual({ name: 'login_success', login_type: 'mfa', container: 'home_page' });
  });

  it("resends the code with the 'We sent you a new code!' toast", async () => {
    const fetch = stubMfaApi();
    renderWithAuth({ options: { container: 'home_page', step: 'login' } });
    const dialog = await openModal();
    await logIn(dialog);
    await within(dialog).findByLabelText('Verification code');

    await click(dialog, 'Resend code');

    expect(await screen.findByText('We sent you a new code!')).toBeTruthy();
    expect(postedBodies(fetch, '/v3/login/').at(-1)).toMatchObject({
      username_or_email: 'ada@example.com',
      password: 'correct horse',
      mfa_resend: true,
    });
  });

  it('past the texting cap at the password step, says so and asks for a backup code', async () => {
    const fetch = stubMfaApi();
    const base = fetch.getMockImplementation()!;
    fetch.mockImplementation(async (input, init) => {
      if (new URL(String(input), 'http://localhost').pathname !== '/v3/login/') return base(input, init);
      const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
      return body.backup_code === 'abcdefghjk' ? success({ user: signedInViewer() }) : sendLimited(true);
    });
    renderWithAuth({ options: { container: 'home_page', step: 'login' } });
    const dialog = await openModal();
    await logIn(dialog);

    // Problem 14: the backup-code step is titled for the backup code, not for the phone.
    expect(await within(dialog).findByRole('heading', { name: 'Enter a backup code' })).toBeTruthy();
    expect(within(dialog).getByRole('alert').textContent).toBe(
      "We've sent too many codes to this number. Try again in an hour. You can log in with one of your backup codes instead.",
    );
    // The backup code field is the one shown; the texted code stays a choice.
    expect(within(dialog).getByRole('button', { name: 'Use a texted code instead' })).toBeTruthy();
    await enterCode(dialog, 'abcde-fghjk', 'Backup code');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(postedBodies(fetch, '/v3/login/').at(-1)).toMatchObject({ backup_code: 'abcdefghjk' });
  });

  it('past the texting cap on resend, offers the backup codes, or the last code without any', async () => {
    for (const backupCodes of [true, false]) {
      stubAuthApi(buildViewer(), { logIn: mfaRequired });
      renderWithAuth({ options: { container: 'home_page', step: 'login' } });
      const dialog = await openModal();
      await logIn(dialog);
      await within(dialog).findByLabelText('Verification code');
      stubAuthApi(buildViewer(), { logIn: () => sendLimited(backupCodes) });

      await click(dialog, 'Resend code');

      const alert = await within(dialog).findByRole('alert');
      expect(alert.textContent).toContain("We've sent too many codes to this number.");
      if (backupCodes) {
        expect(alert.textContent).toContain('You can log in with one of your backup codes instead.');
        expect(within(dialog).getByLabelText('Backup code')).toBeTruthy();
      } else {
        expect(alert.textContent).toContain('The last code we texted you still works for 10 minutes.');
        expect(within(dialog).getByLabelText('Verification code')).toBeTruthy();
        expect(screen.queryByText('We sent you a new code!')).toBeNull();
      }
      cleanup();
    }
  });

  it('opens the too-many-attempts modal when wrong codes locked the account', async () => {
    stubAuthApi(buildViewer(), { logIn: mfaRequired });
    renderWithAuth({ options: { container: 'home_page', step: 'login' } });
    const dialog = await openModal();
    await logIn(dialog);
    await within(dialog).findByLabelText('Verification code');
    stubAuthApi(buildViewer(), { logIn: () => failure(429, 'login_rate_limited') });

    await enterCode(dialog, '654321');

    expect(await within(dialog).findByRole('heading', { name: 'Too many login attempts' })).toBeTruthy();
  });

  it('takes a backup code instead', async () => {
    const fetch = stubMfaApi();
    renderWithAuth({ options: { container: 'home_page', step: 'login' } });
    const dialog = await openModal();
    await logIn(dialog);
    await within(dialog).findByLabelText('Verification code');

    await click(dialog, 'Use a backup code instead');
    expect(within(dialog).getByRole('heading', { name: 'Enter a backup code' })).toBeTruthy();
    expect(within(dialog).queryByRole('heading', { name: 'Check your phone' })).toBeNull();
    await enterCode(dialog, 'zzzz-zzzz-zz', 'Backup code');
    await waitFor(() =>
      expect(errorOf(within(dialog).getByLabelText('Backup code'))).toBe(
        "That backup code isn't right, or it was already used.",
      ),
    );
    await enterCode(dialog, 'ABCDE-FGHJK', 'Backup code');

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(postedBodies(fetch, '/v3/login/').at(-1)).toMatchObject({ backup_code: 'abcdefghjk' });
  });

  it('goes to the next URL after the code', async () => {
    stubMfaApi();
    const { router } = renderWithAuth({ routes: pages, path: '/login/?next=%2Fpin%2F9%2F' });
    const card = (
      await screen.findByRole('heading', { name: 'Log in to Pinboard' }, { timeout: 5000 })
    ).closest('section')!;
    await logIn(card);
    await enterCode(card, '123456');
    await waitFor(() => expect(router.state.location.pathname).toBe('/pin/9/'));
  });

  it('stays on the current page, and leads home from /add-account', async () => {
    stubMfaApi();
    renderWithAuth({ options: { container: 'home_page', step: 'login' }, path: '/pin/3/' });
    const dialog = await openModal();
    await logIn(dialog);
    await enterCode(dialog, '123456');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByTestId('location').textContent).toBe('/pin/3/');
    cleanup();

    stubMfaApi();
    const { router } = renderWithAuth({ routes: pages, path: '/add-account' });
    const card = (await screen.findByLabelText('Email or username', {}, { timeout: 5000 })).closest(
      'section',
    )!;
    await logIn(card);
    await enterCode(card, '123456');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});

describe('the reset page with two-factor login on', () => {
  it('sets the password, then asks for the texted code and logs in with the new password', async () => {
    const fetch = stubMfaApi();
    const base = fetch.getMockImplementation()!;
    fetch.mockImplementation(async (input, init) =>
      new URL(String(input), 'http://localhost').pathname === '/v3/users/reset_password/'
        ? failure(401, 'mfa_required', {
            data: { phone_number_end: '0100', username_or_email: 'ada@example.com' },
          })
        : base(input, init),
    );
    const { router } = renderWithAuth({ routes: pages, path: `/password/reset/?token=${'a'.repeat(43)}` });
    fireEvent.change(await screen.findByLabelText('New password', {}, { timeout: 5000 }), {
      target: { value: 'a brand new passphrase' },
    });
    fireEvent.change(screen.getByLabelText('Confirm new password'), {
      target: { value: 'a brand new passphrase' },
    });
    await click(document.body, 'Change password');

    expect(await screen.findByText('Enter the code we texted to the number ending in 0100.')).toBeTruthy();
    expect(screen.getByText(/Your new password is set/)).toBeTruthy();
    await enterCode(document.body, '123456');

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(postedBodies(fetch, '/v3/login/').at(-1)).toMatchObject({
      username_or_email: 'ada@example.com',
      password: 'a brand new passphrase',
      mfa_token: '123456',
    });
  });

  it('past the texting cap, asks for a backup code with the new password', async () => {
    const fetch = stubMfaApi();
    const base = fetch.getMockImplementation()!;
    fetch.mockImplementation(async (input, init) =>
      new URL(String(input), 'http://localhost').pathname === '/v3/users/reset_password/'
        ? failure(429, 'mfa_send_limited', {
            data: { phone_number_end: '0100', username_or_email: 'ada@example.com', backup_codes: true },
          })
        : base(input, init),
    );
    const { router } = renderWithAuth({ routes: pages, path: `/password/reset/?token=${'a'.repeat(43)}` });
    fireEvent.change(await screen.findByLabelText('New password', {}, { timeout: 5000 }), {
      target: { value: 'a brand new passphrase' },
    });
    fireEvent.change(screen.getByLabelText('Confirm new password'), {
      target: { value: 'a brand new passphrase' },
    });
    await click(document.body, 'Change password');

    expect(
      await screen.findByText(
        /You can log in with one of your backup codes instead\./,
        {},
        { timeout: 5000 },
      ),
    ).toBeTruthy();
    await enterCode(document.body, 'abcdefghjk', 'Backup code');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(postedBodies(fetch, '/v3/login/').at(-1)).toMatchObject({
      username_or_email: 'ada@example.com',
      password: 'a brand new passphrase',
      backup_code: 'abcdefghjk',
    });
  });
});
