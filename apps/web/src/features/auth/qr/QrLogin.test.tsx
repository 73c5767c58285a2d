// @vitest-environment jsdom
import '../../../i18n.ts';
import { QR_LOGIN_POLL_MS, QR_LOGIN_TTL_SECONDS } from '@pinboard/shared';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { failure, success } from '../../../test/apiStub.ts';
import {
  buildViewer,
  openModal,
  postedBodies,
  renderWithAuth,
  signedInViewer,
  stubAuthApi,
} from '../../../test/auth.tsx';
import { QrLoginSwitch } from './QrLoginSwitch.tsx';

const CODE = {
  id: 'code-1',
  secret: 'secret-1',
  url: 'http://localhost:3000/login/qr/code-1',
  expires_at: '2030-01-01T00:02:00.000Z',
};
const CLAIM = `/v3/login/qr/${CODE.id}/claim/`;
const FIRST_RENDER = { timeout: 5000 };

/** Answers in turn, the last one again once they run out. */
function inTurn(...answers: (() => Response)[]) {
  let next = 0;
  return () => answers[Math.min(next++, answers.length - 1)]!();
}

/** The switch around a stand-in login form, on the login page, with the experiment in `group`. */
function renderSwitch(group: string, answers: Parameters<typeof stubAuthApi>[1] = {}) {
  const fetch = stubAuthApi(buildViewer(), {
    getExperimentGroups: () => success({ web_login_qr_code: group }),
    startQrLogin: () => success(CODE),
    claimQrLogin: () => success({ status: 'pending' }),
    ...answers,
  });
  const rendered = renderWithAuth({
    path: '/login/',
    routes: [
      {
        path: 'login',
        element: (
          <QrLoginSwitch options={{ container: 'login_page', step: 'login' }}>
            <p>The login form</p>
          </QrLoginSwitch>
        ),
      },
    ],
  });
  return { fetch, ...rendered };
}

async function openQrView() {
  fireEvent.click(await screen.findByRole('button', { name: 'Use QR code' }, FIRST_RENDER));
  // The encoder loads on first use: until then a placeholder holds the code's place.
  return screen.findByAltText('QR code to log in on this device', {}, FIRST_RENDER);
}

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe("the 'Use QR code' button", () => {
  it('is not there outside the experiment', async () => {
    renderSwitch('control');
    expect(await screen.findByText('The login form', {}, FIRST_RENDER)).toBeTruthy();
    await advance(100);
    expect(screen.queryByRole('button', { name: 'Use QR code' })).toBeNull();
  });

  it('shows the code in place of the form, and Back brings the form back and stops polling', async () => {
    const { fetch } = renderSwitch('enabled');
    const image = await openQrView();

    expect(image.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(screen.queryByText('The login form')).toBeNull();
    expect(screen.getByText(/Scan this code with a phone or tablet where you're logged in/)).toBeTruthy();
    expect(screen.getByRole('timer').textContent).toBe('This code expires in 2:00');
    expect(postedBodies(fetch, '/v3/login/qr/')).toHaveLength(1);

    await advance(QR_LOGIN_POLL_MS);
    expect(postedBodies(fetch, CLAIM)).toEqual([{ secret: CODE.secret }]);
    await advance(QR_LOGIN_POLL_MS);
    expect(postedBodies(fetch, CLAIM)).toHaveLength(2);

    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByText('The login form')).toBeTruthy();
    await advance(QR_LOGIN_POLL_MS * 3);
    expect(postedBodies(fetch, CLAIM)).toHaveLength(2);
  });
});

describe('the QR code view', () => {
  it('signs in like the login does once the other device approves', async () => {
    const { fetch } = renderSwitch('enabled', {
      claimQrLogin: inTurn(
        () => success({ status: 'pending' }),
        () => success({ status: 'approved', user: signedInViewer() }),
      ),
    });
    await openQrView();
    await advance(QR_LOGIN_POLL_MS * 2);

    // The login page leads home afterwards; the code is claimed once and polling stops.
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/'));
    await advance(QR_LOGIN_POLL_MS * 3);
    expect(postedBodies(fetch, CLAIM)).toHaveLength(2);
  });

  it('says when the other device cancelled, and gets a new code', async () => {
    const { fetch } = renderSwitch('enabled', { claimQrLogin: () => success({ status: 'denied' }) });
    await openQrView();
    await advance(QR_LOGIN_POLL_MS);

    expect((await screen.findByRole('alert')).textContent).toBe(
      'The login was cancelled on the other device.',
    );
    expect(screen.queryByRole('img')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Get a new code' }));
    await screen.findByAltText('QR code to log in on this device');
    expect(postedBodies(fetch, '/v3/login/qr/')).toHaveLength(2);
  });

  it('counts down and ends the code after its time', async () => {
    renderSwitch('enabled');
    await openQrView();
    await advance(30_000);
    expect(screen.getByRole('timer').textContent).toBe('This code expires in 1:30');

    await advance((QR_LOGIN_TTL_SECONDS - 30) * 1000 + QR_LOGIN_POLL_MS);
    expect((await screen.findByRole('alert')).textContent).toBe('This QR code has expired.');
    expect(screen.getByRole('button', { name: 'Get a new code' })).toBeTruthy();
  });

  it('ends the code when the server says it has expired', async () => {
    renderSwitch('enabled', { claimQrLogin: () => failure(410, 'qr_login_expired') });
    await openQrView();
    await advance(QR_LOGIN_POLL_MS);
    expect((await screen.findByRole('alert')).textContent).toBe('This QR code has expired.');
  });

  it('keeps polling through a network hiccup', async () => {
    const { fetch } = renderSwitch('enabled', {
      claimQrLogin: inTurn(
        () => failure(502, 'internal'),
        () => success({ status: 'pending' }),
      ),
    });
    await openQrView();
    await advance(QR_LOGIN_POLL_MS * 2);
    expect(postedBodies(fetch, CLAIM)).toHaveLength(2);
    expect(screen.getByRole('img', { name: 'QR code to log in on this device' })).toBeTruthy();
  });

  it('shows why a claim was refused (an account that cannot log in)', async () => {
    renderSwitch('enabled', { claimQrLogin: () => failure(403, 'account_deactivated') });
    await openQrView();
    await advance(QR_LOGIN_POLL_MS);
    expect((await screen.findByRole('alert')).textContent).toBe("Sorry, we can't log you in.");
  });

  it("says QR code login isn't available when no code can be made, with the way back", async () => {
    renderSwitch('enabled', { startQrLogin: () => failure(403, 'qr_login_unavailable') });
    fireEvent.click(await screen.findByRole('button', { name: 'Use QR code' }, FIRST_RENDER));

    expect((await screen.findByRole('alert')).textContent).toBe(
      "QR code login isn't available right now. Try another login method.",
    );
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByText('The login form')).toBeTruthy();
  });
});

describe('in the login modal', () => {
  it("offers 'Use QR code' under the login form, and the code view in its place", async () => {
    stubAuthApi(buildViewer(), {
      getExperimentGroups: () => success({ web_login_qr_code: 'enabled' }),
      startQrLogin: () => success(CODE),
      claimQrLogin: () => success({ status: 'pending' }),
    });
    renderWithAuth({ options: { container: 'home_page', step: 'login' } });
    const dialog = await openModal();

    fireEvent.click(await within(dialog).findByRole('button', { name: 'Use QR code' }, FIRST_RENDER));
    expect(
      await within(dialog).findByAltText('QR code to log in on this device', {}, FIRST_RENDER),
    ).toBeTruthy();
    expect(within(dialog).queryByLabelText('Password')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Back' }));
    expect(within(dialog).getByLabelText('Password')).toBeTruthy();
  });
});
