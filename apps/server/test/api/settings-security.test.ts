import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { backupCodes, userPhones } from '../../src/db/schema/mfa.ts';
import { boards } from '../../src/db/schema/boards.ts';
import { outboxMessages } from '../../src/db/schema/outbox.ts';
import { users } from '../../src/db/schema/users.ts';
import { GOOD_PASSWORD, uniqueEmail } from '../helpers/auth.ts';
import { errorOf, TestBrowser } from '../helpers/browser.ts';
import { codeTextedTo, signedInBrowser, textsTo, uniquePhone } from '../helpers/mfa.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

const S = '/v3/users/settings';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function account() {
  const email = uniqueEmail();
  const user = await t.make.userWithPassword(GOOD_PASSWORD, { email });
  return { ...user, email, browser: await signedInBrowser(t, user.id) };
}
const dataOf = (response: { body: any }) => response.body.resource_response.data;
const security = async (browser: TestBrowser) => dataOf(await browser.get(`${S}/security/`));

/** Adds and confirms a phone through the API. */
async function confirmPhone(browser: TestBrowser, phone = uniquePhone()) {
  expect((await browser.post(`${S}/phone/`, { phone_number: phone, password: GOOD_PASSWORD })).status).toBe(
    200,
  );
  const confirmed = await browser.post(`${S}/phone/confirm/`, { code: await codeTextedTo(t, phone) });
  expect(confirmed.status).toBe(200);
  return phone;
}

describe('settings are for signed-in viewers only', () => {
  it.each([
    ['GET', `${S}/security/`, undefined],
    ['POST', `${S}/email/`, { email: 'ada.new@example.com', password: 'x' }],
    ['POST', `${S}/password/`, { current_password: 'x', new_password: 'y', end_other_sessions: false }],
    ['POST', `${S}/phone/`, { phone_number: '+14155550100', password: 'x' }],
    ['POST', `${S}/phone/confirm/`, { code: '123456' }],
    ['DELETE', `${S}/phone/`, { password: 'x' }],
    ['PUT', `${S}/two_factor/`, { enabled: true, password: 'x' }],
    ['POST', `${S}/backup_codes/`, { password: 'x' }],
    ['GET', `${S}/sessions/`, undefined],
    ['DELETE', `${S}/sessions/abc/`, undefined],
    ['POST', `${S}/sessions/logout_all/`, {}],
    ['POST', `${S}/close/`, { password: 'x', mode: 'deactivate' }],
  ] as const)('%s %s answers auth_required to a visitor', async (method, url, payload) => {
    const answer = await new TestBrowser(t).request(method, url, payload);
    expect(answer.status).toBe(401);
    expect(errorOf(answer).code).toBe('auth_required');
  });
});

describe('phone and two-factor', () => {
  it('adds a phone confirmed by a texted code, then turns two-factor on and off', async () => {
    const ada = await account();
    expect(await security(ada.browser)).toEqual({
      email: ada.email,
      has_password: true,
      phone_number_end: null,
      phone_confirmed: false,
      two_factor_enabled: false,
      backup_codes_left: 0,
    });
    const early = await ada.browser.request('PUT', `${S}/two_factor/`, {
      enabled: true,
      password: GOOD_PASSWORD,
    });
    expect(errorOf(early)).toMatchObject({ code: 'phone_not_confirmed', http_status: 400 });

    const phone = uniquePhone();
    const wrongPassword = await ada.browser.post(`${S}/phone/`, {
      phone_number: phone,
      password: 'nope-nope-1',
    });
    expect(errorOf(wrongPassword)).toMatchObject({
      code: 'reauth_failed',
      http_status: 401,
      field: 'password',
    });
    const invalid = await ada.browser.post(`${S}/phone/`, {
      phone_number: '555 0100',
      password: GOOD_PASSWORD,
    });
    expect(errorOf(invalid)).toMatchObject({ code: 'phone_invalid', field: 'phone_number' });
    expect(await textsTo(t, phone)).toHaveLength(0);

    const started = await ada.browser.post(`${S}/phone/`, {
      phone_number: `${phone.slice(0, 2)} ${phone.slice(2, 5)} ${phone.slice(5)}`,
      password: GOOD_PASSWORD,
    });
    expect(dataOf(started)).toEqual({ phone_number_end: phone.slice(-4) });
    const code = await codeTextedTo(t, phone);
    const wrong = await ada.browser.post(`${S}/phone/confirm/`, {
      code: code === '999999' ? '000000' : '999999',
    });
    expect(errorOf(wrong)).toMatchObject({
      code: 'phone_confirm_code_incorrect',
      field: 'code',
      http_status: 400,
    });
    const confirmed = await ada.browser.post(`${S}/phone/confirm/`, { code });
    expect(dataOf(confirmed)).toMatchObject({ phone_number_end: phone.slice(-4), phone_confirmed: true });
    const replay = await ada.browser.post(`${S}/phone/confirm/`, { code });
    expect(errorOf(replay).code).toBe('phone_confirm_code_expired');
    expect((await t.db.select().from(userPhones).where(eq(userPhones.userId, ada.id)))[0]!.e164).toBe(phone);

    const noAuth = await ada.browser.request('PUT', `${S}/two_factor/`, {
      enabled: true,
      password: 'nope-nope-1',
    });
    expect(errorOf(noAuth).code).toBe('reauth_failed');
    const on = await ada.browser.request('PUT', `${S}/two_factor/`, {
      enabled: true,
      password: GOOD_PASSWORD,
    });
    expect(dataOf(on).two_factor_enabled).toBe(true);
    const login = await new TestBrowser(t).post('/v3/login/', {
      username_or_email: ada.email,
      password: GOOD_PASSWORD,
    });
    expect(errorOf(login).code).toBe('mfa_required');

    const off = await ada.browser.request('PUT', `${S}/two_factor/`, {
      enabled: false,
      password: GOOD_PASSWORD,
    });
    expect(dataOf(off).two_factor_enabled).toBe(false);
  });

  it('keeps the confirmed phone until a new number is confirmed; removing it turns two-factor off', async () => {
    const ada = await account();
    const first = await confirmPhone(ada.browser);
    await ada.browser.request('PUT', `${S}/two_factor/`, { enabled: true, password: GOOD_PASSWORD });
    const second = uniquePhone();
    await ada.browser.post(`${S}/phone/`, { phone_number: second, password: GOOD_PASSWORD });
    expect((await security(ada.browser)).phone_number_end).toBe(first.slice(-4));

    const wrongPassword = await ada.browser.request('DELETE', `${S}/phone/`, { password: 'nope-nope-1' });
    expect(errorOf(wrongPassword).code).toBe('reauth_failed');
    const removed = await ada.browser.request('DELETE', `${S}/phone/`, { password: GOOD_PASSWORD });
    expect(dataOf(removed)).toMatchObject({
      phone_number_end: null,
      phone_confirmed: false,
      two_factor_enabled: false,
    });
  });

  it('makes 10 single-use backup codes, stored hashed, a new set replacing the old', async () => {
    const ada = await account();
    const refused = await ada.browser.post(`${S}/backup_codes/`, { password: 'nope-nope-1' });
    expect(errorOf(refused).code).toBe('reauth_failed');
    const { codes } = dataOf(await ada.browser.post(`${S}/backup_codes/`, { password: GOOD_PASSWORD }));
    expect(codes).toHaveLength(10);
    for (const code of codes) expect(code).toMatch(/^[2-9a-hjkmnp-z]{10}$/);
    const rows = await t.db.select().from(backupCodes).where(eq(backupCodes.userId, ada.id));
    expect(rows.map((r) => r.codeHash)).not.toContain(codes[0]);
    expect((await security(ada.browser)).backup_codes_left).toBe(10);
    await ada.browser.post(`${S}/backup_codes/`, { password: GOOD_PASSWORD });
    expect(await t.db.select().from(backupCodes).where(eq(backupCodes.userId, ada.id))).toHaveLength(10);
  });

  it('texts at most 10 codes an hour for one account, whatever the numbers', async () => {
    const ada = await account();
    for (let i = 0; i < 10; i++) {
      const sent = await ada.browser.post(`${S}/phone/`, {
        phone_number: uniquePhone(),
        password: GOOD_PASSWORD,
      });
      expect(sent.status).toBe(200);
    }
    const capped = await ada.browser.post(`${S}/phone/`, {
      phone_number: uniquePhone(),
      password: GOOD_PASSWORD,
    });
    expect(errorOf(capped)).toMatchObject({ code: 'mfa_send_limited', http_status: 429 });
  });

  it('stops re-auth guessing after 10 wrong passwords', async () => {
    const ada = await account();
    for (let i = 0; i < 10; i++) {
      expect(errorOf(await ada.browser.post(`${S}/backup_codes/`, { password: 'nope-nope-1' })).code).toBe(
        'reauth_failed',
      );
    }
    const locked = await ada.browser.post(`${S}/backup_codes/`, { password: GOOD_PASSWORD });
    expect(errorOf(locked)).toMatchObject({ code: 'login_rate_limited', http_status: 429 });
  });
});

describe('email', () => {
  const logIn = (email: string) =>
    new TestBrowser(t).post('/v3/login/', { username_or_email: email, password: GOOD_PASSWORD });
  const mailsTo = async (email: string) => {
    await t.app.background.settled();
    return t.db.select().from(outboxMessages).where(eq(outboxMessages.to, email));
  };

  it('changes the email after the password, tells the old address, and logs in with the new one', async () => {
    const ada = await account();
    const newEmail = uniqueEmail('Ada.New');
    const changed = await ada.browser.post(`${S}/email/`, {
      email: ` ${newEmail} `,
      password: GOOD_PASSWORD,
    });
    expect(changed.status).toBe(200);
    expect(dataOf(changed)).toMatchObject({ email: newEmail, has_password: true });
    expect((await security(ada.browser)).email).toBe(newEmail);

    const [notice, ...more] = await mailsTo(ada.email);
    expect(more).toEqual([]);
    expect(notice!.subject).toBe('Your Pinboard email was changed');
    expect(notice!.text).toBe(
      "Your Pinboard email was changed to A***@e***.com.\nIf this wasn't you, reset your password: http://localhost:3000/password/reset/\n",
    );
    expect(notice!.html).toContain('<a href="http://localhost:3000/password/reset/">');
    expect(notice!.html).toContain('If this wasn&#39;t you, reset your password:');
    expect(notice!.text).not.toContain(newEmail);
    // The new address is asked to confirm itself (decision 46).
    const [confirm, ...others] = await mailsTo(newEmail);
    expect(others).toEqual([]);
    expect(confirm!.subject).toBe('Confirm your email for Pinboard');

    expect((await logIn(newEmail.toLowerCase())).status).toBe(200);
    expect(errorOf(await logIn(ada.email)).code).toBe('login_password_incorrect');
  });

  it('asks the password again, with the re-auth limit', async () => {
    const ada = await account();
    const body = { email: uniqueEmail(), password: 'nope-nope-1' };
    const refused = await ada.browser.post(`${S}/email/`, body);
    expect(errorOf(refused)).toMatchObject({ code: 'reauth_failed', http_status: 401, field: 'password' });
    for (let i = 1; i < 10; i++) await ada.browser.post(`${S}/email/`, body);
    const locked = await ada.browser.post(`${S}/email/`, { ...body, password: GOOD_PASSWORD });
    expect(errorOf(locked)).toMatchObject({ code: 'login_rate_limited', http_status: 429 });
    expect((await security(ada.browser)).email).toBe(ada.email);
    expect(await mailsTo(ada.email)).toEqual([]);
  });

  it.each([
    ['', 'email_required'],
    ['ada@localhost', 'email_invalid_format'],
    ['ada@mailinator.com', 'email_excluded_domain'],
    ['pinboard.fan@example.com', 'email_contains_product_name'],
  ])('refuses %j by the sign-up rules (%s)', async (email, code) => {
    const ada = await account();
    const refused = await ada.browser.post(`${S}/email/`, { email, password: GOOD_PASSWORD });
    expect(errorOf(refused)).toMatchObject({ code, http_status: 400, field: 'email' });
    expect((await security(ada.browser)).email).toBe(ada.email);
  });

  it('refuses the current address, in any case', async () => {
    const ada = await account();
    const same = await ada.browser.post(`${S}/email/`, {
      email: ada.email.toUpperCase(),
      password: GOOD_PASSWORD,
    });
    expect(errorOf(same)).toMatchObject({ code: 'email_unchanged', http_status: 400, field: 'email' });
    expect(await mailsTo(ada.email)).toEqual([]);
  });

  it("refuses another account's address, in any case", async () => {
    const ada = await account();
    const bob = await account();
    const taken = await ada.browser.post(`${S}/email/`, {
      email: bob.email.toUpperCase(),
      password: GOOD_PASSWORD,
    });
    expect(errorOf(taken)).toMatchObject({ code: 'email_taken', http_status: 409, field: 'email' });
    expect((await security(ada.browser)).email).toBe(ada.email);
    expect(await mailsTo(ada.email)).toEqual([]);
  });

  it('gives one address to one of two accounts racing for it', async () => {
    const ada = await account();
    const bob = await account();
    const email = uniqueEmail();
    const answers = await Promise.all(
      [ada, bob].map((one) => one.browser.post(`${S}/email/`, { email, password: GOOD_PASSWORD })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(errorOf(answers.find((answer) => answer.status === 409)!).code).toBe('email_taken');
    const owners = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    expect(owners).toHaveLength(1);
  });
});

describe('password and sessions', () => {
  it('changes the password after the current one, ending other sessions on request', async () => {
    const ada = await account();
    const other = await signedInBrowser(t, ada.id);
    const body = {
      current_password: 'nope-nope-1',
      new_password: 'amber-lantern-93',
      end_other_sessions: true,
    };
    const wrong = await ada.browser.post(`${S}/password/`, body);
    expect(errorOf(wrong)).toMatchObject({ code: 'current_password_incorrect', field: 'current_password' });
    const weak = await ada.browser.post(`${S}/password/`, {
      ...body,
      current_password: GOOD_PASSWORD,
      new_password: 'short',
    });
    expect(errorOf(weak)).toMatchObject({ code: 'password_too_short', field: 'new_password' });
    const changed = await ada.browser.post(`${S}/password/`, { ...body, current_password: GOOD_PASSWORD });
    expect(dataOf(changed)).toEqual({ ended: 1 });
    expect((await ada.browser.get(`${S}/security/`)).status).toBe(200);
    expect((await other.get(`${S}/security/`)).status).toBe(401);
    const login = await new TestBrowser(t).post('/v3/login/', {
      username_or_email: ada.email,
      password: 'amber-lantern-93',
    });
    expect(login.status).toBe(200);
  });

  it('lists sessions, ends one by id, and logs out everywhere', async () => {
    const ada = await account();
    const second = await signedInBrowser(t, ada.id);
    const third = await signedInBrowser(t, ada.id);
    const list = dataOf(await ada.browser.get(`${S}/sessions/`));
    expect(list).toHaveLength(3);
    expect(list.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    const secondId = dataOf(await second.get(`${S}/sessions/`)).find(
      (s: { current: boolean }) => s.current,
    ).id;
    expect(secondId).toMatch(/^[A-Za-z0-9_-]{22}$/);

    const ended = await ada.browser.request('DELETE', `${S}/sessions/${secondId}/`);
    expect(dataOf(ended)).toHaveLength(2);
    expect((await second.get(`${S}/security/`)).status).toBe(401);
    const missing = await ada.browser.request('DELETE', `${S}/sessions/${secondId}/`);
    expect(errorOf(missing)).toMatchObject({ code: 'session_not_found', http_status: 404 });
    // Another account's session id is not found either.
    const bob = await account();
    const bobId = dataOf(await bob.browser.get(`${S}/sessions/`))[0].id;
    expect((await ada.browser.request('DELETE', `${S}/sessions/${bobId}/`)).status).toBe(404);

    expect(dataOf(await ada.browser.post(`${S}/sessions/logout_all/`, {}))).toEqual({ ended: 1 });
    expect((await third.get(`${S}/security/`)).status).toBe(401);
    expect((await ada.browser.get(`${S}/security/`)).status).toBe(200);
    const all = await ada.browser.post(`${S}/sessions/logout_all/`, { include_current: true });
    expect(dataOf(all)).toEqual({ ended: 1 });
    expect((await ada.browser.get(`${S}/security/`)).status).toBe(401);
  });
});

describe('closing the account', () => {
  it('deactivates: every session ends and login answers account_deactivated', async () => {
    const ada = await account();
    const other = await signedInBrowser(t, ada.id);
    const refused = await ada.browser.post(`${S}/close/`, { password: 'nope-nope-1', mode: 'deactivate' });
    expect(errorOf(refused).code).toBe('reauth_failed');
    const done = await ada.browser.post(`${S}/close/`, { password: GOOD_PASSWORD, mode: 'deactivate' });
    expect(dataOf(done)).toEqual({ mode: 'deactivate' });
    expect((await other.get(`${S}/security/`)).status).toBe(401);
    const login = await new TestBrowser(t).post('/v3/login/', {
      username_or_email: ada.email,
      password: GOOD_PASSWORD,
    });
    expect(errorOf(login).code).toBe('account_deactivated');
  });

  it('closes: the account and its boards are deleted', async () => {
    const ada = await account();
    await t.make.board(ada.id);
    const done = await ada.browser.post(`${S}/close/`, { password: GOOD_PASSWORD, mode: 'close' });
    expect(dataOf(done)).toEqual({ mode: 'close' });
    expect(await t.db.select().from(users).where(eq(users.id, ada.id))).toHaveLength(0);
    expect(await t.db.select().from(boards).where(eq(boards.ownerId, ada.id))).toHaveLength(0);
    const login = await new TestBrowser(t).post('/v3/login/', {
      username_or_email: ada.email,
      password: GOOD_PASSWORD,
    });
    expect(errorOf(login).code).toBe('login_password_incorrect');
  });
});
