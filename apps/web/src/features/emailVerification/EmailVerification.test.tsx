// @vitest-environment jsdom
import '../../i18n.ts';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EmailVerificationErrorPage } from '../../routes/EmailVerificationErrorPage.tsx';
import { EmailVerifyPage } from '../../routes/EmailVerifyPage.tsx';
import { failure, success } from '../../test/apiStub.ts';
import { buildViewer, renderWithAuth, signedInViewer, stubAuthApi } from '../../test/auth.tsx';
import { EmailConfirmBanner } from './EmailConfirmBanner.tsx';

const FIRST = { timeout: 10_000 };
const unconfirmed = () => {
  const viewer = signedInViewer();
  return { ...viewer, info: { ...viewer.info!, emailVerified: false } };
};

const ROUTES = [
  { path: 'email/verify', Component: EmailVerifyPage },
  { path: 'email_verification_error/*', Component: EmailVerificationErrorPage },
  { path: 'banner', Component: EmailConfirmBanner },
];

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('email confirmation', { timeout: 30_000 }, () => {
  it('confirms the address once from the link, and says so', async () => {
    const fetch = stubAuthApi(buildViewer(), { verifyEmail: () => success({ email: 'ada@example.com' }) });
    renderWithAuth({ routes: ROUTES, path: '/email/verify/?token=tok3n' });
    expect(await screen.findByRole('heading', { name: 'Your email is confirmed' }, FIRST)).toBeTruthy();
    expect(screen.getByText('Thanks! ada@example.com is confirmed.')).toBeTruthy();
    const posts = fetch.mock.calls.filter(([input]) => String(input).includes('/v3/users/email/verify/'));
    expect(posts.map(([, init]) => JSON.parse(String(init?.body)) as unknown)).toEqual([{ token: 'tok3n' }]);
  });

  it.each([
    ['email_verification_used', 'This link was already used'],
    ['email_verification_expired', 'This link has expired'],
    ['email_verification_invalid', "This link doesn't work"],
  ])('leads a link the server refuses (%s) to the error page that explains it', async (code, title) => {
    stubAuthApi(buildViewer(), { verifyEmail: () => failure(400, code, { field: 'token' }) });
    const { router } = renderWithAuth({ routes: ROUTES, path: '/email/verify/?token=old' });
    expect(await screen.findByRole('heading', { name: title }, FIRST)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/email_verification_error/');
    // A visitor is led to log in for a new link.
    expect(screen.getByRole('link', { name: 'Log in to get a new link' })).toBeTruthy();
  });

  it('offers a signed-in person whose email waits a new link on the error page', async () => {
    const fetch = stubAuthApi(unconfirmed(), {
      resendEmailVerification: () => success({ email: 'ada@example.com' }),
    });
    renderWithAuth({ routes: ROUTES, path: '/email_verification_error/?reason=nonsense' });
    expect(await screen.findByRole('heading', { name: "This link doesn't work" }, FIRST)).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Send me a new link' }));
    expect(await screen.findByText('We sent a new link. It works for 72 hours.')).toBeTruthy();
    expect(fetch.mock.calls.some(([input]) => String(input).includes('/email/verification/'))).toBe(true);
  });

  it('shows the banner with Resend only while the email waits', async () => {
    stubAuthApi(unconfirmed(), { resendEmailVerification: () => failure(429, 'rate_limited') });
    renderWithAuth({ routes: ROUTES, path: '/banner' });
    const banner = await screen.findByRole('complementary', { name: 'Email confirmation' }, FIRST);
    expect(banner.textContent).toContain('Confirm your email: we sent a link to ada@example.com.');
    fireEvent.click(screen.getByRole('button', { name: 'Resend link' }));
    expect(await screen.findByText('You are doing that too often. Try again later.')).toBeTruthy();
    cleanup();
    vi.unstubAllGlobals();
    stubAuthApi(signedInViewer());
    renderWithAuth({ routes: ROUTES, path: '/banner' });
    await waitFor(() => expect(screen.queryByRole('complementary')).toBeNull());
  });
});
