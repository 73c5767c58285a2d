import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ERRORS } from '@pinboard/shared';
import { AdminUsageError, runAdminCommand, ADMIN_USAGE } from '../../src/cli/commands.ts';
import { createLocalStorage } from '../../src/adapters/storage/local-storage.ts';
import { loadConfig } from '../../src/config.ts';
import { recognitionTokens } from '../../src/db/schema/auth.ts';
import { sessions, users } from '../../src/db/schema/users.ts';
import { GOOD_PASSWORD, uniqueEmail } from '../helpers/auth.ts';
import { errorOf, TestBrowser } from '../helpers/browser.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

const TOKEN = 'test-admin-token-0123456789';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ adminToken: TOKEN });
});
afterAll(() => t.close());

const admin = (...argv: string[]) => {
  const config = loadConfig({ DATA_DIR: t.dataDir });
  return runAdminCommand({ db: t.db, config, storage: createLocalStorage(config.mediaDir) }, argv);
};
async function signedInAccount() {
  const email = uniqueEmail();
  const user = await t.make.userWithPassword(GOOD_PASSWORD, { email });
  const browser = new TestBrowser(t);
  expect((await login(browser, email)).status).toBe(200);
  return { ...user, email, browser };
}
const login = (browser: TestBrowser, username_or_email: string, password = GOOD_PASSWORD) =>
  browser.post('/v3/login/', { username_or_email, password });
const statusOf = async (id: number) =>
  (await t.db.select({ status: users.status }).from(users).where(eq(users.id, id)))[0]!.status;

describe('admin account status commands', () => {
  it('are in the usage text', () => {
    for (const command of [
      'suspend <email>',
      'soft-ban <email>',
      'deactivate <email>',
      'reactivate <email>',
    ]) {
      expect(ADMIN_USAGE).toContain(command);
    }
  });

  it('suspend: signs the account out everywhere; login answers account_suspended after the right password', async () => {
    const ada = await signedInAccount();
    const output = await admin('suspend', ada.email.toUpperCase());
    expect(output).toContain(`status active -> suspended`);
    expect(output).toContain('1 session(s)');
    expect(await statusOf(ada.id)).toBe('suspended');
    expect((await ada.browser.viewer()).type).not.toBe('AUTH');
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, ada.id))).toEqual([]);

    const right = await login(new TestBrowser(t), ada.email);
    expect(right.status).toBe(403);
    expect(errorOf(right).code).toBe('account_suspended');
    // A wrong password tells nothing about the account.
    expect(errorOf(await login(new TestBrowser(t), ada.email, 'wrong-password-1')).code).toBe(
      'login_password_incorrect',
    );
  });

  it('soft-ban: removes the password and every sign-in; login answers account_soft_banned whatever the password', async () => {
    const ada = await signedInAccount();
    const output = await admin('soft-ban', ada.email);
    expect(output).toContain('status active -> soft_banned');
    expect(output).toContain('password removed');
    const [row] = await t.db.select().from(users).where(eq(users.id, ada.id));
    expect(row).toMatchObject({ status: 'soft_banned', passwordHash: null });
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, ada.id))).toEqual([]);
    expect(await t.db.select().from(recognitionTokens).where(eq(recognitionTokens.userId, ada.id))).toEqual(
      [],
    );
    expect((await ada.browser.viewer()).type).not.toBe('AUTH');

    for (const password of [GOOD_PASSWORD, 'wrong-password-1']) {
      const answer = await login(new TestBrowser(t), ada.email, password);
      expect(answer.status).toBe(403);
      expect(errorOf(answer)).toMatchObject({
        code: 'account_soft_banned',
        message: ERRORS.account_soft_banned.message,
      });
    }
    expect(errorOf(await login(new TestBrowser(t), ada.username)).code).toBe('account_soft_banned');
  });

  it('soft-ban, then a password reset: the account is active again and logs in with the new password', async () => {
    const ada = await signedInAccount();
    await admin('soft-ban', ada.email);
    const browser = new TestBrowser(t);
    expect(
      (await browser.post('/v3/users/forgot_password/', { username_or_email: ada.email, type: 'reset' }))
        .status,
    ).toBe(200);
    await t.app.background.settled();
    const mails = (await t.request({ method: 'GET', url: '/__dev/outbox.json' })).body as {
      to: string;
      text: string;
    }[];
    const token = /token=([A-Za-z0-9_-]+)/.exec(mails.find((m) => m.to === ada.email)!.text)![1]!;
    const reset = await browser.post('/v3/users/reset_password/', { token, password: 'amber-lantern-93' });
    expect(reset.status).toBe(200);
    expect(await statusOf(ada.id)).toBe('active');
    expect((await login(new TestBrowser(t), ada.email, 'amber-lantern-93')).status).toBe(200);
  });

  it('deactivate and reactivate', async () => {
    const ada = await signedInAccount();
    expect(await admin('deactivate', ada.email)).toContain('status active -> deactivated');
    expect((await ada.browser.viewer()).type).not.toBe('AUTH');
    expect(errorOf(await login(new TestBrowser(t), ada.email)).code).toBe('account_deactivated');

    expect(await admin('reactivate', ada.email)).toContain('status deactivated -> active');
    expect((await login(new TestBrowser(t), ada.email)).status).toBe(200);
  });

  it('refuse an unknown email, a no-op and a missing argument with a clear message', async () => {
    const ada = await signedInAccount();
    await expect(admin('suspend', 'nobody@example.com')).rejects.toThrow(
      new AdminUsageError("There is no account with the email 'nobody@example.com'."),
    );
    await expect(admin('reactivate', ada.email)).rejects.toThrow(`is already active; nothing changed`);
    await admin('suspend', ada.email);
    await expect(admin('suspend', ada.email)).rejects.toThrow('is already suspended');
    await expect(admin('soft-ban')).rejects.toThrow('Expected: soft-ban <email>');
    await expect(admin('deactivate', ada.email, 'extra')).rejects.toThrow('Expected: deactivate <email>');
  });

  it('run through the admin hand-off endpoint of a running server (how e2e reaches it)', async () => {
    const ada = await signedInAccount();
    const response = await t.request({
      method: 'POST',
      url: '/__admin/run',
      payload: { argv: ['suspend', ada.email] },
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.status).toBe(200);
    expect(response.body.output).toContain('active -> suspended');
    const again = await t.request({
      method: 'POST',
      url: '/__admin/run',
      payload: { argv: ['suspend', ada.email] },
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ ok: false, output: expect.stringContaining('already suspended') });
  });
});
