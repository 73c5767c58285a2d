// @vitest-environment jsdom
import '../../i18n.ts';
import type { LinkedIdentities, ProvidersResult } from '@pinboard/shared';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failure, success } from '../../test/apiStub.ts';
import { ada, clientContext, signedInViewer } from '../../test/auth.tsx';
import { press, renderSettings, section, sentBodies } from '../../test/settings.tsx';

const IDENTITIES = '/v3/users/settings/identities/';
const ON = { available: true, standin: true };
const ALL_ON: ProvidersResult = { facebook: ON, google: ON, line: ON };
const GOOGLE = { provider: 'google', email: 'ada@gmail.com', created_at: '2026-11-01T10:00:00.000Z' };
const FACEBOOK = { provider: 'facebook', email: null, created_at: '2026-11-02T10:00:00.000Z' };
const NONE: LinkedIdentities = { identities: [], has_password: true };

interface Setup {
  /** What `GET` of the list answers (a function: it is asked again after a change). */
  list?: () => Response;
  /** What `POST` (connect) answers. */
  link?: () => Response;
  answers?: Parameters<typeof renderSettings>[1];
  providers?: ProvidersResult;
  country?: string;
}

/** The security page with the identities API stubbed, and the section once listed. */
async function renderSection({
  list = () => success(NONE),
  link,
  answers = {},
  providers = ALL_ON,
  country,
}: Setup) {
  const viewer = country ? signedInViewer(ada, { client_context: clientContext(country) }) : signedInViewer();
  const { fetch } = renderSettings(
    '/settings/security/',
    {
      getAuthProviders: () => success(providers),
      getLinkedIdentities: list,
      linkIdentity: () => (link ? link() : list()),
      ...answers,
    },
    { viewer },
  );
  const box = await section('Connected accounts');
  await within(box).findByRole('list');
  return { fetch, box };
}

/** A provider's row (its name, its state, its buttons and its message). */
function row(box: HTMLElement, name: string): HTMLElement {
  return within(box).getByText(name, { selector: 'strong' }).closest('li')!;
}

const names = (box: HTMLElement) =>
  within(box)
    .queryAllByRole('listitem')
    .map((item) => item.querySelector('strong')?.textContent);

/** A popup window as `window.open` gives it; the page posts its answer with `answer`. */
function stubPopup() {
  const popup = { closed: false, close: vi.fn() };
  const open = vi.spyOn(window, 'open').mockImplementation(() => popup as unknown as Window);
  const answer = (data: unknown) =>
    act(async () => {
      window.dispatchEvent(new MessageEvent('message', { origin: window.location.origin, data }));
    });
  return { open, answer };
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('Connected accounts', () => {
  it('lists the available providers, connected ones with their email, and passes axe', async () => {
    const { box } = await renderSection({
      list: () => success({ identities: [FACEBOOK], has_password: true }),
      providers: { ...ALL_ON, google: { available: false, standin: false } },
    });
    await waitFor(() => expect(names(box)).toEqual(['Facebook']));
    expect(within(row(box, 'Facebook')).getByText('Connected')).toBeTruthy();
    expect(within(row(box, 'Facebook')).getByRole('button', { name: 'Disconnect Facebook' })).toBeTruthy();

    cleanup();
    const again = await renderSection({ list: () => success({ identities: [GOOGLE], has_password: true }) });
    await waitFor(() => expect(names(again.box)).toEqual(['Facebook', 'Google']));
    expect(within(row(again.box, 'Google')).getByText('Connected as ada@gmail.com')).toBeTruthy();
    expect(within(row(again.box, 'Facebook')).getByText('Not connected')).toBeTruthy();
    expect(within(row(again.box, 'Facebook')).getByRole('button', { name: 'Connect Facebook' })).toBeTruthy();
    const results = await axe.run(again.box, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
  });

  it('offers LINE only in Japan, but always shows it once connected', async () => {
    const { box } = await renderSection({ country: 'JP' });
    await waitFor(() => expect(names(box)).toEqual(['Facebook', 'Google', 'LINE']));

    cleanup();
    const us = await renderSection({
      list: () => success({ identities: [{ ...GOOGLE, provider: 'line', email: null }], has_password: true }),
    });
    await waitFor(() => expect(names(us.box)).toEqual(['Facebook', 'Google', 'LINE']));
    expect(within(row(us.box, 'LINE')).getByRole('button', { name: 'Disconnect LINE' })).toBeTruthy();

    cleanup();
    const plain = await renderSection({});
    await waitFor(() => expect(names(plain.box)).toEqual(['Facebook', 'Google']));
  });

  it('says so when the list cannot load', async () => {
    renderSettings('/settings/security/', {
      getAuthProviders: () => success(ALL_ON),
      getLinkedIdentities: () => failure(500, 'internal'),
    });
    const box = await section('Connected accounts');
    expect(await within(box).findByRole('alert')).toHaveProperty(
      'textContent',
      "We couldn't load your settings. Try again in a moment.",
    );
  });

  it('connects through the popup (purpose=link) and shows the new list', async () => {
    let list: LinkedIdentities = NONE;
    const { fetch, box } = await renderSection({
      list: () => success(list),
      link: () => success((list = { identities: [GOOGLE], has_password: true })),
    });
    const { open, answer } = stubPopup();
    await waitFor(() => expect(names(box)).toEqual(['Facebook', 'Google']));

    await press(row(box, 'Google'), 'Connect Google');
    expect(open).toHaveBeenCalledWith(
      '/connect/google/?purpose=link',
      'pinboard-connect-google',
      expect.any(String),
    );
    await answer({ type: 'social-connect-complete', provider: 'google', id_token: 'google-id-token' });

    expect(await screen.findByText('Google is connected.')).toBeTruthy();
    expect(within(row(box, 'Google')).getByText('Connected as ada@gmail.com')).toBeTruthy();
    expect(sentBodies(fetch, IDENTITIES, 'POST')).toEqual([
      { provider: 'google', google_open_id_token: 'google-id-token' },
    ]);
  });

  it("shows the popup's failures on the row", async () => {
    const { fetch, box } = await renderSection({});
    await waitFor(() => expect(names(box)).toEqual(['Facebook', 'Google']));
    const google = row(box, 'Google');

    const { open, answer } = stubPopup();
    open.mockReturnValueOnce(null);
    await press(google, 'Connect Google');
    expect(within(google).getByRole('alert').textContent).toBe('You must enable popups!');

    await press(google, 'Connect Google');
    await answer({ type: 'social-connect-error', provider: 'google', error: 'access_denied' });
    await waitFor(() =>
      expect(within(google).getByRole('alert').textContent).toBe(
        "Couldn't connect. You must authorize Pinboard.",
      ),
    );

    await press(google, 'Connect Google');
    await answer({ type: 'social-connect-error', provider: 'google', error: 'provider_unavailable' });
    await waitFor(() =>
      expect(within(google).getByRole('alert').textContent).toBe(
        "Google isn't available right now. Try again later.",
      ),
    );
    expect(sentBodies(fetch, IDENTITIES, 'POST')).toEqual([]);
  });

  it('shows identity_taken on the row', async () => {
    const { fetch, box } = await renderSection({ link: () => failure(409, 'identity_taken') });
    const { answer } = stubPopup();
    await waitFor(() => expect(names(box)).toEqual(['Facebook', 'Google']));
    const facebook = row(box, 'Facebook');

    await press(facebook, 'Connect Facebook');
    await answer({
      type: 'social-connect-complete',
      provider: 'facebook',
      facebook_id: '42',
      facebook_token: 'fb-token',
    });

    await waitFor(() =>
      expect(within(facebook).getByRole('alert').textContent).toBe(
        'This account is already connected to another Pinboard account.',
      ),
    );
    expect(within(facebook).getByText('Not connected')).toBeTruthy();
    expect(sentBodies(fetch, IDENTITIES, 'POST')).toEqual([
      { provider: 'facebook', facebook_id: '42', facebook_token: 'fb-token' },
    ]);
  });

  it('disconnects after a confirmation', async () => {
    const { fetch, box } = await renderSection({
      list: () => success({ identities: [GOOGLE], has_password: true }),
      answers: { unlinkIdentity: () => success(NONE) },
    });
    const google = await waitFor(() => row(box, 'Google'));

    await press(google, 'Disconnect Google');
    expect(
      within(google).getByText("Disconnect Google? You won't be able to log in with it any more."),
    ).toBeTruthy();
    await press(google, 'Cancel');
    expect(within(google).queryByText(/You won't be able to log in/)).toBeNull();

    await press(google, 'Disconnect Google');
    await press(google, 'Yes, disconnect');
    expect(await screen.findByText('Google is disconnected.')).toBeTruthy();
    expect(within(row(box, 'Google')).getByText('Not connected')).toBeTruthy();
    expect(sentBodies(fetch, `${IDENTITIES}google/`, 'DELETE')).toHaveLength(1);
  });

  it('asks for a password before the last way in is disconnected', async () => {
    const { box } = await renderSection({
      list: () => success({ identities: [GOOGLE], has_password: false }),
    });
    const google = await waitFor(() => row(box, 'Google'));

    const button = within(google).getByRole('button', { name: 'Disconnect Google' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    const note = document.getElementById(button.getAttribute('aria-describedby')!)!;
    expect(note.textContent).toBe(
      "Google is your only way to log in. To disconnect it, first set a password (we'll email you a link).",
    );
    expect(within(note).getByRole('link', { name: 'set a password' }).getAttribute('href')).toBe(
      '/password/reset/?ue=ada%40example.com',
    );
  });

  it("shows the server's identity_last_login_method on the row, then the reason", async () => {
    let list: LinkedIdentities = { identities: [GOOGLE], has_password: true };
    const { box } = await renderSection({
      list: () => success(list),
      answers: {
        unlinkIdentity: () => {
          // The password went away on another device meanwhile.
          list = { identities: [GOOGLE], has_password: false };
          return failure(400, 'identity_last_login_method');
        },
      },
    });
    const google = await waitFor(() => row(box, 'Google'));

    await press(google, 'Disconnect Google');
    await press(google, 'Yes, disconnect');
    await waitFor(() =>
      expect(within(google).getByRole('alert').textContent).toBe(
        'Set a password or connect another account before you disconnect this one.',
      ),
    );
    expect(await within(google).findByRole('link', { name: 'set a password' })).toBeTruthy();
  });
});
