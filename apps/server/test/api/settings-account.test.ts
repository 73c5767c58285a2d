import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailVerificationTokens } from '../../src/db/schema/account-settings.ts';
import { outboxMessages } from '../../src/db/schema/outbox.ts';
import type { users } from '../../src/db/schema/users.ts';
import { GOOD_PASSWORD, registerBody, uniqueEmail } from '../helpers/auth.ts';
import { errorOf, TestBrowser } from '../helpers/browser.ts';
import { signedInBrowser } from '../helpers/mfa.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

const S = '/v3/users/settings';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const dataOf = (response: { body: any }) => response.body.resource_response.data;

async function person(overrides: Partial<typeof users.$inferInsert> = {}) {
  const email = uniqueEmail();
  const user = await t.make.userWithPassword(GOOD_PASSWORD, { email, country: 'US', ...overrides });
  return { ...user, email, browser: await signedInBrowser(t, user.id) };
}

/** The confirmation links mailed to an address, oldest first. */
async function linksTo(email: string): Promise<string[]> {
  await t.app.background.settled();
  const mails = await t.db.select().from(outboxMessages).where(eq(outboxMessages.to, email));
  return mails
    .filter((mail) => mail.subject === 'Confirm your email for Pinboard')
    .sort((a, b) => a.id - b.id)
    .map((mail) => /http:\/\/localhost:3000\/email\/verify\/\?token=([\w-]+)/.exec(mail.text)![1]!);
}

describe('account settings: PATCH /v3/users/settings/', () => {
  it('answers the defaults, then stores each field and switch and answers them', async () => {
    const ada = await person({ birthday: '1990-05-17' });
    expect(dataOf(await ada.browser.get(`${S}/`))).toMatchObject({
      email: ada.email,
      email_verified: true,
      locale: null,
      country: 'US',
      gender: null,
      birthday: '1990-05-17',
      hide_from_search_engines: false,
      personalize_from_activity: true,
      personalize_ads_from_partners: true,
      personalize_ads_from_visited_sites: true,
    });
    const patch = {
      locale: 'fr',
      country: 'FR',
      gender: 'female',
      birthday: '1988-02-29',
      hide_from_search_engines: true,
      personalize_ads_from_partners: false,
    };
    const changed = await ada.browser.request('PATCH', `${S}/`, patch);
    expect(changed.status).toBe(200);
    expect(dataOf(changed)).toMatchObject({ ...patch, personalize_from_activity: true });
    expect(dataOf(await ada.browser.get(`${S}/`))).toMatchObject(patch);
    // One switch at a time leaves the others as they are.
    await ada.browser.request('PATCH', `${S}/`, { hide_from_search_engines: false });
    expect(dataOf(await ada.browser.get(`${S}/`))).toMatchObject({
      hide_from_search_engines: false,
      personalize_ads_from_partners: false,
      locale: 'fr',
    });
  });

  it.each([
    [{ locale: 'xx' }, 'locale_invalid', 'locale'],
    [{ country: 'ZZ' }, 'country_invalid', 'country'],
    [{ birthday: '17/05/1990' }, 'birthday_invalid', 'birthday'],
    [{ birthday: '2999-01-01' }, 'birthday_invalid', 'birthday'],
    [{ birthday: '1850-01-01' }, 'overage', 'birthday'],
  ])('refuses %j with %s and changes nothing', async (patch, code, field) => {
    const ada = await person({ birthday: '1990-05-17' });
    const refused = await ada.browser.request('PATCH', `${S}/`, patch);
    expect(errorOf(refused)).toMatchObject({ code, http_status: 400, field });
    expect(dataOf(await ada.browser.get(`${S}/`))).toMatchObject({ locale: null, birthday: '1990-05-17' });
  });

  it("follows sign-up's age rule: under the country's minimum age is refused, the birthday kept", async () => {
    const ada = await person({ birthday: '1990-05-17' });
    const year = new Date().getUTCFullYear();
    const young = `${year - 10}-01-01`;
    expect(errorOf(await ada.browser.request('PATCH', `${S}/`, { birthday: young }))).toMatchObject({
      code: 'underage',
      field: 'birthday',
    });
    // 13 is old enough in the US, not in Korea (14), also when the country changes in the same call.
    const thirteen = `${year - 13}-01-01`;
    expect(
      errorOf(await ada.browser.request('PATCH', `${S}/`, { birthday: thirteen, country: 'KR' })).code,
    ).toBe('underage');
    expect(dataOf(await ada.browser.get(`${S}/`))).toMatchObject({ birthday: '1990-05-17', country: 'US' });
  });

  it('is for signed-in people only, and takes no unknown field', async () => {
    expect(errorOf(await new TestBrowser(t).request('PATCH', `${S}/`, { locale: 'fr' })).code).toBe(
      'auth_required',
    );
    const ada = await person();
    expect(errorOf(await ada.browser.request('PATCH', `${S}/`, { email: 'x@example.com' })).code).toBe(
      'unknown_field',
    );
  });
});

describe('notification settings', () => {
  it('answers the defaults, stores a change of some categories and keeps the others', async () => {
    const ada = await person();
    expect(dataOf(await ada.browser.get(`${S}/notifications/`))).toEqual({
      activity: { email: 'daily', push: true },
      comments: { email: 'instant', push: true },
      messages: { email: 'instant', push: true },
      invitations: { email: 'instant', push: true },
      product_news: { email: 'off', push: false },
    });
    const changed = await ada.browser.request('PUT', `${S}/notifications/`, {
      comments: { email: 'off', push: false },
      product_news: { email: 'daily', push: true },
    });
    expect(changed.status).toBe(200);
    await ada.browser.request('PUT', `${S}/notifications/`, { comments: { email: 'daily', push: false } });
    expect(dataOf(await ada.browser.get(`${S}/notifications/`))).toMatchObject({
      activity: { email: 'daily', push: true },
      comments: { email: 'daily', push: false },
      product_news: { email: 'daily', push: true },
    });
  });

  it.each([
    [{ comments: { email: 'weekly', push: true } }],
    [{ comments: { email: 'off' } }],
    [{ spam: { email: 'off', push: false } }],
  ])('refuses %j', async (body) => {
    const ada = await person();
    const refused = await ada.browser.request('PUT', `${S}/notifications/`, body);
    expect(refused.status).toBe(400);
    expect(dataOf(await ada.browser.get(`${S}/notifications/`)).comments).toEqual({
      email: 'instant',
      push: true,
    });
  });
});

describe('email confirmation', () => {
  it('mails a new account a single-use link that confirms its address', async () => {
    const browser = new TestBrowser(t);
    const body = registerBody();
    expect((await browser.post('/v3/register/', body)).status).toBe(200);
    expect(dataOf(await browser.get(`${S}/`)).email_verified).toBe(false);
    expect(dataOf(await browser.get('/v3/users/me/')).info.emailVerified).toBe(false);
    const [token] = await linksTo(body.email);

    // The link works signed out too: the token is the proof.
    const confirmed = await new TestBrowser(t).post('/v3/users/email/verify/', { token });
    expect(confirmed.status).toBe(200);
    expect(dataOf(confirmed)).toEqual({ email: body.email });
    expect(dataOf(await browser.get(`${S}/`)).email_verified).toBe(true);
    expect(dataOf(await browser.get('/v3/users/me/')).info.emailVerified).toBe(true);

    const again = await browser.post('/v3/users/email/verify/', { token });
    expect(errorOf(again)).toMatchObject({ code: 'email_verification_used', http_status: 400 });
    expect(errorOf(await browser.post(`${S}/email/verification/`, {})).code).toBe('email_already_verified');
  });

  it('refuses an expired link, a made-up one and one replaced by a newer link', async () => {
    const browser = new TestBrowser(t);
    const body = registerBody();
    await browser.post('/v3/register/', body);
    const [first] = await linksTo(body.email);
    expect(dataOf(await browser.post(`${S}/email/verification/`, {}))).toEqual({ email: body.email });
    const [, second] = await linksTo(body.email);
    expect(errorOf(await browser.post('/v3/users/email/verify/', { token: first })).code).toBe(
      'email_verification_invalid',
    );
    expect(errorOf(await browser.post('/v3/users/email/verify/', { token: 'made-up' })).code).toBe(
      'email_verification_invalid',
    );
    await t.db.update(emailVerificationTokens).set({ expiresAt: new Date(Date.now() - 1000) });
    expect(errorOf(await browser.post('/v3/users/email/verify/', { token: second })).code).toBe(
      'email_verification_expired',
    );
    expect(dataOf(await browser.get(`${S}/`)).email_verified).toBe(false);
  });

  it('marks a changed address unconfirmed until its link is opened; a link to the old one stops working', async () => {
    const browser = new TestBrowser(t);
    const body = registerBody();
    await browser.post('/v3/register/', body);
    const [oldLink] = await linksTo(body.email);
    const newEmail = uniqueEmail('changed');
    expect((await browser.post(`${S}/email/`, { email: newEmail, password: GOOD_PASSWORD })).status).toBe(
      200,
    );
    expect(dataOf(await browser.get(`${S}/`))).toMatchObject({ email: newEmail, email_verified: false });
    expect(errorOf(await browser.post('/v3/users/email/verify/', { token: oldLink })).code).toBe(
      'email_verification_invalid',
    );
    const [newLink] = await linksTo(newEmail);
    expect((await browser.post('/v3/users/email/verify/', { token: newLink })).status).toBe(200);
    expect(dataOf(await browser.get(`${S}/`))).toMatchObject({ email: newEmail, email_verified: true });
  });

  it('limits new links to 5 an hour', async () => {
    const browser = new TestBrowser(t);
    await browser.post('/v3/register/', registerBody());
    for (let i = 0; i < 5; i++) expect((await browser.post(`${S}/email/verification/`, {})).status).toBe(200);
    expect(errorOf(await browser.post(`${S}/email/verification/`, {}))).toMatchObject({
      code: 'rate_limited',
      http_status: 429,
    });
  });
});
