import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { qrApprovePath } from '@pinboard/shared';
import { qrLogins } from '../../src/db/schema/identities.ts';
import { sessions, users } from '../../src/db/schema/users.ts';
import { setExperimentOverride } from '../../src/modules/experiments/experiments.service.ts';
import { QR_LOGIN_LIMITS } from '../../src/modules/auth/qr/qr-login.service.ts';
import { RATE_LIMITS } from '../../src/policies/rate-limits.ts';
import { errorOf, TestBrowser } from '../helpers/browser.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await setExperimentOverride(t.db, 'web_login_qr_code', 'enabled');
});

/** A browser signed in as a new user (the approving device). */
async function signedInDevice(overrides: Parameters<TestApp['make']['user']>[0] = {}) {
  const user = await t.make.user(overrides);
  const browser = new TestBrowser(t);
  const [name, value] = (await t.make.sessionCookie(user.id)).split('=') as [string, string];
  browser.jar.set(name, value);
  return { user, browser };
}

/** A visitor's screen that asked for a code. */
async function startedScreen() {
  const screen = new TestBrowser(t, { 'user-agent': IPHONE });
  const started = await screen.post('/v3/login/qr/');
  expect(started.status).toBe(200);
  const code = started.body.resource_response.data as { id: string; secret: string; url: string };
  const claim = (secret = code.secret) => screen.post(`/v3/login/qr/${code.id}/claim/`, { secret });
  return { screen, code, claim };
}

const dataOf = (response: { body: any }) => response.body.resource_response.data;

describe('POST /v3/login/qr/', () => {
  it("is qr_login_unavailable outside the experiment, with the product's text", async () => {
    await setExperimentOverride(t.db, 'web_login_qr_code', 'control');
    const response = await new TestBrowser(t).post('/v3/login/qr/');
    expect(response.status).toBe(403);
    expect(errorOf(response)).toMatchObject({
      code: 'qr_login_unavailable',
      message: "QR code login isn't available right now. Try another login method.",
    });
  });

  it('answers an id, a secret and the approval address, and stores only the secret hash', async () => {
    const { code } = await startedScreen();
    expect(code.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(code.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(code.url).toBe(`http://localhost:3000${qrApprovePath(code.id)}`);
    const [row] = await t.db.select().from(qrLogins).where(eq(qrLogins.id, code.id));
    expect(row).toMatchObject({ status: 'pending', userAgent: IPHONE, country: 'US' });
    expect(row!.secretHash).not.toContain(code.secret);
    const ttl = row!.expiresAt.getTime() - row!.createdAt.getTime();
    expect(ttl).toBe(120_000);
  });

  it('refuses a signed-in browser', async () => {
    const { browser } = await signedInDevice();
    expect(errorOf(await browser.post('/v3/login/qr/')).code).toBe('already_logged_in');
  });

  it('gives one address a limited number of codes a minute', async () => {
    const screen = new TestBrowser(t);
    for (let i = 0; i < RATE_LIMITS['qr-login-start'].max; i++) {
      expect((await screen.post('/v3/login/qr/')).status).toBe(200);
    }
    const refused = await screen.post('/v3/login/qr/');
    expect(refused.status).toBe(429);
    expect(errorOf(refused).code).toBe('qr_login_unavailable');
  });
});

describe('approving on a signed-in device', () => {
  it('shows what asks, then signs the screen in once the code is approved', async () => {
    const { user, browser } = await signedInDevice();
    const { screen, code, claim } = await startedScreen();
    expect(dataOf(await claim())).toEqual({ status: 'pending' });

    const seen = await browser.get(`/v3/login/qr/${code.id}/`);
    expect(dataOf(seen)).toMatchObject({ id: code.id, status: 'pending', user_agent: IPHONE, country: 'US' });
    const approved = await browser.post(`/v3/login/qr/${code.id}/approve/`);
    expect(dataOf(approved).status).toBe('approved');

    const claimed = await claim();
    expect(claimed.status).toBe(200);
    expect(dataOf(claimed)).toMatchObject({
      status: 'approved',
      user: { type: 'AUTH', id: String(user.id) },
    });
    expect(claimed.setCookies._pinboard_sess?.httpOnly).toBe(true);
    expect(claimed.setCookies._pinboard_recognized).toBeDefined();
    expect(await screen.viewer()).toMatchObject({ type: 'AUTH', id: String(user.id) });

    // Used up: the screen (now signed in) and anyone else get nothing more from it.
    expect(errorOf(await claim()).code).toBe('already_logged_in');
    expect(
      errorOf(await new TestBrowser(t).post(`/v3/login/qr/${code.id}/claim/`, { secret: code.secret })).code,
    ).toBe('qr_login_expired');
    expect(errorOf(await browser.post(`/v3/login/qr/${code.id}/approve/`)).code).toBe('qr_login_expired');
    const other = await signedInDevice();
    expect(errorOf(await other.browser.post(`/v3/login/qr/${code.id}/approve/`)).code).toBe(
      'qr_login_expired',
    );
    expect(dataOf(await browser.get(`/v3/login/qr/${code.id}/`)).status).toBe('approved');
  });

  it('tells the screen a denial; the code cannot be approved afterwards', async () => {
    const { browser } = await signedInDevice();
    const { code, claim } = await startedScreen();
    expect(dataOf(await browser.post(`/v3/login/qr/${code.id}/deny/`)).status).toBe('denied');
    expect(dataOf(await claim())).toEqual({ status: 'denied' });
    expect(errorOf(await browser.post(`/v3/login/qr/${code.id}/approve/`)).code).toBe('qr_login_expired');
  });

  it('needs a signed-in viewer to see, approve or deny', async () => {
    const { code } = await startedScreen();
    const visitor = new TestBrowser(t);
    for (const response of [
      await visitor.get(`/v3/login/qr/${code.id}/`),
      await visitor.post(`/v3/login/qr/${code.id}/approve/`),
      await visitor.post(`/v3/login/qr/${code.id}/deny/`),
    ]) {
      expect(response.status).toBe(401);
      expect(errorOf(response).code).toBe('auth_required');
    }
  });

  it('is qr_login_expired for an unknown code', async () => {
    const { browser } = await signedInDevice();
    expect(errorOf(await browser.get('/v3/login/qr/no-such-code/')).code).toBe('qr_login_expired');
    expect(errorOf(await browser.post('/v3/login/qr/no-such-code/approve/')).code).toBe('qr_login_expired');
  });
});

describe('expiry and the secret', () => {
  const endCode = (id: string, secondsAgo: number) =>
    t.db
      .update(qrLogins)
      .set({ expiresAt: new Date(Date.now() - secondsAgo * 1000) })
      .where(eq(qrLogins.id, id));

  it('ends a code after its time: expired to the screen and to the approving device', async () => {
    const { browser } = await signedInDevice();
    const { code, claim } = await startedScreen();
    await endCode(code.id, 1);
    expect(dataOf(await claim())).toEqual({ status: 'expired' });
    expect(dataOf(await browser.get(`/v3/login/qr/${code.id}/`)).status).toBe('expired');
    const approve = await browser.post(`/v3/login/qr/${code.id}/approve/`);
    expect(approve.status).toBe(410);
    expect(errorOf(approve).code).toBe('qr_login_expired');
  });

  it('lets an approval made just before the end be claimed for a few seconds, not later', async () => {
    const { browser } = await signedInDevice();
    const late = await startedScreen();
    await browser.post(`/v3/login/qr/${late.code.id}/approve/`);
    await endCode(late.code.id, 2);
    expect(dataOf(await late.claim()).status).toBe('approved');

    const tooLate = await startedScreen();
    await browser.post(`/v3/login/qr/${tooLate.code.id}/approve/`);
    await endCode(tooLate.code.id, QR_LOGIN_LIMITS.claimGraceSeconds + 1);
    expect(dataOf(await tooLate.claim())).toEqual({ status: 'expired' });
  });

  it('answers a wrong secret as an ended code and signs no one in', async () => {
    const { browser } = await signedInDevice();
    const { screen, code, claim } = await startedScreen();
    await browser.post(`/v3/login/qr/${code.id}/approve/`);
    const wrong = await claim('not-the-secret');
    expect(wrong.status).toBe(410);
    expect(errorOf(wrong).code).toBe('qr_login_expired');
    expect((await screen.viewer()).type).not.toBe('AUTH');
    // The right secret still works afterwards.
    expect(dataOf(await claim()).status).toBe('approved');
  });
});

describe('claiming', () => {
  it('signs in exactly one of two claims made at once', async () => {
    const { user, browser } = await signedInDevice();
    const { code } = await startedScreen();
    await browser.post(`/v3/login/qr/${code.id}/approve/`);
    const before = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));

    const claims = await Promise.all(
      [new TestBrowser(t), new TestBrowser(t)].map((screen) =>
        screen.post(`/v3/login/qr/${code.id}/claim/`, { secret: code.secret }),
      ),
    );
    expect(claims.map((c) => c.status).sort()).toEqual([200, 410]);
    const after = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(after).toHaveLength(before.length + 1);
  });

  it.each([
    ['suspended', 'account_suspended'],
    ['deactivated', 'account_deactivated'],
    ['soft_banned', 'account_soft_banned'],
  ] as const)('refuses an approver whose account is now %s, as login does', async (status, error) => {
    const { user, browser } = await signedInDevice();
    const { screen, code, claim } = await startedScreen();
    await browser.post(`/v3/login/qr/${code.id}/approve/`);
    await t.db.update(users).set({ status }).where(eq(users.id, user.id));
    expect(errorOf(await claim()).code).toBe(error);
    expect((await screen.viewer()).type).not.toBe('AUTH');
  });

  it('refuses a malformed claim body with the field named', async () => {
    const { code } = await startedScreen();
    const response = await new TestBrowser(t).post(`/v3/login/qr/${code.id}/claim/`, { secret: '' });
    expect(response.status).toBe(400);
    expect(errorOf(response).field).toBe('secret');
  });
});
