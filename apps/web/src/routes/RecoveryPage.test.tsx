// @vitest-environment jsdom
import '../i18n.ts';
import { RECOVERY_MODAL_CODES } from '@pinboard/shared';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LoginPage } from './LoginPage.tsx';
import { PasswordResetPage } from './PasswordResetPage.tsx';
import { failure, success } from '../test/apiStub.ts';
import { buildViewer, postedBodies, renderWithAuth, signedInViewer, stubAuthApi } from '../test/auth.tsx';
import { BackButton } from '../features/shell/BackButton.tsx';
import { RecoveryStep } from '../features/auth/steps/RecoveryStep.tsx';
import { readStoredAccounts } from '../features/auth/storedAccounts.ts';

const TOKEN = 'a'.repeat(43);
const pages = [
  { path: 'password/reset', Component: PasswordResetPage },
  { path: 'login', Component: LoginPage },
];

function errorOf(field: HTMLElement): string | null {
  const id = field.getAttribute('aria-describedby');
  return id ? (document.getElementById(id.split(' ')[0]!)?.textContent ?? null) : null;
}

async function choose(password: string, confirm = password) {
  fireEvent.change(await screen.findByLabelText('New password'), { target: { value: password } });
  fireEvent.change(screen.getByLabelText('Confirm new password'), { target: { value: confirm } });
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
  });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the reset page with a token', () => {
  it('sets the new password, signs the browser in and goes home', async () => {
    const fetch = stubAuthApi(buildViewer(), {
      resetPassword: () => success({ user: signedInViewer() }),
    });
    const { router } = renderWithAuth({ routes: pages, path: `/password/reset/?token=${TOKEN}` });

    expect(
      await screen.findByRole('heading', { name: 'Choose a new password' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(document.title).toBe('Reset your password · Pinboard');
    await choose('a brand new passphrase');

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(postedBodies(fetch, '/v3/users/reset_password/')).toEqual([
      { token: TOKEN, password: 'a brand new passphrase' },
    ]);
    // Remembered for the account switcher, as after a login.
    expect(Object.keys(readStoredAccounts().accounts)).toEqual(['7']);
  });

  it('checks the sign-up rules and the confirmation before asking the server', async () => {
    const fetch = stubAuthApi(buildViewer());
    renderWithAuth({ routes: pages, path: `/password/reset/?token=${TOKEN}` });

    await choose('short');
    expect(errorOf(screen.getByLabelText('New password'))).toBe(
      'Your password is too short! You need 8+ characters.',
    );
    await choose('a brand new passphrase', 'a brand new passphrasf');
    const confirm = screen.getByLabelText('Confirm new password');
    expect(errorOf(confirm)).toBe("The passwords don't match.");
    expect(confirm.getAttribute('aria-invalid')).toBe('true');
    expect(postedBodies(fetch, '/v3/users/reset_password/')).toEqual([]);
  });

  it("puts the server's password verdict on the field", async () => {
    stubAuthApi(buildViewer(), {
      resetPassword: () =>
        Response.json(
          {
            resource_response: {
              status: 'failure',
              data: null,
              error: {
                http_status: 400,
                api_error_code: 113,
                code: 'password_same_as_username',
                message: 'x',
                message_detail: null,
                field: 'password',
              },
            },
          },
          { status: 400 },
        ),
    });
    renderWithAuth({ routes: pages, path: `/password/reset/?token=${TOKEN}` });

    await choose('ada lovelace 1815');

    await waitFor(() =>
      expect(errorOf(screen.getByLabelText('New password'))).toBe(
        'Please make your username and password different.',
      ),
    );
  });

  it('says when the link is used or expired, and asks for a new one', async () => {
    const fetch = stubAuthApi(buildViewer(), {
      resetPassword: () => failure(400, 'reset_token_invalid'),
      requestPasswordReset: () => success({ sent: true }),
    });
    renderWithAuth({ routes: pages, path: `/password/reset/?token=${TOKEN}` });

    await choose('a brand new passphrase');

    expect((await screen.findByRole('alert')).textContent).toBe(
      'This link to reset your password has expired or was already used. Ask for a new one.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Get a new link' }));
    const field = screen.getByLabelText('Email or username');
    expect(document.activeElement).toBe(field);
    fireEvent.change(field, { target: { value: 'ada@example.com' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    });
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeTruthy();
    expect(postedBodies(fetch, '/v3/users/forgot_password/')).toHaveLength(1);
  });
});

describe('the recovery page (no token)', () => {
  it('fills the email from ue=, sends, and shows sent with the toast', async () => {
    const fetch = stubAuthApi(buildViewer(), {
      requestPasswordReset: () => success({ sent: true }),
    });
    const { router } = renderWithAuth({ routes: pages, path: '/password/reset/?ue=ada%40example.com' });

    const field = (await screen.findByLabelText(
      'Email or username',
      {},
      { timeout: 5000 },
    )) as HTMLInputElement;
    expect(field.value).toBe('ada@example.com');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    });

    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeTruthy();
    expect(screen.getByText('Email sent!')).toBeTruthy();
    expect(postedBodies(fetch, '/v3/users/forgot_password/')).toEqual([
      { username_or_email: 'ada@example.com', type: 'reset' },
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login/'));
  });

  it('goes back to the native dismiss page when opened with dismissWebview=true', async () => {
    stubAuthApi(buildViewer());
    const { router } = renderWithAuth({ routes: pages, path: '/password/reset/?dismissWebview=true' });

    fireEvent.click(await screen.findByRole('button', { name: 'Back' }, { timeout: 5000 }));

    await waitFor(() =>
      expect(router.state.location.pathname + router.state.location.search).toBe(
        '/login/?dismissWebview=true',
      ),
    );
  });
});

describe('BackButton', () => {
  function renderAt(entries: string[], element: React.ReactNode) {
    const router = createMemoryRouter(
      [
        { path: '/here', element },
        { path: '*', element: <p>elsewhere</p> },
      ],
      { initialEntries: entries, initialIndex: entries.length - 1 },
    );
    render(<RouterProvider router={router} />);
    return router;
  }

  it('goes back in history when the app has a page to go back to', async () => {
    const router = renderAt(['/before', '/here'], <BackButton fallbackUrl="/login/" />);
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/before'));
    expect(router.state.historyAction).toBe('POP');
  });

  it('goes to the fallback URL when opened directly', async () => {
    const router = renderAt(['/here'], <BackButton fallbackUrl="/login/" />);
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login/'));
  });

  it('goes to the dismiss page with the native flag, whatever the history', async () => {
    const router = renderAt(['/before', '/here'], <BackButton dismissWebview />);
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(router.state.location.search).toBe('?dismissWebview=true'));
  });
});

describe('RecoveryStep', () => {
  it.each([
    [RECOVERY_MODAL_CODES.preventFirstProviderRegister, 'Facebook'],
    [RECOVERY_MODAL_CODES.preventSecondProviderRegister, 'Google'],
  ])('says a social account (code %i) was not matched, and offers a reset', (code, provider) => {
    const onResetPassword = vi.fn();
    const onOk = vi.fn();
    render(<RecoveryStep titleId="t" code={code} onResetPassword={onResetPassword} onOk={onOk} />);
    expect(screen.getByRole('alert').textContent).toBe(
      `We couldn't match your ${provider} account to any account. Try resetting your password instead.`,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Reset your password' }));
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(onResetPassword).toHaveBeenCalledOnce();
    expect(onOk).toHaveBeenCalledOnce();
  });

  it('says where the reset link went and for how long it works', () => {
    render(
      <RecoveryStep
        titleId="t"
        code={RECOVERY_MODAL_CODES.passwordResetSent}
        account="ada@example.com"
        onResetPassword={() => {}}
        onOk={() => {}}
      />,
    );
    expect(screen.getByRole('status').textContent).toBe(
      'If ada@example.com belongs to an account, we sent it a link to reset your password. The link works for 60 minutes.',
    );
  });
});
