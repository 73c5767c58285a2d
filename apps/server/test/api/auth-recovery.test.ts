import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ERRORS, FORGOT_PASSWORD_LIMITS } from '@pinboard/shared';
import { passwordResetTokens, recognitionTokens } from '../../src/db/schema/auth.ts';
import { sessions, users } from '../../src/db/schema/users.ts';
import { LOGIN_LOCKOUT } from '../../src/policies/rate-limits.ts';
import { hashResetToken } from '../../src/modules/auth/recovery/recovery.service.ts';
import { GOOD_PASSWORD, uniqueEmail } from '../helpers/auth.ts';
import { errorOf, TestBrowser } from '../helpers/browser.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

const NEW_PASSWORD = 'amber-lantern-93';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: 'https://pins.example.test', DEV_STANDINS: '1' } });
});
afterAll(() => t.close());

async function account(overrides: Parameters<TestApp['make']['user']>[0] = {}) {
  const email = uniqueEmail();
  const user = await t.make.userWithPassword(GOOD_PASSWORD, { email, ...overrides });
  return { ...user, email };
}
const forgot = (browser: TestBrowser, username_or_email: string, type = 'unified') =>
  browser.post('/v3/users/forgot_password/', { username_or_email, type });
const reset = (browser: TestBrowser, token: string, password = NEW_PASSWORD) =>
  browser.post('/v3/users/reset_password/', { token, password });
const login = (browser: TestBrowser, username_or_email: string, password: string) =>
  browser.post('/v3/login/', { username_or_email, password });

/** The outbox as `/__dev/outbox.json` lists it, once the background mail work is done. */
async function outbox(): Promise<{ channel: string; to: string; subject: string; text: string }[]> {
  await t.app.background.settled();
  return (await t.request({ method: 'GET', url: '/__dev/outbox.json' })).body;
}
async function mailsTo(email: string) {
  return (await outbox()).filter((m) => m.to === email);
}
async function tokenMailedTo(email: string): Promise<string> {
  const [newest] = await mailsTo(email);
  const match = /\/password\/reset\/\?token=([A-Za-z0-9_-]+)/.exec(newest?.text ?? '');
  if (!match) throw new Error(`no reset link mailed to ${email}`);
  return match[1]!;
}
async function requestToken(email: string, browser = new TestBrowser(t)) {
  expect((await forgot(browser, email)).status).toBe(200);
  return tokenMailedTo(email);
}

describe('POST /v3/users/forgot_password/', () => {
  it('mails a single-use link to PUBLIC_URL/password/reset/ and answers { sent: true }', async () => {
    const ada = await account({ firstName: 'Ada' });
    const response = await forgot(new TestBrowser(t), ada.email.toUpperCase(), 'reset');
    expect(response.status).toBe(200);
    expect(response.body.resource_response.data).toEqual({ sent: true });
    const [mail] = await mailsTo(ada.email);
    expect(mail).toMatchObject({ channel: 'mail', subject: 'Reset your Pinboard password' });
    expect(mail!.text).toContain('Hi Ada,');
    expect(mail!.text).toMatch(/https:\/\/pins\.example\.test\/password\/reset\/\?token=[A-Za-z0-9_-]{43}\n/);

    // Only the hash is stored; the type the experiment chose is recorded.
    const token = await tokenMailedTo(ada.email);
    const [row] = await t.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, ada.id));
    expect(row).toMatchObject({ idHash: hashResetToken(token), requestType: 'reset', usedAt: null });
    expect(row!.idHash).not.toContain(token);
    const ttl = row!.expiresAt.getTime() - row!.createdAt.getTime();
    expect(Math.abs(ttl - 60 * 60_000)).toBeLessThan(5_000);
  });

  it('finds the account by username too; the unified mail also speaks of logging in', async () => {
    const ada = await account();
    expect((await forgot(new TestBrowser(t), ada.username, 'unified')).status).toBe(200);
    const [mail] = await mailsTo(ada.email);
    expect(mail!.subject).toBe('Log in to Pinboard');
    expect(mail!.text).toContain('log in');
  });

  it('escapes the HTML mail (a first name with markup stays text)', async () => {
    const ada = await account({ firstName: '<img src=x onerror=alert(1)>' });
    await forgot(new TestBrowser(t), ada.email);
    await t.app.background.settled();
    const { outboxMessages } = await import('../../src/db/schema/outbox.ts');
    const [row] = await t.db.select().from(outboxMessages).where(eq(outboxMessages.to, ada.email));
    expect(row!.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(row!.html).not.toContain('<img');
  });

  it('answers the same for an unknown account and sends nothing', async () => {
    const before = (await outbox()).length;
    const unknown = await forgot(new TestBrowser(t), uniqueEmail('nobody'));
    const known = await forgot(new TestBrowser(t), (await account()).email);
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    expect((await outbox()).length).toBe(before + 1);
  });

  it('sends nothing for a suspended or deactivated account, with the same answer', async () => {
    for (const status of ['suspended', 'deactivated'] as const) {
      const ada = await account({ status });
      const response = await forgot(new TestBrowser(t), ada.email);
      expect(response.body.resource_response.data).toEqual({ sent: true });
      expect(await mailsTo(ada.email)).toEqual([]);
    }
  });

  it('refuses a body without an identifier or with an unknown type', async () => {
    const browser = new TestBrowser(t);
    expect(errorOf(await forgot(browser, '  ')).code).toBe('username_or_email_required');
    expect((await forgot(browser, 'a@example.com', 'other')).status).toBe(400);
  });

  it('allows 5 requests an hour per account, known or not', async () => {
    for (const email of [(await account()).email, uniqueEmail('ghost')]) {
      for (let i = 0; i < FORGOT_PASSWORD_LIMITS.perAccountPerHour; i++) {
        // A new address each time: the account's limit, not the address's.
        expect((await forgot(new TestBrowser(t), email)).status).toBe(200);
      }
      const sixth = await forgot(new TestBrowser(t), email);
      expect(sixth.status).toBe(429);
      expect(errorOf(sixth)).toMatchObject({
        code: 'forgot_password_rate_limited',
        message: ERRORS.forgot_password_rate_limited.message,
      });
    }
  });

  it('allows 20 requests an hour per address', async () => {
    const browser = new TestBrowser(t);
    for (let i = 0; i < FORGOT_PASSWORD_LIMITS.perIpPerHour; i++) {
      expect((await forgot(browser, uniqueEmail('many'))).status).toBe(200);
    }
    expect(errorOf(await forgot(browser, uniqueEmail('many'))).code).toBe('forgot_password_rate_limited');
  });
});

describe('POST /v3/users/reset_password/', () => {
  it('sets the password, signs this browser in, ends every other session; the old password stops working', async () => {
    const ada = await account();
    const phone = new TestBrowser(t);
    expect((await login(phone, ada.email, GOOD_PASSWORD)).status).toBe(200);
    expect((await phone.viewer()).type).toBe('AUTH');

    const laptop = new TestBrowser(t);
    const token = await requestToken(ada.email, laptop);
    const response = await reset(laptop, token);
    expect(response.status).toBe(200);
    expect(response.body.resource_response.data.user).toMatchObject({ type: 'AUTH', id: String(ada.id) });
    expect(response.setCookies._pinboard_sess?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await laptop.viewer()).id).toBe(String(ada.id));

    // The phone's session is gone, and so is its recognition.
    const phoneViewer = await phone.viewer();
    expect(phoneViewer.type).not.toBe('AUTH');
    expect(phoneViewer.type).not.toBe('LIMITED_LOGIN');
    const rows = await t.db.select().from(sessions).where(eq(sessions.userId, ada.id));
    expect(rows).toHaveLength(1);
    expect(
      await t.db.select().from(recognitionTokens).where(eq(recognitionTokens.userId, ada.id)),
    ).toHaveLength(1);

    expect(errorOf(await login(new TestBrowser(t), ada.email, GOOD_PASSWORD)).code).toBe(
      'login_password_incorrect',
    );
    expect((await login(new TestBrowser(t), ada.email, NEW_PASSWORD)).status).toBe(200);
  });

  it('works once: a replay of the same link is reset_token_invalid', async () => {
    const ada = await account();
    const token = await requestToken(ada.email);
    expect((await reset(new TestBrowser(t), token)).status).toBe(200);
    const replay = await reset(new TestBrowser(t), token, 'another-fine-password-5');
    expect(replay.status).toBe(400);
    expect(errorOf(replay)).toMatchObject({
      code: 'reset_token_invalid',
      field: 'token',
      message: ERRORS.reset_token_invalid.message,
    });
    expect((await login(new TestBrowser(t), ada.email, NEW_PASSWORD)).status).toBe(200);
  });

  it('refuses an unknown, malformed or expired token', async () => {
    const browser = new TestBrowser(t);
    expect(errorOf(await reset(browser, 'A'.repeat(43))).code).toBe('reset_token_invalid');
    expect(errorOf(await reset(browser, 'short')).code).toBe('reset_token_invalid');

    const ada = await account();
    const token = await requestToken(ada.email);
    await t.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.idHash, hashResetToken(token)));
    expect(errorOf(await reset(browser, token)).code).toBe('reset_token_invalid');
    expect((await login(new TestBrowser(t), ada.email, GOOD_PASSWORD)).status).toBe(200);
  });

  it('a newer link makes the earlier one stop working', async () => {
    const ada = await account();
    const first = await requestToken(ada.email);
    const second = await requestToken(ada.email);
    expect(second).not.toBe(first);
    expect(errorOf(await reset(new TestBrowser(t), first)).code).toBe('reset_token_invalid');
    expect((await reset(new TestBrowser(t), second)).status).toBe(200);
  });

  it('checks the new password with the sign-up rules and keeps the link for another try', async () => {
    const ada = await account();
    const token = await requestToken(ada.email);
    const browser = new TestBrowser(t);
    expect(errorOf(await reset(browser, token, 'short')).code).toBe('password_too_short');
    expect(errorOf(await reset(browser, token, ada.email)).code).toBe('password_same_as_username');
    expect(errorOf(await reset(browser, token, 'password123')).code).toBe('password_weak');
    expect(errorOf(await reset(browser, token, '')).code).toBe('password_required');
    expect((await reset(browser, token)).status).toBe(200);
  });

  it('of 20 parallel resets with one token exactly one succeeds', async () => {
    const ada = await account();
    const token = await requestToken(ada.email);
    const browsers = Array.from({ length: 20 }, () => new TestBrowser(t));
    const answers = await Promise.all(browsers.map((b, i) => reset(b, token, `parallel-password-${i}x`)));
    const winners = answers.filter((a) => a.status === 200);
    expect(winners).toHaveLength(1);
    expect(answers.filter((a) => errorOf(a)?.code === 'reset_token_invalid')).toHaveLength(19);
    const rows = await t.db.select().from(sessions).where(eq(sessions.userId, ada.id));
    expect(rows).toHaveLength(1);
    const index = answers.indexOf(winners[0]!);
    expect((await login(new TestBrowser(t), ada.email, `parallel-password-${index}x`)).status).toBe(200);
  });

  it('lifts the login lockout of the account', async () => {
    const ada = await account();
    const attacker = new TestBrowser(t);
    for (let i = 0; i < LOGIN_LOCKOUT.accountFailures; i++)
      await login(attacker, ada.email, 'wrong-password-1');
    expect(errorOf(await login(new TestBrowser(t), ada.email, GOOD_PASSWORD)).code).toBe(
      'login_rate_limited',
    );
    expect((await reset(new TestBrowser(t), await requestToken(ada.email))).status).toBe(200);
    expect((await login(new TestBrowser(t), ada.email, NEW_PASSWORD)).status).toBe(200);
  });

  it('refuses the link when the account was suspended after it was mailed', async () => {
    const ada = await account();
    const token = await requestToken(ada.email);
    await t.db.update(users).set({ status: 'suspended' }).where(eq(users.id, ada.id));
    expect(errorOf(await reset(new TestBrowser(t), token)).code).toBe('reset_token_invalid');
  });
});
