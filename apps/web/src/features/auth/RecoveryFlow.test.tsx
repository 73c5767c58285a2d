// @vitest-environment jsdom
import '../../i18n.ts';
import { RECOVERY_MODAL_CODES } from '@pinboard/shared';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failure, success } from '../../test/apiStub.ts';
import {
  buildViewer,
  openModal,
  postedBodies,
  recognisedViewer,
  renderWithAuth,
  stubAuthApi,
} from '../../test/auth.tsx';
import { flushAuthEvents } from './analytics.ts';
import { SOFT_BANNED_AEC } from './recovery.ts';

const SOFT_BAN_TEXT =
  'We noticed some strange activity on your account.  Reset your password or log in with Facebook or Google to get back into your account.';

function errorOf(field: HTMLElement): string | null {
  const id = field.getAttribute('aria-describedby');
  return id ? (document.getElementById(id.split(' ')[0]!)?.textContent ?? null) : null;
}

async function logIn(scope: HTMLElement, email: string | null, password: string) {
  if (email !== null) {
    fireEvent.change(within(scope).getByLabelText('Email or username'), { target: { value: email } });
  }
  fireEvent.change(within(scope).getByLabelText('Password'), { target: { value: password } });
  await act(async () => {
    fireEvent.click(within(scope).getByRole('button', { name: 'Log in' }));
  });
}

/** Opens the modal and waits for its first step (after the viewer). */
async function openReady(): Promise<HTMLElement> {
  const dialog = await openModal();
  await within(dialog).findByRole('heading', { level: 1 });
  return dialog;
}

async function send(scope: HTMLElement) {
  await act(async () => {
    fireEvent.click(within(scope).getByRole('button', { name: 'Send' }));
  });
}

afterEach(() => {
  flushAuthEvents();
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('forgot password in the modal', () => {
  it("leads from 'Forgot your password?' to the form with the typed email, sends, and shows 'sent' with a 3.5 s toast", async () => {
    const fetch = stubAuthApi(buildViewer(), {
      requestPasswordReset: () => success({ sent: true }),
    });
    renderWithAuth({ options: { container: 'home_page', step: 'login' } });
    const dialog = await openReady();
    fireEvent.change(within(dialog).getByLabelText('Email or username'), {
      target: { value: ' ada@example.com ' },
    });

    fireEvent.click(within(dialog).getByRole('button', { name: 'Forgot your password?' }));
    expect(within(dialog).getByRole('heading', { name: 'Reset your password' })).toBeTruthy();
    const field = within(dialog).getByLabelText('Email or username') as HTMLInputElement;
    expect(field.value).toBe('ada@example.com');
    expect(document.activeElement).toBe(field);

    vi.useFakeTimers({ shouldAdvanceTime: true });
    await send(dialog);

    expect(await within(dialog).findByRole('heading', { name: 'Check your email' })).toBeTruthy();
    expect(within(dialog).getByText(/If ada@example\.com belongs to an account/)).toBeTruthy();
    // No experiment groups (the stub answers 404): control, which sends 'reset'.
    expect(postedBodies(fetch, '/v3/users/forgot_password/')).toEqual([
      { username_or_email: 'ada@example.com', type: 'reset' },
    ]);
    const toast = screen.getByText('Email sent!');
    expect(toast.closest('[role="status"]')).toBeTruthy();
    // Fake time also runs with the real clock here, so allow it a little.
    act(() => vi.advanceTimersByTime(3400));
    expect(screen.queryByText('Email sent!')).toBeTruthy();
    act(() => vi.advanceTimersByTime(100));
    expect(screen.queryByText('Email sent!')).toBeNull();

    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("sends the type of the viewer's forgot-password experiment group", async () => {
    const fetch = stubAuthApi(buildViewer(), {
      getExperimentGroups: () => success({ web_forgot_password_type: 'unified' }),
      requestPasswordReset: () => success({ sent: true }),
    });
    const { client } = renderWithAuth({ options: { container: 'home_page', step: 'login' } });
    const dialog = await openReady();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Forgot your password?' }));
    fireEvent.change(within(dialog).getByLabelText('Email or username'), { target: { value: 'ada' } });
    // The groups asked for and their answer in the cache (not merely requested).
    await waitFor(() => {
      expect(fetch.mock.calls.some(([url]) => String(url).includes('experiments'))).toBe(true);
      expect(client.isFetching()).toBe(0);
    });
    await act(async () => {});

    await send(dialog);

    await within(dialog).findByRole('heading', { name: 'Check your email' });
    expect(postedBodies(fetch, '/v3/users/forgot_password/')).toEqual([
      { username_or_email: 'ada', type: 'unified' },
    ]);
  });

  it('refuses an empty field without asking, and shows the rate limit on the form', async () => {
    const fetch = stubAuthApi(buildViewer(), {
      requestPasswordReset: () => failure(429, 'forgot_password_rate_limited'),
    });
    renderWithAuth({ options: { container: 'home_page', step: 'login' } });
    const dialog = await openReady();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Forgot your password?' }));

    await send(dialog);
    const field = within(dialog).getByLabelText('Email or username');
    await waitFor(() => expect(errorOf(field)).toBe("You missed a spot! Don't forget to add your email."));
    expect(postedBodies(fetch, '/v3/users/forgot_password/')).toEqual([]);

    fireEvent.change(field, { target: { value: 'ada@example.com' } });
    await send(dialog);
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'You asked for too many emails. Try again in an hour.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Back to log in' }));
    expect(within(dialog).getByRole('heading', { name: 'Log in to Pinboard' })).toBeTruthy();
  });

  it("links 'Reset your password' in the wrong-password message to the form", async () => {
    stubAuthApi(buildViewer(), { logIn: () => failure(401, 'login_password_incorrect') });
    renderWithAuth({ options: { container: 'home_page', step: 'login' } });
    const dialog = await openReady();

    await logIn(dialog, 'ada@example.com', 'some password');
    const password = within(dialog).getByLabelText('Password');
    await waitFor(() =>
      expect(errorOf(password)).toBe(
        'The password you entered is incorrect. Try again or Reset your password',
      ),
    );

    fireEvent.click(within(dialog).getByRole('button', { name: 'Reset your password' }));
    expect(within(dialog).getByRole('heading', { name: 'Reset your password' })).toBeTruthy();
    expect((within(dialog).getByLabelText('Email or username') as HTMLInputElement).value).toBe(
      'ada@example.com',
    );
  });

  it("offers it on 'Welcome back' too, for the recognised account", async () => {
    stubAuthApi(recognisedViewer());
    renderWithAuth({ options: { container: 'home_page', step: 'login' } });
    const dialog = await openReady();

    fireEvent.click(await within(dialog).findByRole('button', { name: 'Forgot your password?' }));
    expect((within(dialog).getByLabelText('Email or username') as HTMLInputElement).value).toBe(
      'ada@example.com',
    );
  });
});

describe('recovery modals from login answers', () => {
  it('opens trouble logging in after three wrong passwords in a row, with a way to reset', async () => {
    // A Response is read once: each call makes its own.
    let answer = () => failure(401, 'login_password_incorrect');
    stubAuthApi(buildViewer(), { logIn: () => answer() });
    renderWithAuth({ options: { container: 'home_page', step: 'login' } });
    const dialog = await openReady();

    await logIn(dialog, 'ada@example.com', 'wrong one');
    answer = () => failure(400, 'email_invalid');
    await logIn(dialog, null, 'wrong two');
    answer = () => failure(401, 'login_password_incorrect');
    // The run was broken by another answer: two more wrong passwords are not yet three in a row.
    await logIn(dialog, null, 'wrong three');
    await logIn(dialog, null, 'wrong four');
    expect(within(dialog).queryByRole('heading', { name: /trouble logging in/ })).toBeNull();
    await logIn(dialog, null, 'wrong five');

    expect(
      await within(dialog).findByRole('heading', { name: "Looks like you're having trouble logging in" }),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reset your password' }));
    expect((within(dialog).getByLabelText('Email or username') as HTMLInputElement).value).toBe(
      'ada@example.com',
    );
  });

  it('opens the soft-banned modal for account_soft_banned', async () => {
    stubAuthApi(buildViewer(), { logIn: () => failure(403, 'account_soft_banned') });
    renderWithAuth({ options: { container: 'home_page', step: 'login' } });
    const dialog = await openReady();

    await logIn(dialog, 'ada@example.com', 'some password');

    expect(await within(dialog).findByRole('heading', { name: 'We protected your account' })).toBeTruthy();
    expect(within(dialog).getByRole('alert').textContent).toBe(SOFT_BAN_TEXT);
    expect(dialog.getAttribute('aria-labelledby')).toBe(within(dialog).getByRole('heading', { level: 1 }).id);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reset your password' }));
    expect(within(dialog).getByRole('heading', { name: 'Reset your password' })).toBeTruthy();
  });

  it('opens the suspended modal for account_suspended, with the reasons and a contact link', async () => {
    stubAuthApi(buildViewer(), { logIn: () => failure(403, 'account_suspended') });
    renderWithAuth({ options: { container: 'home_page', step: 'login' } });
    const dialog = await openReady();

    await logIn(dialog, 'ada@example.com', 'some password');

    expect(
      await within(dialog).findByRole('heading', { name: 'Your account has been deactivated' }),
    ).toBeTruthy();
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Violating community guidelines', 'Unusual activity', 'A request to close the account']);
    expect(within(dialog).getByRole('link', { name: 'contact us' }).getAttribute('href')).toMatch(/^mailto:/);
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(within(dialog).getByLabelText('Password')).toBeTruthy();
  });

  it('opens the soft-banned modal from the sign-up form when the existing account is soft banned', async () => {
    stubAuthApi(buildViewer(), {
      checkEmailExists: () => success(true),
      logIn: () => failure(403, 'account_soft_banned'),
    });
    renderWithAuth({ options: { container: 'home_page' } });
    const dialog = await openReady();
    fireEvent.change(within(dialog).getByLabelText('Email'), { target: { value: 'ada@example.com' } });
    fireEvent.change(within(dialog).getByLabelText('Create a password'), {
      target: { value: 'some password' },
    });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    });

    expect(await within(dialog).findByRole('heading', { name: 'We protected your account' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reset your password' }));
    expect((within(dialog).getByLabelText('Email or username') as HTMLInputElement).value).toBe(
      'ada@example.com',
    );
  });
});

describe('the aec parameter', () => {
  it('keeps the shared soft-ban code', () => {
    expect(SOFT_BANNED_AEC).toBe(String(RECOVERY_MODAL_CODES.softBanned));
  });

  it('opens the soft-banned modal on any page and leaves the URL without it', async () => {
    stubAuthApi(buildViewer());
    const { router } = renderWithAuth({ path: '/pin/1/?aec=0&next=%2Fada%2F' });

    const dialog = await screen.findByRole('dialog', {}, { timeout: 5000 });
    expect(await within(dialog).findByRole('heading', { name: 'We protected your account' })).toBeTruthy();
    expect(router.state.location.pathname + router.state.location.search).toBe('/pin/1/?next=%2Fada%2F');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('ignores other codes', async () => {
    stubAuthApi(buildViewer());
    const { router } = renderWithAuth({ path: '/pin/1/?aec=6' });
    await screen.findByTestId('location');
    await act(async () => {});
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(router.state.location.search).toBe('?aec=6');
  });
});
