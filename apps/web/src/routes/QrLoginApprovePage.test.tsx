// @vitest-environment jsdom
import '../i18n.ts';
import type { QrLoginRequest } from '@pinboard/shared';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failure, success } from '../test/apiStub.ts';
import { buildViewer, postedBodies, renderWithAuth, signedInViewer, stubAuthApi } from '../test/auth.tsx';
import { QrLoginApprovePage } from './QrLoginApprovePage.tsx';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const FIRST_RENDER = { timeout: 5000 };
const PATH = '/v3/login/qr/code-1/';

function request(overrides: Partial<QrLoginRequest> = {}): QrLoginRequest {
  return {
    id: 'code-1',
    status: 'pending',
    user_agent: IPHONE,
    country: 'FR',
    created_at: '2030-03-04T10:20:00.000Z',
    expires_at: '2030-03-04T10:22:00.000Z',
    ...overrides,
  };
}

function renderPage(viewer = signedInViewer(), answers: Parameters<typeof stubAuthApi>[1] = {}) {
  const fetch = stubAuthApi(viewer, { getQrLogin: () => success(request()), ...answers });
  renderWithAuth({
    path: '/login/qr/code-1/',
    routes: [{ path: 'login/qr/:id', element: <QrLoginApprovePage /> }],
  });
  return fetch;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('/login/qr/{id}', () => {
  it('asks a visitor to log in first, and asks nothing about the code', async () => {
    const fetch = renderPage(buildViewer());

    const dialog = await screen.findByRole('dialog', {}, FIRST_RENDER);
    expect(within(dialog).getByRole('heading', { level: 1 }).textContent).toBe('Log in to Pinboard');
    expect(
      screen.getByRole('heading', { name: 'Log in to approve the other device', hidden: true }),
    ).toBeTruthy();
    expect(fetch.mock.calls.some(([url]) => String(url).includes(PATH))).toBe(false);
  });

  it('shows what asks and logs the other device in', async () => {
    const fetch = renderPage(signedInViewer(), {
      approveQrLogin: () => success(request({ status: 'approved' })),
    });

    expect(
      await screen.findByRole('heading', { name: 'Log in on another device?' }, FIRST_RENDER),
    ).toBeTruthy();
    expect(screen.getByText('Safari on iOS')).toBeTruthy();
    expect(screen.getByText('France')).toBeTruthy();
    expect(screen.getByText(/Mar 4, 2030/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByRole('heading', { name: "You're logged in on the other device" })).toBeTruthy();
    expect(postedBodies(fetch, `${PATH}approve/`)).toHaveLength(1);
    expect(postedBodies(fetch, `${PATH}deny/`)).toHaveLength(0);
  });

  it('cancels the login', async () => {
    const fetch = renderPage(signedInViewer(), {
      denyQrLogin: () => success(request({ status: 'denied' })),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }, FIRST_RENDER));

    expect(await screen.findByRole('heading', { name: 'Login cancelled' })).toBeTruthy();
    expect(postedBodies(fetch, `${PATH}deny/`)).toHaveLength(1);
  });

  it.each([
    ['an ended code', { getQrLogin: () => success(request({ status: 'expired' })) }],
    ['an unknown or used code', { getQrLogin: () => failure(410, 'qr_login_expired') }],
    [
      'a code that ends before the approval',
      { approveQrLogin: () => failure(410, 'qr_login_expired') },
      'Log in',
    ],
  ])('says %s has expired', async (_name, answers, click?: string) => {
    renderPage(signedInViewer(), answers);
    if (click) fireEvent.click(await screen.findByRole('button', { name: click }, FIRST_RENDER));

    expect(
      await screen.findByRole(
        'heading',
        { name: 'This QR code has expired. Get a new one on the other device.' },
        FIRST_RENDER,
      ),
    ).toBeTruthy();
  });
});
