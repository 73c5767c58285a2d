// @vitest-environment jsdom
import '../../i18n.ts';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AddAccountPage } from '../../routes/AddAccountPage.tsx';
import { BusinessLoginPage } from '../../routes/BusinessLoginPage.tsx';
import { LoginPage } from '../../routes/LoginPage.tsx';
import { SignupPage } from '../../routes/SignupPage.tsx';
import { failure, success } from '../../test/apiStub.ts';
import { buildPin } from '../../test/pins.ts';
import {
  ada,
  buildViewer,
  openModal,
  postedBodies,
  recognisedViewer,
  renderWithAuth,
  signedInViewer,
  stubAuthApi,
} from '../../test/auth.tsx';
import { flushAuthEvents } from './analytics.ts';

const grace = { ...ada, id: '8', username: 'grace', full_name: 'Grace Hopper', first_name: 'Grace' };
const pages = [
  { path: 'login', Component: LoginPage },
  { path: 'login/business', Component: BusinessLoginPage },
  { path: 'signup', Component: SignupPage },
  { path: 'add-account', Component: AddAccountPage },
];

function errorOf(field: HTMLElement): string | null {
  const id = field.getAttribute('aria-describedby');
  return id ? (document.getElementById(id.split(' ')[0]!)?.textContent ?? null) : null;
}

async function logIn(scope: HTMLElement, email: string | null, password: string) {
  if (email !== null) {
    fireEvent.change(await within(scope).findByLabelText('Email or username'), { target: { value: email } });
  }
  fireEvent.change(await within(scope).findByLabelText('Password'), { target: { value: password } });
  await act(async () => {
    fireEvent.click(within(scope).getByRole('button', { name: 'Log in' }));
  });
}

afterEach(() => {
  flushAuthEvents();
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('login', () => {
  it('logs in, refreshes the viewer and closes', async () => {
    const fetch = stubAuthApi(buildViewer(), { logIn: () => success({ user: signedInViewer() }) });
    renderWithAuth({ options: { container: 'follow', step: 'login', prompt: 'follow' } });
    const dialog = await openModal();

    await logIn(dialog, 'ada@example.com', 'correct horse');

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(postedBodies(fetch, '/v3/login/')).toEqual([
      {
        username_or_email: 'ada@example.com',
        password: 'correct horse',
        get_user: true,
        container: 'follow',
      },
    ]);
    flushAuthEvents();
    const events = postedBodies(fetch, '/v3/events/').flatMap(
      (body) => (body as { events: unknown[] }).events,
    );
    expect(events).toContainEqual({ name: 'login_attempt', login_type: 'email', container: 'follow' });
    expect(events).toContainEqual({ name: 'login_success', login_type: 'email', container: 'follow' });
  });

  it('refuses a too-short password on the password field without asking the server', async () => {
    const fetch = stubAuthApi(buildViewer());
    renderWithAuth({ options: { container: 'home_page', step: 'login' } });
    const dialog = await openModal();

    await logIn(dialog, 'ada@example.com', 'abc');

    expect(errorOf(within(dialog).getByLabelText('Password'))).toBe('The password you entered is incorrect.');
    expect(postedBodies(fetch, '/v3/login/')).toEqual([]);
  });

  it.each([
    [
      'login_password_incorrect',
      401,
      'Password',
      'The password you entered is incorrect. Try again or Reset your password',
    ],
    ['login_password_invalid', 400, 'Password', 'The password you entered is incorrect.'],
    ['email_invalid', 400, 'Email or username', 'Your email is invalid.'],
    [
      'username_or_email_required',
      400,
      'Email or username',
      "You missed a spot! Don't forget to add your email.",
    ],
  ])('puts %s on the right field', async (code, status, label, text) => {
    stubAuthApi(buildViewer(), { logIn: () => failure(status, code) });
    renderWithAuth({ options: { container: 'home_page', step: 'login' } });
    const dialog = await openModal();

    await logIn(dialog, 'ada@example.com', 'some password');

    const field = within(dialog).getByLabelText(label);
    await waitFor(() => expect(errorOf(field)).toBe(text));
    expect(field.getAttribute('aria-invalid')).toBe('true');
  });

  // account_suspended opens its recovery modal (RecoveryFlow.test.tsx).
  it.each(['account_deactivated'])('says only that it cannot log in for %s', async (code) => {
    stubAuthApi(buildViewer(), { logIn: () => failure(403, code) });
    renderWithAuth({ options: { container: 'home_page', step: 'login' } });
    const dialog = await openModal();

    await logIn(dialog, 'ada@example.com', 'some password');

    expect((await within(dialog).findByRole('alert')).textContent).toBe("Sorry, we can't log you in.");
  });

  it('says something went wrong when the server cannot be reached', async () => {
    stubAuthApi(buildViewer(), { logIn: () => failure(500, 'internal') });
    renderWithAuth({ options: { container: 'home_page', step: 'login' } });
    const dialog = await openModal();

    await logIn(dialog, 'ada@example.com', 'some password');

    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Sorry! Something went wrong on our end.',
    );
  });

  it('opens the too-many-attempts modal when rate-limited, and comes back on OK', async () => {
    stubAuthApi(buildViewer(), { logIn: () => failure(429, 'login_rate_limited') });
    renderWithAuth({ options: { container: 'home_page', step: 'login' } });
    const dialog = await openModal();

    await logIn(dialog, 'ada@example.com', 'some password');

    expect(await within(dialog).findByRole('heading', { name: 'Too many login attempts' })).toBeTruthy();
    expect(within(dialog).getByRole('alert').textContent).toBe(
      'Oops! Too many login attempts – You have reached the maximum number of login attempts. Try again in 30 minutes.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(within(dialog).getByLabelText('Password')).toBeTruthy();
  });

  it('shows the bot check and its message when logging in too quickly, and sends the solved token', async () => {
    const salt = 'salt?expires=1&';
    const hash = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`${salt}3`));
    const challenge = [...new Uint8Array(hash)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
    let answer = failure(429, 'login_too_quick');
    const fetch = stubAuthApi(buildViewer(), {
      logIn: () => answer,
      getBotCheckChallenge: () =>
        success({
          provider: 'altcha',
          challenge: { algorithm: 'SHA-256', challenge, maxnumber: 10, salt, signature: 'sig' },
          site_key: null,
        }),
    });
    renderWithAuth({ options: { container: 'home_page', step: 'login' } });
    const dialog = await openModal();

    await logIn(dialog, 'ada@example.com', 'some password');
    expect(
      await within(dialog).findByText(
        'Oops! You logged in too quickly. Please try again with the reCAPTCHA.',
      ),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('checkbox', { name: "I'm not a robot" }));
    expect(await within(dialog).findByText('Thanks! Log in again now.')).toBeTruthy();

    answer = success({ user: signedInViewer() });
    await logIn(dialog, null, 'some password');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const token = (postedBodies(fetch, '/v3/login/').at(-1) as { recaptchaV3Token: string }).recaptchaV3Token;
    expect(JSON.parse(atob(token))).toMatchObject({ number: 3, salt, signature: 'sig' });
  });
});

describe('the personalized login', () => {
  it('welcomes back a recognised viewer, asking only for the password', async () => {
    const fetch = stubAuthApi(recognisedViewer(), {
      logIn: () => success({ user: signedInViewer() }),
    });
    renderWithAuth({ options: { container: 'home_page', step: 'login' } });
    const dialog = await openModal();

    expect(await within(dialog).findByRole('heading', { name: 'Welcome back, Ada' })).toBeTruthy();
    expect(within(dialog).getByText('ada@example.com')).toBeTruthy();
    expect(within(dialog).queryByLabelText('Email or username')).toBeNull();
    await logIn(dialog, null, 'correct horse');

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(postedBodies(fetch, '/v3/login/')[0]).toMatchObject({ username_or_email: 'ada@example.com' });
  });

  it('tells a limited-login viewer why, under an image panel of pins from the feed', async () => {
    const pins = ['1', '2', '3', '4'].map((id) => buildPin({ id }));
    stubAuthApi(recognisedViewer(), { listHomeFeed: () => success(pins) });
    renderWithAuth({ options: { container: 'home_page', step: 'login' } });
    const dialog = await openModal();

    expect(
      await within(dialog).findByText('For your security, log in again to save, follow and create.'),
    ).toBeTruthy();
    await waitFor(() => expect(dialog.querySelectorAll('[aria-hidden="true"] img')).toHaveLength(3));
  });

  it('leads to the plain login with Not you?', async () => {
    stubAuthApi(recognisedViewer());
    renderWithAuth({ options: { container: 'home_page', step: 'login' } });
    const dialog = await openModal();

    fireEvent.click(await within(dialog).findByRole('button', { name: 'Not you?' }));
    expect(within(dialog).getByRole('heading', { name: 'Log in to Pinboard' })).toBeTruthy();
    expect((within(dialog).getByLabelText('Email or username') as HTMLInputElement).value).toBe('');
  });
});

describe('the login pages', () => {
  it('serve /login with the login form, and go home after login', async () => {
    stubAuthApi(buildViewer(), { logIn: () => success({ user: signedInViewer() }) });
    const { router } = renderWithAuth({ routes: pages, path: '/login/' });

    const page = (
      await screen.findByRole('heading', { name: 'Log in to Pinboard' }, { timeout: 5000 })
    ).closest('section')!;
    await logIn(page, 'ada@example.com', 'correct horse');

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('send a logged-in viewer on at once to a same-site next, never elsewhere', async () => {
    stubAuthApi(signedInViewer());
    const { router } = renderWithAuth({ routes: pages, path: '/login/?next=%2Fada%2Fboards%2F' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/ada/boards/'));
    cleanup();

    stubAuthApi(signedInViewer());
    const second = renderWithAuth({ routes: pages, path: '/login/?next=https%3A%2F%2Fevil.example%2F' });
    await waitFor(() => expect(second.router.state.location.pathname).toBe('/'));
  });

  it('serve the business login and the sign-up page', async () => {
    stubAuthApi(buildViewer());
    renderWithAuth({ routes: pages, path: '/login/business/' });
    expect(
      await screen.findByRole('heading', { name: 'Log in to your business account' }, { timeout: 5000 }),
    ).toBeTruthy();
    cleanup();

    renderWithAuth({ routes: pages, path: '/signup/' });
    expect(await screen.findByRole('button', { name: 'Continue with email' })).toBeTruthy();
  });

  it('log in another account from /add-account with switch_account, then open its profile', async () => {
    const fetch = stubAuthApi(signedInViewer(), {
      logIn: () => success({ user: signedInViewer(grace, { accounts: [] }) }),
    });
    const { router } = renderWithAuth({ routes: pages, path: '/add-account' });

    const page = (
      await screen.findByRole('heading', { name: 'Log in to Pinboard' }, { timeout: 5000 })
    ).closest('section')!;
    await logIn(page, 'grace@example.com', 'correct horse');

    await waitFor(() => expect(router.state.location.pathname).toBe('/grace/'));
    expect(postedBodies(fetch, '/v3/login/')[0]).toMatchObject({
      switch_account: true,
      container: 'login_page',
    });
  });
});
