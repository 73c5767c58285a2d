// @vitest-environment jsdom
import '../../../i18n.ts';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failure, success } from '../../../test/apiStub.ts';
import {
  buildViewer,
  clientContext,
  openModal,
  postedBodies,
  recognisedViewer,
  renderWithAuth,
  signedInViewer,
  stubAuthApi,
} from '../../../test/auth.tsx';
import { postFromPopup, providersAnswer, stubPopups } from '../../../test/social.ts';
import { flushAuthEvents } from '../analytics.ts';

const googleAnswer = { type: 'social-connect-complete', provider: 'google', id_token: 'google-id-token' };

async function click(scope: HTMLElement, name: string) {
  await act(async () => {
    fireEvent.click(within(scope).getByRole('button', { name }));
  });
}

/** The text of the alert right under a provider's button. */
function errorUnder(button: HTMLElement): string | null {
  return button.parentElement?.querySelector('[role="alert"]')?.textContent ?? null;
}

async function openLogin(answers: Parameters<typeof stubAuthApi>[1] = {}, viewer = buildViewer()) {
  const fetch = stubAuthApi(viewer, { getAuthProviders: providersAnswer(), ...answers });
  renderWithAuth({ options: { container: 'home_page', step: 'login' } });
  const dialog = await openModal();
  await within(dialog).findByRole('button', { name: 'Continue with Google' });
  return { fetch, dialog };
}

afterEach(() => {
  flushAuthEvents();
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  localStorage.clear();
});

describe('provider buttons', () => {
  it('offers Facebook and Google, and LINE only in Japan', async () => {
    const { dialog } = await openLogin();
    expect(within(dialog).getByRole('button', { name: 'Continue with Facebook' })).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Continue with LINE' })).toBeNull();
    cleanup();

    const japan = buildViewer({ client_context: clientContext('JP') });
    const again = await openLogin({}, japan);
    expect(within(again.dialog).getByRole('button', { name: 'Continue with LINE' })).toBeTruthy();
  });

  it('hides what the server cannot serve and what the experiments disable, and says when a stand-in serves', async () => {
    stubAuthApi(buildViewer(), {
      getAuthProviders: providersAnswer({ google: { available: true, standin: true } }),
      getExperimentGroups: () => success({ web_disable_facebook_login: 'enabled' }),
    });
    renderWithAuth({ options: { container: 'home_page', step: 'login' } });
    const dialog = await openModal();

    await within(dialog).findByRole('button', { name: 'Continue with Google' });
    await waitFor(() =>
      expect(within(dialog).queryByRole('button', { name: 'Continue with Facebook' })).toBeNull(),
    );
    expect(within(dialog).getByText(/Development stand-in/)).toBeTruthy();
    cleanup();

    stubAuthApi(buildViewer(), {
      getAuthProviders: providersAnswer({ facebook: { available: false, standin: false } }),
      getExperimentGroups: () => success({ web_disable_google_login: 'enabled' }),
    });
    renderWithAuth({ options: { container: 'home_page', step: 'login' } });
    const second = await openModal();
    await within(second).findByLabelText('Email or username');
    await waitFor(() => expect(within(second).queryByText('OR')).toBeNull());
    expect(within(second).queryByRole('button', { name: /Continue with/ })).toBeNull();
  });
});

describe('the popup', () => {
  it('opens /connect/google/ and asks to enable popups when the browser blocks it', async () => {
    const { dialog } = await openLogin();
    const { open } = stubPopups({ blocked: true });

    await click(dialog, 'Continue with Google');

    expect(open).toHaveBeenCalledWith(
      '/connect/google/',
      'pinboard-connect-google',
      expect.stringMatching(/^width=600,height=600/),
    );
    const button = within(dialog).getByRole('button', { name: 'Continue with Google' });
    await waitFor(() => expect(errorUnder(button)).toBe('You must enable popups!'));
  });

  it('says it could not connect when the popup closes without an answer', async () => {
    const { dialog, fetch } = await openLogin();
    const { opened } = stubPopups();

    await click(dialog, 'Continue with Google');
    opened[0]!.closed = true;

    const button = within(dialog).getByRole('button', { name: 'Continue with Google' });
    await waitFor(() => expect(errorUnder(button)).toBe("Couldn't connect. You must authorize Pinboard."), {
      timeout: 2500,
    });
    expect(postedBodies(fetch, '/v3/login/')).toEqual([]);
  });

  it('ignores messages from other origins and says it could not connect when the person said no', async () => {
    const { dialog } = await openLogin();
    stubPopups();

    await click(dialog, 'Continue with Facebook');
    await postFromPopup(googleAnswer, 'https://evil.example');
    await postFromPopup({ type: 'social-connect-error', provider: 'facebook', error: 'access_denied' });

    const button = within(dialog).getByRole('button', { name: 'Continue with Facebook' });
    await waitFor(() => expect(errorUnder(button)).toBe("Couldn't connect. You must authorize Pinboard."));
  });

  it("shows 'Oops! Google isn't available' when the provider is down, and OK goes back", async () => {
    const { dialog } = await openLogin();
    stubPopups();

    await click(dialog, 'Continue with Google');
    await postFromPopup({ type: 'social-connect-error', provider: 'google', error: 'provider_unavailable' });

    expect(await within(dialog).findByRole('heading', { name: "Oops! Google isn't available" })).toBeTruthy();
    expect(screen.getByRole('dialog', { name: "Oops! Google isn't available" })).toBe(dialog);
    await click(dialog, 'OK');
    expect(await within(dialog).findByRole('heading', { name: 'Log in to Pinboard' })).toBeTruthy();
  });
});

describe('social login', () => {
  it('logs in with the popup’s ID token and closes', async () => {
    const { dialog, fetch } = await openLogin({ logIn: () => success({ user: signedInViewer() }) });
    const { opened } = stubPopups();

    await click(dialog, 'Continue with Google');
    await postFromPopup(googleAnswer);

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(opened[0]!.url).toBe('/connect/google/');
    expect(postedBodies(fetch, '/v3/login/')).toEqual([
      { google_open_id_token: 'google-id-token', get_user: true, container: 'home_page' },
    ]);
    flushAuthEvents();
    const events = postedBodies(fetch, '/v3/events/').flatMap(
      (body) => (body as { events: unknown[] }).events,
    );
    expect(events).toContainEqual({
      name: 'login_success',
      login_type: 'google_one_tap',
      container: 'home_page',
    });
  });

  it('logs in with Facebook’s id and token', async () => {
    const { dialog, fetch } = await openLogin({ logIn: () => success({ user: signedInViewer() }) });
    stubPopups();

    await click(dialog, 'Continue with Facebook');
    await postFromPopup({
      type: 'social-connect-complete',
      provider: 'facebook',
      facebook_id: '1234',
      facebook_token: 'fb-access',
    });

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(postedBodies(fetch, '/v3/login/')).toEqual([
      { facebook_id: '1234', facebook_token: 'fb-access', get_user: true, container: 'home_page' },
    ]);
  });

  it('asks for the texted code after a social login and repeats the token with it', async () => {
    const { dialog, fetch } = await openLogin({
      logIn: () => failure(401, 'mfa_required', { field: 'mfa_token', data: { phone_number_end: '0100' } }),
    });
    stubPopups();
    await click(dialog, 'Continue with Google');
    await postFromPopup(googleAnswer);
    const code = await within(dialog).findByLabelText('Verification code');
    expect(within(dialog).getByText('Enter the code we texted to the number ending in 0100.')).toBeTruthy();

    const base = fetch.getMockImplementation()!;
    fetch.mockImplementation(async (input, init) =>
      String(input) === '/v3/login/' ? success({ user: signedInViewer() }) : base(input, init),
    );
    fireEvent.change(code, { target: { value: '123456' } });
    await click(dialog, 'Next');

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(postedBodies(fetch, '/v3/login/').at(-1)).toEqual({
      google_open_id_token: 'google-id-token',
      get_user: true,
      container: 'home_page',
      mfa_token: '123456',
    });
  });

  it('puts a deactivated account’s message under the Google button', async () => {
    const { dialog } = await openLogin({ logIn: () => failure(403, 'account_deactivated') });
    stubPopups();

    await click(dialog, 'Continue with Facebook');
    await postFromPopup({
      type: 'social-connect-complete',
      provider: 'facebook',
      facebook_id: '1',
      facebook_token: 't',
    });

    const google = within(dialog).getByRole('button', { name: 'Continue with Google' });
    await waitFor(() => expect(errorUnder(google)).toBe("Sorry, we can't log you in."));
  });

  it('places provider-only accounts’ password errors under their buttons, with the recovery link', async () => {
    const fetch = stubAuthApi(buildViewer(), {
      getAuthProviders: providersAnswer(),
      getExperimentGroups: () => success({ web_disable_facebook_login: 'enabled' }),
      logIn: () => failure(400, 'login_facebook_unavailable', { field: 'facebook' }),
    });
    renderWithAuth({ options: { container: 'home_page', step: 'login' } });
    const dialog = await openModal();
    await within(dialog).findByRole('button', { name: 'Continue with Google' });
    fireEvent.change(within(dialog).getByLabelText('Email or username'), {
      target: { value: 'ada@example.com' },
    });
    fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: 'a long password' } });
    await click(dialog, 'Log in');

    // Facebook's button is hidden (its login is disabled), its message is not.
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe(
      'Your account is connected to Facebook, but Facebook login is no longer available. Recover your account',
    );
    expect(within(dialog).queryByRole('button', { name: 'Continue with Facebook' })).toBeNull();
    await click(alert, 'Recover your account');
    expect(((await within(dialog).findByLabelText(/email or username/i)) as HTMLInputElement).value).toBe(
      'ada@example.com',
    );
    expect(postedBodies(fetch, '/v3/login/')).toHaveLength(1);
  });

  it('shows the Welcome back screen’s buttons only for the providers the account is connected to', async () => {
    const viewer = recognisedViewer();
    viewer.info = { ...viewer.info!, connectedToGoogle: true };
    stubAuthApi(viewer, { getAuthProviders: providersAnswer() });
    renderWithAuth({ options: { container: 'home_page', step: 'login' } });
    const dialog = await openModal();

    await within(dialog).findByRole('button', { name: 'Continue with Google' });
    expect(within(dialog).queryByRole('button', { name: 'Continue with Facebook' })).toBeNull();
  });
});
