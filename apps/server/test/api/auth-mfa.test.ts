import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ERRORS, MFA_LIMITS } from '@pinboard/shared';
import { mfaCodes } from '../../src/db/schema/mfa.ts';
import { MFA_SEND_LIMITED_BACKUP_DETAIL } from '../../src/modules/auth/mfa/mfa.service.ts';
import { hashResetToken } from '../../src/modules/auth/recovery/recovery.service.ts';
import { passwordResetTokens } from '../../src/db/schema/auth.ts';
import { GOOD_PASSWORD, uniqueEmail } from '../helpers/auth.ts';
import { errorOf, TestBrowser } from '../helpers/browser.ts';
import { codeTextedTo, enableTwoFactor, signedInBrowser, textsTo } from '../helpers/mfa.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function twoFactorAccount() {
  const email = uniqueEmail();
  const user = await t.make.userWithPassword(GOOD_PASSWORD, { email });
  const phone = await enableTwoFactor(t, user.id);
  return { ...user, email, phone };
}
const login = (
  browser: TestBrowser,
  email: string,
  extra: Record<string, unknown> = {},
  password = GOOD_PASSWORD,
) => browser.post('/v3/login/', { username_or_email: email, password, ...extra });
const liveCode = async (userId: number) =>
  (
    await t.db
      .select()
      .from(mfaCodes)
      .where(and(eq(mfaCodes.userId, userId), eq(mfaCodes.purpose, 'login')))
  )[0];

describe('login with two-factor on', () => {
  it('answers mfa_required with the number end and texts a code; the code signs in once', async () => {
    const ada = await twoFactorAccount();
    const browser = new TestBrowser(t);
    const first = await login(browser, ada.email);
    expect(first.status).toBe(401);
    expect(errorOf(first)).toMatchObject({
      code: 'mfa_required',
      api_error_code: 150,
      data: { phone_number_end: ada.phone.slice(-4) },
    });
    expect(first.setCookies._pinboard_sess).toBeUndefined();
    const [text] = await textsTo(t, ada.phone);
    expect(text).toMatch(/^Your Pinboard code is \d{6}\. It expires in 10 minutes\.$/);

    // Stored as an HMAC only, valid 10 minutes.
    const code = await codeTextedTo(t, ada.phone);
    const row = await liveCode(ada.id);
    expect(row!.codeHash).not.toContain(code);
    expect(Math.abs(row!.expiresAt.getTime() - row!.createdAt.getTime() - 10 * 60_000)).toBeLessThan(5_000);

    const second = await login(browser, ada.email, { mfa_token: `${code.slice(0, 3)} ${code.slice(3)}` });
    expect(second.status).toBe(200);
    expect(second.body.resource_response.data.user.id).toBe(String(ada.id));
    expect(second.setCookies._pinboard_sess?.value).toBeTruthy();

    // Replay: the used code never works again.
    const replay = await login(new TestBrowser(t), ada.email, { mfa_token: code });
    expect(errorOf(replay)).toMatchObject({ code: 'mfa_code_expired', http_status: 401 });
  });

  it('needs the password too: a right code with a wrong password is a wrong password', async () => {
    const ada = await twoFactorAccount();
    await login(new TestBrowser(t), ada.email);
    const code = await codeTextedTo(t, ada.phone);
    const wrong = await login(new TestBrowser(t), ada.email, { mfa_token: code }, 'not-the-password-1');
    expect(errorOf(wrong).code).toBe('login_password_incorrect');
    expect((await login(new TestBrowser(t), ada.email, { mfa_token: code })).status).toBe(200);
  });

  it('answers the product codes for an empty or malformed code', async () => {
    const ada = await twoFactorAccount();
    const empty = await login(new TestBrowser(t), ada.email, { mfa_token: ' ' });
    expect(errorOf(empty)).toMatchObject({ code: 'mfa_code_required', field: 'mfa_token', http_status: 400 });
    const bad = await login(new TestBrowser(t), ada.email, { mfa_token: '12ab' });
    expect(errorOf(bad)).toMatchObject({ code: 'mfa_code_invalid_format', field: 'mfa_token' });
  });

  it('counts wrong codes: 5 wrong tries kill the code, even for the right one after them', async () => {
    const ada = await twoFactorAccount();
    await login(new TestBrowser(t), ada.email);
    const code = await codeTextedTo(t, ada.phone);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < MFA_LIMITS.maxWrongTriesPerCode; i++) {
      const answer = await login(new TestBrowser(t), ada.email, { mfa_token: wrong });
      expect(errorOf(answer)).toMatchObject({ code: 'mfa_code_incorrect', http_status: 401 });
    }
    const after = await login(new TestBrowser(t), ada.email, { mfa_token: code });
    expect(errorOf(after)).toMatchObject({ code: 'mfa_code_expired', http_status: 401 });
  });

  it('evaluates at most 5 of 50 parallel wrong codes', async () => {
    const ada = await twoFactorAccount();
    await login(new TestBrowser(t), ada.email);
    const code = await codeTextedTo(t, ada.phone);
    const wrongCodes = Array.from({ length: 50 }, (_, i) =>
      String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'),
    );
    const answers = await Promise.all(
      wrongCodes.map((mfa_token) => login(new TestBrowser(t), ada.email, { mfa_token })),
    );
    const codes = answers.map((answer) => errorOf(answer)?.code);
    expect(codes.filter((c) => c === 'mfa_code_incorrect')).toHaveLength(5);
    expect(codes.filter((c) => c === 'mfa_code_expired')).toHaveLength(45);
    expect((await liveCode(ada.id))!.wrongTries).toBe(5);
    expect(errorOf(await login(new TestBrowser(t), ada.email, { mfa_token: code })).code).toBe(
      'mfa_code_expired',
    );
  });

  it('expires a code after 10 minutes', async () => {
    const ada = await twoFactorAccount();
    await login(new TestBrowser(t), ada.email);
    const code = await codeTextedTo(t, ada.phone);
    await t.db
      .update(mfaCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(mfaCodes.userId, ada.id));
    expect(errorOf(await login(new TestBrowser(t), ada.email, { mfa_token: code })).code).toBe(
      'mfa_code_expired',
    );
  });

  it('resend texts a new code that replaces the old one', async () => {
    const ada = await twoFactorAccount();
    const browser = new TestBrowser(t);
    await login(browser, ada.email);
    const old = await codeTextedTo(t, ada.phone);
    const resent = await login(browser, ada.email, { mfa_resend: true, mfa_token: old });
    expect(errorOf(resent)).toMatchObject({
      code: 'mfa_required',
      data: { phone_number_end: ada.phone.slice(-4) },
    });
    expect(await textsTo(t, ada.phone)).toHaveLength(2);
    const fresh = await codeTextedTo(t, ada.phone);
    expect(await t.db.select().from(mfaCodes).where(eq(mfaCodes.userId, ada.id))).toHaveLength(1);
    if (fresh !== old) {
      expect(errorOf(await login(browser, ada.email, { mfa_token: old })).code).toBe('mfa_code_incorrect');
    }
    expect((await login(browser, ada.email, { mfa_token: fresh })).status).toBe(200);
  });

  it('caps the texts to one number at 5 an hour', async () => {
    const ada = await twoFactorAccount();
    for (let i = 0; i < MFA_LIMITS.sendsPerNumberPerHour; i++) {
      expect(errorOf(await login(new TestBrowser(t), ada.email, { mfa_resend: true })).code).toBe(
        'mfa_required',
      );
    }
    const capped = await login(new TestBrowser(t), ada.email, { mfa_resend: true });
    expect(capped.status).toBe(429);
    expect(errorOf(capped)).toMatchObject({
      code: 'mfa_send_limited',
      message: ERRORS.mfa_send_limited.message,
      message_detail: null,
      data: { phone_number_end: ada.phone.slice(-4), backup_codes: false },
    });
    expect(await textsTo(t, ada.phone)).toHaveLength(5);
    // The last code still works.
    const code = await codeTextedTo(t, ada.phone);
    expect((await login(new TestBrowser(t), ada.email, { mfa_token: code })).status).toBe(200);
  });

  it('past the text cap, says backup codes can be used and takes one: never locked out while some are left', async () => {
    const ada = await twoFactorAccount();
    const browser = await signedInBrowser(t, ada.id);
    const codes: string[] = (
      await browser.post('/v3/users/settings/backup_codes/', { password: GOOD_PASSWORD })
    ).body.resource_response.data.codes;
    for (let i = 0; i < MFA_LIMITS.sendsPerNumberPerHour; i++) await login(new TestBrowser(t), ada.email);
    // The password step itself, past the cap: no text, and the backup codes offered.
    const capped = await login(new TestBrowser(t), ada.username);
    expect(capped.status).toBe(429);
    expect(errorOf(capped)).toMatchObject({
      code: 'mfa_send_limited',
      message: ERRORS.mfa_send_limited.message,
      message_detail: MFA_SEND_LIMITED_BACKUP_DETAIL,
      data: { phone_number_end: ada.phone.slice(-4), backup_codes: true },
    });
    expect(await textsTo(t, ada.phone)).toHaveLength(MFA_LIMITS.sendsPerNumberPerHour);
    for (const code of codes.slice(0, 3)) {
      const resend = await login(new TestBrowser(t), ada.email, { mfa_resend: true });
      expect(errorOf(resend).data).toMatchObject({ backup_codes: true });
      expect((await login(new TestBrowser(t), ada.email, { backup_code: code })).status).toBe(200);
    }
  });

  it('takes a backup code instead, once', async () => {
    const ada = await twoFactorAccount();
    // Backup codes are made in settings (asks the password); a signed-in session is needed.
    const browser = await signedInBrowser(t, ada.id);
    const made = await browser.post('/v3/users/settings/backup_codes/', { password: GOOD_PASSWORD });
    expect(made.body.resource_response.error ?? null).toBeNull();
    const codes: string[] = made.body.resource_response.data.codes;
    expect(codes).toHaveLength(10);
    const other = new TestBrowser(t);
    const used = await login(other, ada.email, { backup_code: codes[3]!.toUpperCase() });
    expect(used.status).toBe(200);
    const again = await login(new TestBrowser(t), ada.email, { backup_code: codes[3] });
    expect(errorOf(again)).toMatchObject({
      code: 'backup_code_incorrect',
      http_status: 401,
      field: 'backup_code',
    });
    const made2 = await login(new TestBrowser(t), ada.email, { backup_code: 'abcdefghjk' });
    expect(errorOf(made2).code).toBe('backup_code_incorrect');
  });

  it('answers an unknown account exactly like a wrong password, code or not', async () => {
    const ada = await twoFactorAccount();
    const wrong = await login(new TestBrowser(t), ada.email, { mfa_token: '123456' }, 'not-the-password-1');
    const unknown = await login(
      new TestBrowser(t),
      uniqueEmail('nobody'),
      { mfa_token: '123456' },
      'not-the-password-1',
    );
    expect(unknown.status).toBe(wrong.status);
    expect(unknown.body).toEqual(wrong.body);
    expect(await textsTo(t, ada.phone)).toHaveLength(0);
  });

  it('an account without two-factor ignores the code fields', async () => {
    const email = uniqueEmail();
    await t.make.userWithPassword(GOOD_PASSWORD, { email });
    expect((await login(new TestBrowser(t), email, { mfa_token: '123456' })).status).toBe(200);
  });
});

describe('password reset with two-factor on', () => {
  it('sets the password but signs in only after the texted code', async () => {
    const ada = await twoFactorAccount();
    const token = 'r'.repeat(43);
    await t.db.insert(passwordResetTokens).values({
      idHash: hashResetToken(token),
      userId: ada.id,
      requestType: 'reset',
      expiresAt: new Date(Date.now() + 60_000),
    });
    const browser = new TestBrowser(t);
    const reset = await browser.post('/v3/users/reset_password/', { token, password: 'amber-lantern-93' });
    expect(reset.status).toBe(401);
    expect(errorOf(reset)).toMatchObject({
      code: 'mfa_required',
      data: { phone_number_end: ada.phone.slice(-4), username_or_email: ada.email },
    });
    expect(reset.setCookies._pinboard_sess).toBeUndefined();
    const code = await codeTextedTo(t, ada.phone);
    const signedIn = await login(browser, ada.email, { mfa_token: code }, 'amber-lantern-93');
    expect(signedIn.status).toBe(200);
  });
});
