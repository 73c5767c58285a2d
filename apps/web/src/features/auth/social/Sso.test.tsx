// @vitest-environment jsdom
import '../../../i18n.ts';
import type { SsoInfo } from '@pinboard/shared';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failure, success } from '../../../test/apiStub.ts';
import {
  buildViewer,
  openModal,
  postedBodies,
  renderWithAuth,
  signedInViewer,
  signedUp,
  skipInterests,
  stubAuthApi,
} from '../../../test/auth.tsx';
import { postFromPopup, stubPopups } from '../../../test/social.ts';
import { flushAuthEvents } from '../analytics.ts';

const AUTHORIZE = 'https://idp.acme.example/authorize?state=s1&nonce=n1&code_challenge=c1';

function ssoInfo(overrides: Partial<SsoInfo> = {}): SsoInfo {
  return {
    is_sso: true,
    existing_user: false,
    existing_user_is_sso: false,
    authorization_uri: AUTHORIZE,
    exchange_code_to_token_info_url: '/v3/sso/exchange/',
    redirect_uri: 'http://localhost:3000/sso/callback/',
    ...overrides,
  };
}
const notSso = () =>
  success({
    is_sso: false,
    existing_user: false,
    existing_user_is_sso: false,
    authorization_uri: null,
    exchange_code_to_token_info_url: null,
    redirect_uri: null,
  });
const tokens = (token = 'sso-id-token') =>
  success({ sso_id: 'acme|1', sso_id_token: token, sso_email: 'ada@acme.example', sso_user_name: 'Ada' });

async function click(scope: HTMLElement, name: string) {
  await act(async () => {
    fireEvent.click(within(scope).getByRole('button', { name }));
  });
}

async function openWith(step: 'signup' | 'login', answers: Parameters<typeof stubAuthApi>[1]) {
  const fetch = stubAuthApi(buildViewer(), answers);
  renderWithAuth({ options: { container: 'home_page', step } });
  const dialog = await openModal();
  const label = step === 'signup' ? 'Email' : 'Email or username';
  const email = await within(dialog).findByLabelText(label);
  return { fetch, dialog, email };
}

afterEach(() => {
  flushAuthEvents();
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('single sign-on by email domain', () => {
  it('checks the address 300 ms after it becomes valid, and only then', async () => {
    const { fetch, dialog, email } = await openWith('signup', {
      getSsoInfo: notSso,
      checkEmailExists: () => success(false),
    });
    vi.useFakeTimers();

    fireEvent.change(email, { target: { value: 'ada@acme' } });
    await act(async () => vi.advanceTimersByTime(1000));
    expect(postedBodies(fetch, '/v3/sso/info/')).toEqual([]);
    fireEvent.change(email, { target: { value: 'ada@acme.exampl' } });
    fireEvent.change(email, { target: { value: 'ada@acme.example' } });
    await act(async () => vi.advanceTimersByTime(299));
    expect(postedBodies(fetch, '/v3/sso/info/')).toEqual([]);
    await act(async () => vi.advanceTimersByTime(1));
    expect(postedBodies(fetch, '/v3/sso/info/')).toEqual([{ email: 'ada@acme.example' }]);
    // Not an SSO domain: the password stays.
    expect(within(dialog).getByLabelText('Create a password')).toBeTruthy();
  });

  it('replaces the password with single sign-on, opens the 600x600 popup, exchanges the code and signs up', async () => {
    const { fetch, dialog, email } = await openWith('signup', {
      getSsoInfo: () => success(ssoInfo()),
      exchangeSsoCode: () => tokens(),
      signUp: () => signedUp(signedInViewer()),
    });
    const { open } = stubPopups();

    fireEvent.change(email, { target: { value: 'ada@acme.example' } });
    await within(dialog).findByRole('button', { name: 'Continue with single sign-on' });
    expect(within(dialog).queryByLabelText('Create a password')).toBeNull();
    expect(within(dialog).queryByLabelText('Birthdate')).toBeNull();
    await click(dialog, 'Continue with single sign-on');

    expect(open).toHaveBeenCalledWith(
      AUTHORIZE,
      'pinboard-sso',
      expect.stringMatching(/^width=600,height=600,/),
    );
    await postFromPopup({
      type: 'sso-callback',
      code: 'the-code',
      state: 's1',
      iss: 'https://idp.acme.example',
    });

    await skipInterests(dialog);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(postedBodies(fetch, '/v3/sso/exchange/')).toEqual([
      { code: 'the-code', state: 's1', iss: 'https://idp.acme.example' },
    ]);
    expect(postedBodies(fetch, '/v3/register/')).toEqual([
      {
        type: 'sso',
        sso_id_token: 'sso-id-token',
        country: 'US',
        signup_source: 'homePage',
        container: 'home_page',
      },
    ]);
  });

  it('logs an existing SSO user in from the login form', async () => {
    const { fetch, dialog, email } = await openWith('login', {
      getSsoInfo: () => success(ssoInfo({ existing_user: true, existing_user_is_sso: true })),
      exchangeSsoCode: () => tokens(),
      logIn: () => success({ user: signedInViewer() }),
    });
    stubPopups();

    fireEvent.change(email, { target: { value: 'ada@acme.example' } });
    await within(dialog).findByRole('button', { name: 'Continue with single sign-on' });
    expect(within(dialog).queryByLabelText('Password')).toBeNull();
    // Enter in the email field does the same as the button.
    await act(async () => {
      fireEvent.submit(email.closest('form')!);
    });
    await postFromPopup({ type: 'sso-callback', code: 'the-code', state: 's1' });

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(postedBodies(fetch, '/v3/login/')).toEqual([
      {
        sso_id_token: 'sso-id-token',
        sso_user_email: 'ada@acme.example',
        get_user: true,
        container: 'home_page',
      },
    ]);
    expect(postedBodies(fetch, '/v3/register/')).toEqual([]);
  });

  it('keeps the password for an existing account that is not an SSO one', async () => {
    const { fetch, dialog, email } = await openWith('login', {
      getSsoInfo: () => success(ssoInfo({ existing_user: true, existing_user_is_sso: false })),
    });
    fireEvent.change(email, { target: { value: 'ada@acme.example' } });
    await waitFor(() => expect(postedBodies(fetch, '/v3/sso/info/')).toHaveLength(1));
    await act(async () => {});
    expect(within(dialog).queryByRole('button', { name: 'Continue with single sign-on' })).toBeNull();
    expect(within(dialog).getByLabelText('Password')).toBeTruthy();
  });

  it("says 'No tokens returned' when the exchange brings no token", async () => {
    const { fetch, dialog, email } = await openWith('signup', {
      getSsoInfo: () => success(ssoInfo()),
      exchangeSsoCode: () => tokens(''),
    });
    stubPopups();
    fireEvent.change(email, { target: { value: 'ada@acme.example' } });
    await within(dialog).findByRole('button', { name: 'Continue with single sign-on' });
    await click(dialog, 'Continue with single sign-on');
    await postFromPopup({ type: 'sso-callback', code: 'the-code', state: 's1' });

    expect((await within(dialog).findByRole('alert')).textContent).toBe('No tokens returned');
    expect(postedBodies(fetch, '/v3/register/')).toEqual([]);
  });

  it("says 'Window is undefined' when no popup can open, and the server's sso_no_tokens the same way", async () => {
    const { dialog, email } = await openWith('signup', {
      getSsoInfo: () => success(ssoInfo()),
      exchangeSsoCode: () => failure(502, 'sso_no_tokens'),
    });
    stubPopups({ blocked: true });
    fireEvent.change(email, { target: { value: 'ada@acme.example' } });
    await within(dialog).findByRole('button', { name: 'Continue with single sign-on' });
    await click(dialog, 'Continue with single sign-on');
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Window is undefined');

    stubPopups();
    await click(dialog, 'Continue with single sign-on');
    await postFromPopup({ type: 'sso-callback', code: 'the-code', state: 's1' });
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toBe('No tokens returned'));
  });

  it("says it could not connect when the organisation's page answers an error", async () => {
    const { dialog, email } = await openWith('signup', { getSsoInfo: () => success(ssoInfo()) });
    stubPopups();
    fireEvent.change(email, { target: { value: 'ada@acme.example' } });
    await within(dialog).findByRole('button', { name: 'Continue with single sign-on' });
    await click(dialog, 'Continue with single sign-on');
    await postFromPopup({ type: 'sso-callback', error: 'access_denied' });
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      "Couldn't connect. You must authorize Pinboard.",
    );
  });
});
