// @vitest-environment jsdom
import '../../i18n.ts';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { failure, success } from '../../test/apiStub.ts';
import {
  buildViewer,
  openModal,
  postedBodies,
  renderWithAuth,
  signedInViewer,
  signedUp,
  skipInterests,
  stubAuthApi,
} from '../../test/auth.tsx';
import { flushAuthEvents } from './analytics.ts';

const newcomer = signedInViewer({ ...signedInViewer().user!, id: '9', username: 'newcomer' });

/** A failure envelope whose error names a field, as the server's validation answers. */
function fieldFailure(status: number, code: string, field: string): Response {
  return Response.json(
    {
      resource_response: {
        status: 'failure',
        data: null,
        error: { http_status: status, api_error_code: 0, code, message: code, message_detail: null, field },
      },
    },
    { status },
  );
}

function fill(dialog: HTMLElement, values: { email?: string; password?: string; birthday?: string }) {
  if (values.email !== undefined)
    fireEvent.change(within(dialog).getByLabelText('Email'), { target: { value: values.email } });
  if (values.password !== undefined) {
    fireEvent.change(within(dialog).getByLabelText('Create a password'), {
      target: { value: values.password },
    });
  }
  if (values.birthday !== undefined) {
    fireEvent.change(within(dialog).getByLabelText('Birthdate'), { target: { value: values.birthday } });
  }
}

/** The bodies PUT to the viewer's interests. */
function putBodies(fetch: ReturnType<typeof stubAuthApi>): unknown[] {
  return fetch.mock.calls
    .filter(([input, init]) => String(input).startsWith('/v3/users/me/interests/') && init?.method === 'PUT')
    .map(([, init]) => JSON.parse(String(init?.body)) as unknown);
}

async function submit(dialog: HTMLElement) {
  await act(async () => {
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
  });
}

function errorOf(field: HTMLElement): string | null {
  const id = field.getAttribute('aria-describedby');
  return id ? (document.getElementById(id.split(' ')[0]!)?.textContent ?? null) : null;
}

beforeEach(() => {
  document.cookie = 'underage=; Max-Age=0; Path=/';
});

afterEach(() => {
  flushAuthEvents();
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('email sign-up', () => {
  it('says what is wrong with the email, from the shared schema, on the field', async () => {
    stubAuthApi(buildViewer());
    renderWithAuth({ options: { container: 'home_page' } });
    const dialog = await openModal();
    await within(dialog).findByLabelText('Email');

    await submit(dialog);
    const email = within(dialog).getByLabelText('Email');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(errorOf(email)).toBe("You missed a spot! Don't forget to add your email.");

    fill(dialog, { email: 'not an email' });
    await submit(dialog);
    await waitFor(() => expect(errorOf(email)).toBe("Hmm...that doesn't look like an email address."));
  });

  it('suggests a fix for a typo in the domain, and fills it in on click', async () => {
    stubAuthApi(buildViewer(), { checkEmailExists: () => success(false) });
    renderWithAuth({ options: { container: 'home_page' } });
    const dialog = await openModal();
    await within(dialog).findByLabelText('Email');

    fill(dialog, { email: 'ada@gmial.com' });
    const hint = await within(dialog).findByRole('button', { name: 'ada@gmail.com' });
    expect(hint.closest('div')?.textContent).toBe('Did you mean ada@gmail.com?');
    expect(within(dialog).getByLabelText('Email').getAttribute('aria-describedby')).toContain(
      hint.closest('div')!.id,
    );
    fireEvent.click(hint);

    await waitFor(() =>
      expect((within(dialog).getByLabelText('Email') as HTMLInputElement).value).toBe('ada@gmail.com'),
    );
    expect(within(dialog).queryByText(/Did you mean/)).toBeNull();
  });

  it('checks whether the email is taken 300 ms after typing stops', async () => {
    const fetch = stubAuthApi(buildViewer(), { checkEmailExists: () => success(false) });
    renderWithAuth({ options: { container: 'home_page' } });
    const dialog = await openModal();
    await within(dialog).findByLabelText('Email');
    vi.useFakeTimers();

    fill(dialog, { email: 'ada@example.co' });
    fill(dialog, { email: 'ada@example.com' });
    const existsCalls = () =>
      fetch.mock.calls.filter(([url]) => String(url).includes('/v3/register/exists/'));
    await act(async () => vi.advanceTimersByTime(299));
    expect(existsCalls()).toHaveLength(0);
    await act(async () => vi.advanceTimersByTime(1));
    expect(existsCalls().map(([url]) => String(url))).toEqual([
      '/v3/register/exists/?email=ada%40example.com',
    ]);
  });

  it('refuses an address the server says is not valid', async () => {
    stubAuthApi(buildViewer(), {
      checkEmailExists: () => success(false),
      validateEmail: () => success({ is_valid: false }),
    });
    renderWithAuth({ options: { container: 'home_page' } });
    const dialog = await openModal();
    await within(dialog).findByLabelText('Email');

    fill(dialog, {
      email: 'ada@throwaway.example',
      password: 'a good long passphrase',
      birthday: '1990-05-01',
    });
    await submit(dialog);

    await waitFor(() =>
      expect(errorOf(within(dialog).getByLabelText('Email'))).toBe(
        "Sorry, this doesn't look like a valid email",
      ),
    );
  });

  it('logs in with the entered password when the email already has an account', async () => {
    const fetch = stubAuthApi(buildViewer(), {
      checkEmailExists: () => success(true),
      logIn: () => success({ user: signedInViewer() }),
    });
    renderWithAuth({ options: { container: 'home_page' } });
    const dialog = await openModal();
    await within(dialog).findByLabelText('Email');

    fill(dialog, { email: 'ada@example.com', password: 'correct horse' });
    await submit(dialog);

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(postedBodies(fetch, '/v3/login/')).toEqual([
      {
        username_or_email: 'ada@example.com',
        password: 'correct horse',
        get_user: true,
        container: 'home_page',
      },
    ]);
    expect(postedBodies(fetch, '/v3/register/')).toEqual([]);
  });

  it('puts a wrong password for an existing email on the password field', async () => {
    stubAuthApi(buildViewer(), {
      checkEmailExists: () => success(true),
      logIn: () => failure(401, 'login_password_incorrect'),
    });
    renderWithAuth({ options: { container: 'home_page' } });
    const dialog = await openModal();
    await within(dialog).findByLabelText('Email');

    fill(dialog, { email: 'ada@example.com', password: 'wrong password' });
    await submit(dialog);

    const password = within(dialog).getByLabelText('Create a password');
    await waitFor(() =>
      expect(errorOf(password)).toBe(
        'The password you entered is incorrect. Try again or Reset your password',
      ),
    );
  });

  it('checks a new account’s password with the server’s rules and its birthday before registering', async () => {
    const fetch = stubAuthApi(buildViewer(), { checkEmailExists: () => success(false) });
    renderWithAuth({ options: { container: 'home_page' } });
    const dialog = await openModal();
    await within(dialog).findByLabelText('Email');

    fill(dialog, { email: 'ada@example.com', password: 'short' });
    await submit(dialog);
    const password = within(dialog).getByLabelText('Create a password');
    const birthday = within(dialog).getByLabelText('Birthdate');
    await waitFor(() =>
      expect(errorOf(password)).toBe('Your password is too short! You need 8+ characters.'),
    );
    expect(errorOf(birthday)).toBe("You missed a spot. Don't forget to add your birthday.");

    fill(dialog, { password: 'password1', birthday: '1990-05-01' });
    await submit(dialog);
    await waitFor(() => expect(errorOf(password)).toBe('Please make a stronger password.'));

    fill(dialog, { password: 'ada@example.com' });
    await submit(dialog);
    await waitFor(() => expect(errorOf(password)).toBe('Please make your username and password different.'));
    expect(postedBodies(fetch, '/v3/register/')).toEqual([]);
  });

  it('registers a new email, then asks for interests, then closes and stays on the page', async () => {
    const fetch = stubAuthApi(buildViewer(), {
      checkEmailExists: () => success(false),
      signUp: () => signedUp(newcomer),
    });
    renderWithAuth({ options: { container: 'save', signupSource: 'saveButton', pinId: '5' } });
    const dialog = await openModal();
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Continue with email' }));

    fill(dialog, {
      email: 'grace.hopper42@example.com',
      password: 'a good long passphrase',
      birthday: '1990-05-01',
    });
    await submit(dialog);
    await skipInterests(dialog);

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(postedBodies(fetch, '/v3/register/')).toEqual([
      {
        type: 'email',
        email: 'grace.hopper42@example.com',
        password: 'a good long passphrase',
        birthday: Date.UTC(1990, 4, 1) / 1000,
        first_name: 'Grace Hopper',
        country: 'US',
        signup_source: 'saveButton',
        container: 'save',
      },
    ]);
    expect(screen.getByTestId('location').textContent).toBe('/pin/1/');
    expect(JSON.parse(localStorage.getItem('pinboard.accounts')!).accounts['9'].username).toBe('newcomer');
  });

  it('goes to the next path after sign-up', async () => {
    stubAuthApi(buildViewer(), {
      checkEmailExists: () => success(false),
      signUp: () => signedUp(newcomer),
    });
    renderWithAuth({ options: { container: 'home_page', next: '/ada/boards/' } });
    const dialog = await openModal();
    await within(dialog).findByLabelText('Email');

    fill(dialog, { email: 'grace@example.com', password: 'a good long passphrase', birthday: '1990-05-01' });
    await submit(dialog);
    await skipInterests(dialog);

    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/ada/boards/'));
  });

  it('saves the interests picked after sign-up, Next only once enough are picked', async () => {
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
    const fetch = stubAuthApi(buildViewer(), {
      checkEmailExists: () => success(false),
      signUp: () => signedUp(newcomer),
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
    renderWithAuth({ options: { container: 'home_page' } });
    const dialog = await openModal();
    await within(dialog).findByLabelText('Email');
    fill(dialog, { email: 'grace@example.com', password: 'a good long passphrase', birthday: '1990-05-01' });
    await submit(dialog);

    const list = await within(dialog).findByRole('list', { name: 'What are you interested in?' });
    const next = within(dialog).getByRole('button', { name: 'Next' });
    for (const name of ['garden', 'coffee']) fireEvent.click(within(list).getByRole('button', { name }));
    expect(within(list).getByRole('button', { name: 'garden' }).getAttribute('aria-pressed')).toBe('true');
    // Two are not enough: Next does nothing yet.
    expect(next.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(next);
    expect(putBodies(fetch)).toEqual([]);

    fireEvent.click(within(list).getByRole('button', { name: 'travel' }));
    expect(within(dialog).getByText('3 picked')).toBeTruthy();
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(putBodies(fetch)).toEqual([{ interests: ['garden', 'coffee', 'travel'] }]);
  });

  it('shows a server error on its field and the generic failure on the form', async () => {
    let answer = fieldFailure(400, 'email_contains_product_name', 'email');
    stubAuthApi(buildViewer(), {
      checkEmailExists: () => success(false),
      signUp: () => answer,
    });
    renderWithAuth({ options: { container: 'home_page' } });
    const dialog = await openModal();
    await within(dialog).findByLabelText('Email');

    fill(dialog, { email: 'ada@example.com', password: 'a good long passphrase', birthday: '1990-05-01' });
    await submit(dialog);
    await waitFor(() =>
      expect(errorOf(within(dialog).getByLabelText('Email'))).toBe(
        'Please stick to your name, or the name of your brand',
      ),
    );

    answer = failure(500, 'signup_failed');
    await submit(dialog);
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Sorry! Something went wrong on our end.',
    );
  });
});

describe('the consent step', () => {
  async function reachConsents() {
    const fetch = stubAuthApi(buildViewer({ requires_consent: true }), {
      checkEmailExists: () => success(false),
      signUp: () => signedUp(newcomer),
    });
    renderWithAuth({ options: { container: 'home_page' } });
    const dialog = await openModal();
    await within(dialog).findByLabelText('Email');
    fill(dialog, { email: 'ada@example.com', password: 'a good long passphrase', birthday: '1990-05-01' });
    await submit(dialog);
    await within(dialog).findByRole('heading', { name: 'Consents' });
    return { fetch, dialog };
  }

  it('follows the box rules and enables Next with the four required boxes only', async () => {
    const { dialog } = await reachConsents();
    const box = (name: string | RegExp) => within(dialog).getByRole<HTMLInputElement>('checkbox', { name });
    const next = within(dialog).getByRole('button', { name: 'Next' }) as HTMLButtonElement;

    expect(
      within(dialog).getByText(
        "Before you can create an account, you'll need to agree to the required terms below.",
      ),
    ).toBeTruthy();
    expect(within(dialog).getByRole('group', { name: 'Required' })).toBeTruthy();
    expect(within(dialog).getByRole('group', { name: 'Optional' })).toBeTruthy();
    expect(next.disabled).toBe(true);

    fireEvent.click(box('Agree to all'));
    expect(
      within(dialog)
        .getAllByRole<HTMLInputElement>('checkbox')
        .every((input) => input.checked),
    ).toBe(true);
    expect(next.disabled).toBe(false);

    fireEvent.click(box(/marketing/));
    expect(box('Agree to all').checked).toBe(false);
    expect(next.disabled).toBe(false);

    fireEvent.click(box(/Terms of Service/));
    expect(next.disabled).toBe(true);
    fireEvent.click(box(/Terms of Service/));
    fireEvent.click(box(/marketing/));
    expect(box('Agree to all').checked).toBe(true);

    fireEvent.click(box('Agree to all'));
    expect(
      within(dialog)
        .getAllByRole<HTMLInputElement>('checkbox')
        .some((input) => input.checked),
    ).toBe(false);
  });

  it('registers with the choices on Next', async () => {
    const { dialog, fetch } = await reachConsents();
    for (const name of [/Terms of Service/, /collection and use/, /third parties/, /overseas/]) {
      fireEvent.click(within(dialog).getByRole('checkbox', { name }));
    }
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    });
    await skipInterests(dialog);

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(postedBodies(fetch, '/v3/register/')[0]).toMatchObject({
      consents: {
        terms: true,
        collectionUsePersonalInfo: true,
        thirdPartyProvisionPersonalInfo: true,
        overseasTransferPersonalInfo: true,
        optionalMarketingConsent: false,
        agreeToAll: false,
      },
    });
  });

  it('goes back to the filled-in form with Back', async () => {
    const { dialog } = await reachConsents();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Back' }));

    expect((await within(dialog).findByLabelText<HTMLInputElement>('Email')).value).toBe('ada@example.com');
    expect(within(dialog).getByLabelText<HTMLInputElement>('Birthdate').value).toBe('1990-05-01');
  });
});

describe('underage sign-up', () => {
  async function enterChildBirthday() {
    const fetch = stubAuthApi(buildViewer(), { checkEmailExists: () => success(false) });
    renderWithAuth({ options: { container: 'home_page' } });
    const dialog = await openModal();
    await within(dialog).findByLabelText('Email');
    const year = new Date().getUTCFullYear() - 5;
    fill(dialog, { email: 'kid@example.com', password: 'a good long passphrase', birthday: `${year}-01-01` });
    await submit(dialog);
    return { fetch, dialog, year };
  }

  it('sets the underage flag and asks to confirm the birthday, without registering', async () => {
    const { dialog, fetch, year } = await enterChildBirthday();

    expect(
      await within(dialog).findByRole('heading', { name: `Is January 1, ${year} your birthday?` }),
    ).toBeTruthy();
    expect(document.cookie).toContain('underage=1');
    expect(within(dialog).getByRole('button', { name: 'Edit' })).toBeTruthy();
    expect(postedBodies(fetch, '/v3/register/')).toEqual([]);
  });

  it('on Confirm shows the toast for 3.5 s and goes home after 4 s', async () => {
    const { dialog } = await enterChildBirthday();
    const confirm = await within(dialog).findByRole('button', { name: 'Confirm' });
    vi.useFakeTimers();
    fireEvent.click(confirm);

    expect(screen.queryByRole('dialog')).toBeNull();
    const status = screen.getAllByRole('status').find((region) => region.textContent);
    expect(status?.textContent).toBe("Sorry, you're not eligible to sign up for Pinboard right now.");
    await act(async () => vi.advanceTimersByTime(3500));
    expect(screen.queryByText("Sorry, you're not eligible to sign up for Pinboard right now.")).toBeNull();
    expect(screen.getByTestId('location').textContent).toBe('/pin/1/');
    await act(async () => vi.advanceTimersByTime(500));
    expect(screen.getByTestId('location').textContent).toBe('/');
  });

  it('on Edit clears the flag and returns to the birthday, enabled and focused', async () => {
    const { dialog } = await enterChildBirthday();
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Edit' }));

    const birthday = await within(dialog).findByLabelText<HTMLInputElement>('Birthdate');
    expect(birthday.disabled).toBe(false);
    await waitFor(() => expect(document.activeElement).toBe(birthday));
    expect(document.cookie).not.toContain('underage=1');
  });

  it('blocks sign-up while the flag is set: birthday disabled, the message shown', async () => {
    document.cookie = 'underage=1; Path=/';
    stubAuthApi(buildViewer());
    renderWithAuth({ options: { container: 'home_page' } });
    const dialog = await openModal();

    const birthday = await within(dialog).findByLabelText<HTMLInputElement>('Birthdate');
    expect(birthday.disabled).toBe(true);
    expect(errorOf(birthday)).toBe("Sorry, you're not eligible to sign up for Pinboard right now.");
    expect((within(dialog).getByRole('button', { name: 'Continue' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it('treats the server’s underage answer the same way', async () => {
    stubAuthApi(buildViewer(), {
      checkEmailExists: () => success(false),
      signUp: () => fieldFailure(400, 'underage', 'birthday'),
    });
    renderWithAuth({ options: { container: 'home_page' } });
    const dialog = await openModal();
    await within(dialog).findByLabelText('Email');
    fill(dialog, { email: 'kid@example.com', password: 'a good long passphrase', birthday: '2010-06-15' });
    await submit(dialog);

    expect(
      await within(dialog).findByRole('heading', { name: 'Is June 15, 2010 your birthday?' }),
    ).toBeTruthy();
    expect(document.cookie).toContain('underage=1');
  });
});
