// @vitest-environment jsdom
import '../../../i18n.ts';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { failure, success } from '../../../test/apiStub.ts';
import {
  buildViewer,
  postedBodies,
  renderWithAuth,
  signedInViewer,
  signedUp,
  skipInterests,
  stubAuthApi,
} from '../../../test/auth.tsx';
import { postFromPopup, providersAnswer, stubPopups } from '../../../test/social.ts';
import { flushAuthEvents } from '../analytics.ts';
import { dismissOneTap, isOneTapDismissed, ONE_TAP_DISMISSED_MS } from './dismissal.ts';
import { OneTapCard } from './OneTapCard.tsx';
import { OneTapSlot } from './OneTapSlot.tsx';

const googleAnswer = { type: 'social-connect-complete', provider: 'google', id_token: 'one-tap-token' };
const newcomer = signedInViewer({ ...signedInViewer().user!, id: '9', username: 'newcomer' });

async function click(scope: HTMLElement, name: string) {
  await act(async () => {
    fireEvent.click(within(scope).getByRole('button', { name }));
  });
}

/** The card on a pin page, with the app's providers and modal. */
function renderCard(answers: Parameters<typeof stubAuthApi>[1] = {}, path = '/pin/1/') {
  const fetch = stubAuthApi(buildViewer(), { getAuthProviders: providersAnswer(), ...answers });
  renderWithAuth({ routes: [{ path: '*', element: <OneTapCard /> }], path });
  return fetch;
}

/** Holds the answers to `path` from now on until the returned function is called. */
function holdAnswers(fetch: ReturnType<typeof stubAuthApi>, path: string) {
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  const base = fetch.getMockImplementation()!;
  fetch.mockImplementation(async (input, init) => {
    if (new URL(String(input), 'http://localhost').pathname === path) await gate;
    return base(input, init);
  });
  return () => release();
}

const away = () => document.documentElement.hasAttribute('data-one-tap-away');

beforeEach(() => {
  localStorage.clear();
  document.documentElement.removeAttribute('data-one-tap-away');
  document.cookie = 'underage=; Max-Age=0; Path=/';
});

afterEach(() => {
  flushAuthEvents();
  cleanup();
  vi.unstubAllGlobals();
});

describe('one-tap sign-up', () => {
  it('registers with the one-tap token, shows Welcome with its bar until the page is the new account’s, then asks for interests', async () => {
    const fetch = renderCard({ signUp: () => signedUp(newcomer) });
    const card = await screen.findByRole('complementary', { name: 'Sign in to Pinboard with Google' });
    const release = holdAnswers(fetch, '/v3/auth/providers/');
    const { opened } = stubPopups();

    await click(card, 'Continue with Google');
    expect(opened[0]!.url).toBe('/connect/google/?purpose=one_tap');
    await postFromPopup(googleAnswer);

    const welcome = await screen.findByRole('dialog', { name: 'Welcome' });
    const bar = within(welcome).getByRole('progressbar').firstElementChild as HTMLElement;
    expect(bar.style.width).toBe('95%');
    expect(bar.style.transition).toBe('width 6000ms linear');
    expect(postedBodies(fetch, '/v3/register/')).toEqual([
      {
        type: 'google_one_tap',
        google_open_id_token: 'one-tap-token',
        country: 'US',
        signup_source: 'homePage',
        container: 'home_page',
      },
    ]);

    release();
    // The account is new: the modal opens on the interests step once Welcome goes.
    const interests = await screen.findByRole('dialog', { name: 'What are you interested in?' });
    expect(screen.queryByRole('dialog', { name: 'Welcome' })).toBeNull();
    expect(screen.queryByRole('complementary')).toBeNull();
    await skipInterests(interests);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(postedBodies(fetch, '/v3/register/')).toHaveLength(1);
  });

  it('signs a known Google account in with Welcome only: no interests step after a login', async () => {
    const fetch = renderCard({ signUp: () => signedUp(newcomer, false) });
    const card = await screen.findByRole('complementary');
    const release = holdAnswers(fetch, '/v3/auth/providers/');
    stubPopups();
    await click(card, 'Continue with Google');
    await postFromPopup(googleAnswer);

    expect(await screen.findByRole('dialog', { name: 'Welcome' })).toBeTruthy();
    release();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Welcome' })).toBeNull());
    // Time for a modal to open, had one been asked for.
    await act(async () => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('complementary')).toBeNull();
    expect(postedBodies(fetch, '/v3/register/')).toHaveLength(1);
  });

  it('continues in the modal when the provider gave no birthday, then Welcome, then interests', async () => {
    let registered = 0;
    const fetch = renderCard({
      signUp: () =>
        registered++ === 0 ? failure(400, 'birthday_required', { field: 'birthday' }) : signedUp(newcomer),
    });
    const card = await screen.findByRole('complementary');
    stubPopups();
    await click(card, 'Continue with Google');
    await postFromPopup(googleAnswer);

    const dialog = await screen.findByRole('dialog', { name: 'Add your birthdate' });
    fireEvent.change(within(dialog).getByLabelText('Birthdate'), { target: { value: '1990-05-01' } });
    const release = holdAnswers(fetch, '/v3/auth/providers/');
    await click(dialog, 'Continue');

    expect(await screen.findByRole('dialog', { name: 'Welcome' })).toBeTruthy();
    release();
    expect(postedBodies(fetch, '/v3/register/').at(-1)).toMatchObject({
      type: 'google_one_tap',
      google_open_id_token: 'one-tap-token',
      birthday: Date.UTC(1990, 4, 1) / 1000,
    });
    const interests = await screen.findByRole('dialog', { name: 'What are you interested in?' });
    expect(screen.queryByRole('dialog', { name: 'Welcome' })).toBeNull();
    await skipInterests(interests);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says what went wrong in the card, and goes for a week when dismissed', async () => {
    renderCard();
    const card = await screen.findByRole('complementary');
    stubPopups({ blocked: true });
    await click(card, 'Continue with Google');
    expect(within(card).getByRole('alert').textContent).toBe('You must enable popups!');

    await click(card, 'Dismiss');
    expect(screen.queryByRole('complementary')).toBeNull();
    expect(away()).toBe(true);
    cleanup();

    // A new tab (or a visit tomorrow) does not bring it back; a week later it is offered again.
    renderCard();
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByRole('complementary')).toBeNull();
    expect(isOneTapDismissed(Date.now() + ONE_TAP_DISMISSED_MS - 60_000)).toBe(true);
    expect(isOneTapDismissed(Date.now() + ONE_TAP_DISMISSED_MS + 60_000)).toBe(false);
  });

  it('goes from every open tab once dismissed in one', async () => {
    renderCard();
    await screen.findByRole('complementary');
    dismissOneTap();
    document.documentElement.removeAttribute('data-one-tap-away');
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'pinboard.oneTapDismissedUntil' }));
    });
    expect(screen.queryByRole('complementary')).toBeNull();
    // The page here gives back the column it kept for the card too.
    expect(away()).toBe(true);
  });

  it('is not offered on the login pages, nor when Google is unavailable or disabled', async () => {
    renderCard({}, '/login/');
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByRole('complementary')).toBeNull();
    cleanup();

    renderCard({ getExperimentGroups: () => success({ web_disable_google_login: 'enabled' }) });
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByRole('complementary')).toBeNull();
    cleanup();

    // Without Google sign-in the card never shows: the page takes back the column it kept.
    expect(away()).toBe(true);
    document.documentElement.removeAttribute('data-one-tap-away');
    renderCard({ getAuthProviders: providersAnswer({ google: { available: false, standin: false } }) });
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByRole('complementary')).toBeNull();
    expect(away()).toBe(true);
  });

  it('loads the card lazily once the browser is idle, for visitors only', async () => {
    const idle = vi.fn((callback: () => void) => {
      callback();
      return 1;
    });
    vi.stubGlobal('requestIdleCallback', idle);
    vi.stubGlobal('cancelIdleCallback', () => {});
    stubAuthApi(buildViewer(), { getAuthProviders: providersAnswer() });
    renderWithAuth({ routes: [{ path: '*', element: <OneTapSlot /> }] });
    expect(await screen.findByRole('complementary', {}, { timeout: 5000 })).toBeTruthy();
    expect(idle).toHaveBeenCalled();
    cleanup();

    idle.mockClear();
    stubAuthApi(signedInViewer(), { getAuthProviders: providersAnswer() });
    renderWithAuth({ routes: [{ path: '*', element: <OneTapSlot /> }] });
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(idle).not.toHaveBeenCalled();
    expect(screen.queryByRole('complementary')).toBeNull();
  });
});
