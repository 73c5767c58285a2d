// @vitest-environment jsdom
import '../../../i18n.ts';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { failure, success } from '../../../test/apiStub.ts';
import {
  buildViewer,
  clientContext,
  openModal,
  postedBodies,
  renderWithAuth,
  signedInViewer,
  signedUp,
  skipInterests,
  stubAuthApi,
} from '../../../test/auth.tsx';
import { idToken, postFromPopup, providersAnswer, stubPopups } from '../../../test/social.ts';
import { flushAuthEvents } from '../analytics.ts';

const googleAnswer = { type: 'social-connect-complete', provider: 'google', id_token: 'google-id-token' };
const notFound = () => failure(404, 'social_account_not_found');

async function click(scope: HTMLElement, name: string) {
  await act(async () => {
    fireEvent.click(within(scope).getByRole('button', { name }));
  });
}

function errorOf(field: HTMLElement): string | null {
  const id = field.getAttribute('aria-describedby');
  return id ? (document.getElementById(id.split(' ')[0]!)?.textContent ?? null) : null;
}

/** Register answers in turn (the last one repeats). */
function answersInTurn(...answers: Array<() => Response>) {
  let call = 0;
  return () => answers[Math.min(call++, answers.length - 1)]!();
}

/** The sign-up modal with every provider, and a popup that will answer. */
async function openSignup(answers: Parameters<typeof stubAuthApi>[1], viewer = buildViewer()) {
  const fetch = stubAuthApi(viewer, { getAuthProviders: providersAnswer(), ...answers });
  renderWithAuth({ options: { container: 'home_page' } });
  const dialog = await openModal();
  await within(dialog).findByRole('button', { name: 'Continue with Google' });
  stubPopups();
  return { fetch, dialog };
}

beforeEach(() => {
  document.cookie = 'underage=; Max-Age=0; Path=/';
});

afterEach(() => {
  flushAuthEvents();
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('social sign-up', () => {
  it('signs a new identity up with the same token, asking its birthday when the provider gave none', async () => {
    const { dialog, fetch } = await openSignup({
      logIn: notFound,
      signUp: answersInTurn(
        () => failure(400, 'birthday_required', { field: 'birthday' }),
        () => signedUp(signedInViewer()),
      ),
    });

    await click(dialog, 'Continue with Google');
    await postFromPopup(googleAnswer);
    expect(await within(dialog).findByRole('heading', { name: 'Add your birthdate' })).toBeTruthy();

    const birthday = within(dialog).getByLabelText('Birthdate');
    await click(dialog, 'Continue');
    await waitFor(() =>
      expect(errorOf(birthday)).toBe("You missed a spot. Don't forget to add your birthday."),
    );
    fireEvent.change(birthday, { target: { value: `${new Date().getUTCFullYear() + 1}-01-01` } });
    await click(dialog, 'Continue');
    await waitFor(() => expect(errorOf(birthday)).toBe('Invalid date'));
    expect(postedBodies(fetch, '/v3/register/')).toHaveLength(1);

    fireEvent.change(birthday, { target: { value: '1990-05-01' } });
    await click(dialog, 'Continue');

    await skipInterests(dialog);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [first, second] = postedBodies(fetch, '/v3/register/') as Array<Record<string, unknown>>;
    expect(first).toEqual({
      type: 'google',
      google_open_id_token: 'google-id-token',
      country: 'US',
      signup_source: 'homePage',
      container: 'home_page',
    });
    expect(second).toEqual({ ...first, birthday: Date.UTC(1990, 4, 1) / 1000 });
  });

  it("asks a provider's new account for interests, as an email sign-up, and saves the three picked", async () => {
    const cover = (id: string) => ({
      pin_id: id,
      dominant_color: '#aabbcc',
      images: Object.fromEntries(
        ['236x', '474x', '736x', 'orig'].map((size) => [
          size,
          { url: `/media/${id}.jpg`, width: 236, height: 300 },
        ]),
      ),
    });
    const names = ['garden', 'coffee', 'travel', 'art'];
    const { dialog, fetch } = await openSignup({
      logIn: notFound,
      signUp: () => signedUp(signedInViewer()),
      getInterests: () =>
        success({
          interests: names.map((name, i) => ({
            name,
            id: String(i),
            url: `/ideas/${name}/${i}/`,
            cover: cover(String(i)),
          })),
          chosen: [],
        }),
      setMyInterests: ({ body }) =>
        success({ interests: [], chosen: (body as { interests: string[] }).interests }),
    });
    await click(dialog, 'Continue with Google');
    await postFromPopup(googleAnswer);

    const list = await within(dialog).findByRole('list', { name: 'What are you interested in?' });
    expect(postedBodies(fetch, '/v3/register/')).toHaveLength(1);
    for (const name of ['garden', 'coffee', 'travel'])
      fireEvent.click(within(list).getByRole('button', { name }));
    await click(dialog, 'Next');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const puts = fetch.mock.calls.filter(
      ([input, init]) => String(input).startsWith('/v3/users/me/interests/') && init?.method === 'PUT',
    );
    expect(puts.map(([, init]) => JSON.parse(String(init?.body)) as unknown)).toEqual([
      { interests: ['garden', 'coffee', 'travel'] },
    ]);
  });

  it('takes an underage birthday down the underage path without registering', async () => {
    const { dialog, fetch } = await openSignup({
      logIn: notFound,
      signUp: () => failure(400, 'birthday_required', { field: 'birthday' }),
    });
    await click(dialog, 'Continue with Google');
    await postFromPopup(googleAnswer);
    const birthday = await within(dialog).findByLabelText('Birthdate');

    fireEvent.change(birthday, { target: { value: `${new Date().getUTCFullYear() - 5}-06-01` } });
    await click(dialog, 'Continue');

    expect(await within(dialog).findByRole('button', { name: 'Confirm' })).toBeTruthy();
    expect(document.cookie).toContain('underage=1');
    expect(postedBodies(fetch, '/v3/register/')).toHaveLength(1);
    await click(dialog, 'Edit');
    expect(await within(dialog).findByRole('heading', { name: 'Add your birthdate' })).toBeTruthy();
  });

  it('asks for an email when the provider gave none, and Not now goes back to sign-up', async () => {
    const { dialog, fetch } = await openSignup({
      logIn: notFound,
      signUp: answersInTurn(
        () => failure(400, 'social_email_required', { field: 'email' }),
        () => failure(400, 'social_email_required', { field: 'email' }),
        () => signedUp(signedInViewer()),
      ),
    });
    await click(dialog, 'Continue with Facebook');
    await postFromPopup({
      type: 'social-connect-complete',
      provider: 'facebook',
      facebook_id: '42',
      facebook_token: 'fb',
    });

    expect(await within(dialog).findByRole('heading', { name: 'Add your email' })).toBeTruthy();
    expect(
      within(dialog).getByText("Facebook didn't share an email with us. Add one to finish signing up."),
    ).toBeTruthy();
    const email = within(dialog).getByLabelText('Email');
    await click(dialog, 'Continue');
    await waitFor(() => expect(errorOf(email)).toBe('Email is required'));
    fireEvent.change(email, { target: { value: 'ada@' } });
    await click(dialog, 'Continue');
    await waitFor(() => expect(errorOf(email)).toBe("Hmm...that doesn't look like an email address."));
    expect(document.activeElement).toBe(email);
    // Refused here both times: only the sign-up that led to this step reached the server.
    expect(postedBodies(fetch, '/v3/register/')).toHaveLength(1);

    await click(dialog, 'Not now');
    expect(await within(dialog).findByRole('heading', { name: 'Welcome to Pinboard' })).toBeTruthy();

    // Once more, this time with an email.
    await click(dialog, 'Continue with Facebook');
    await postFromPopup({
      type: 'social-connect-complete',
      provider: 'facebook',
      facebook_id: '42',
      facebook_token: 'fb',
    });
    fireEvent.change(await within(dialog).findByLabelText('Email'), { target: { value: 'ada@example.com' } });
    await click(dialog, 'Continue');
    await skipInterests(dialog);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(postedBodies(fetch, '/v3/register/').at(-1)).toMatchObject({
      type: 'facebook',
      facebook_id: '42',
      facebook_token: 'fb',
      email: 'ada@example.com',
    });
  });

  it('offers to log in to the account that has the email, and Not you goes to login', async () => {
    const japan = buildViewer({ client_context: clientContext('JP') });
    const { dialog, fetch } = await openSignup(
      {
        logIn: notFound,
        signUp: () => failure(409, 'email_taken', { field: 'email' }),
      },
      japan,
    );
    await click(dialog, 'Continue with LINE');
    await postFromPopup({
      type: 'social-connect-complete',
      provider: 'line',
      id_token: idToken({ sub: 'u1', email: 'ada@example.com' }),
    });

    expect(await within(dialog).findByRole('heading', { name: 'You already have an account' })).toBeTruthy();
    expect(within(dialog).getByText(/^ada@example\.com already has an account/)).toBeTruthy();
    expect(within(dialog).queryByLabelText('Email or username')).toBeNull();
    fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: 'correct horse' } });
    const base = fetch.getMockImplementation()!;
    fetch.mockImplementation(async (input, init) =>
      String(input) === '/v3/login/' ? success({ user: signedInViewer() }) : base(input, init),
    );
    await click(dialog, 'Log in');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(postedBodies(fetch, '/v3/login/').at(-1)).toMatchObject({
      username_or_email: 'ada@example.com',
      password: 'correct horse',
    });
  });

  it("leads 'Not you?' on EmailAlreadyExist to the plain login", async () => {
    const { dialog } = await openSignup({
      logIn: notFound,
      signUp: () => failure(409, 'email_taken', { data: { email: 'grace@example.com' } }),
    });
    await click(dialog, 'Continue with Google');
    await postFromPopup(googleAnswer);
    expect(await within(dialog).findByText(/^grace@example\.com already has an account/)).toBeTruthy();

    await click(dialog, 'Not you?');
    expect(await within(dialog).findByRole('heading', { name: 'Log in to Pinboard' })).toBeTruthy();
    expect(within(dialog).getByLabelText('Email or username')).toBeTruthy();
  });

  it('closes Facebook sign-up after a prevent-register answer: modal 4, then the banner and no Facebook button', async () => {
    const { dialog, fetch } = await openSignup({
      logIn: () => failure(409, 'facebook_register_prevented', { field: 'facebook' }),
    });
    await click(dialog, 'Continue with Facebook');
    await postFromPopup({
      type: 'social-connect-complete',
      provider: 'facebook',
      facebook_id: '42',
      facebook_token: 'fb',
    });

    expect(
      await within(dialog).findByText(
        "We couldn't match your Facebook account to any account. Try resetting your password instead.",
      ),
    ).toBeTruthy();
    expect(localStorage.getItem('pinboard.preventFacebookRegister')).toBe('1');
    await click(dialog, 'OK');

    expect(
      await within(dialog).findByText(
        "Facebook login isn't available for new users. Continue with email or Google:",
      ),
    ).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Continue with Facebook' })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Continue with Google' })).toBeTruthy();
    expect(postedBodies(fetch, '/v3/register/')).toEqual([]);

    // The login view still offers Facebook to people who have an account.
    await click(dialog, 'Log in');
    expect(await within(dialog).findByRole('button', { name: 'Continue with Facebook' })).toBeTruthy();
  });

  it('opens modal 5 for a Google prevent-register answer of the sign-up', async () => {
    const { dialog } = await openSignup({
      logIn: notFound,
      signUp: () => failure(409, 'google_register_prevented', { field: 'google' }),
    });
    await click(dialog, 'Continue with Google');
    await postFromPopup(googleAnswer);

    expect(
      await within(dialog).findByText(
        "We couldn't match your Google account to any account. Try resetting your password instead.",
      ),
    ).toBeTruthy();
    expect(localStorage.getItem('pinboard.preventFacebookRegister')).toBeNull();
  });

  it('takes a sign-up that signed a known identity in as a login: no interests step', async () => {
    // Another sign-up of the same identity got there first: the server signs that account in.
    const { dialog, fetch } = await openSignup({
      logIn: notFound,
      signUp: () => signedUp(signedInViewer(), false),
    });
    await click(dialog, 'Continue with Google');
    await postFromPopup(googleAnswer);

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(postedBodies(fetch, '/v3/register/')).toHaveLength(1);
    expect(screen.queryByRole('heading', { name: 'What are you interested in?' })).toBeNull();
  });

  it('asks for consents first where the country requires them', async () => {
    const { dialog, fetch } = await openSignup(
      { logIn: notFound, signUp: () => signedUp(signedInViewer()) },
      buildViewer({ requires_consent: true }),
    );
    await click(dialog, 'Continue with Google');
    await postFromPopup(googleAnswer);

    expect(await within(dialog).findByRole('heading', { name: 'Consents' })).toBeTruthy();
    expect(postedBodies(fetch, '/v3/register/')).toEqual([]);
    fireEvent.click(within(dialog).getByLabelText('Agree to all'));
    await click(dialog, 'Next');

    await skipInterests(dialog);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(postedBodies(fetch, '/v3/register/')).toEqual([
      expect.objectContaining({
        type: 'google',
        google_open_id_token: 'google-id-token',
        consents: expect.objectContaining({ terms: true, agreeToAll: true }),
      }),
    ]);
  });
});
