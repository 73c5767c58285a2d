import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ERRORS } from '@pinboard/shared';
import { userConsents } from '../../src/db/schema/auth.ts';
import { users } from '../../src/db/schema/users.ts';
import { birthdaySeconds, GOOD_PASSWORD, registerBody, uniqueEmail } from '../helpers/auth.ts';
import { errorOf, TestBrowser } from '../helpers/browser.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { COUNTRY_HEADER: 'x-test-country' } });
});
afterAll(() => t.close());

const browserIn = (country = 'US') => new TestBrowser(t, { 'x-test-country': country });
const register = (overrides: Record<string, unknown> = {}, country = 'US') =>
  browserIn(country).post('/v3/register/', registerBody(overrides));

async function expectRefused(overrides: Record<string, unknown>, code: keyof typeof ERRORS, country = 'US') {
  const response = await register(overrides, country);
  const error = errorOf(response);
  expect({ status: response.status, code: error?.code }).toEqual({ status: ERRORS[code].status, code });
  expect(error.message).toBe(ERRORS[code].message);
  expect(error.api_error_code).toBe(ERRORS[code].apiCode);
  return error;
}

describe('POST /v3/register/', () => {
  it('creates the account, signs the browser in and answers the AUTH viewer', async () => {
    const browser = browserIn();
    const email = `grace.hopper42@${uniqueEmail().split('@')[0]!.replace('.', '-')}.example.com`;
    const response = await browser.post('/v3/register/', registerBody({ email }));

    expect(response.status).toBe(200);
    const viewer = response.body.resource_response.data.user;
    expect(viewer).toMatchObject({ type: 'AUTH', isAuth: true, info: { email, firstName: 'Grace Hopper' } });
    expect(response.body.resource_response.data.new_account).toBe(true);
    expect(response.setCookies._pinboard_sess).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    expect(response.setCookies._pinboard_sess?.maxAge).toBe(30 * 24 * 3600);
    expect(response.setCookies._pinboard_recognized).toMatchObject({
      httpOnly: true,
      maxAge: 365 * 24 * 3600,
    });
    expect(await browser.viewer()).toMatchObject({ type: 'AUTH', id: viewer.id });

    const [row] = await t.db.select().from(users).where(eq(users.email, email));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row?.birthday).toBe('1990-05-17');
    expect(row?.username).toMatch(/^grace\.hopper42/);
  });

  it('gives a second sign-up with the same username base a different username', async () => {
    const first = await register({ email: 'same.base@example.com' });
    const second = await register({ email: 'same.base@example.org' });
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.body.resource_response.data.user.user.username).not.toBe(
      first.body.resource_response.data.user.user.username,
    );
  });

  it('refuses an email that already has an account, whatever its case', async () => {
    const email = uniqueEmail();
    expect((await register({ email })).status).toBe(200);
    const error = await expectRefused({ email: email.toUpperCase() }, 'email_taken');
    expect(error.field).toBe('email');
  });

  it.each([
    [{ email: '' }, 'email_required'],
    [{ email: 'not-an-email' }, 'email_invalid_format'],
    [{ email: 'zoë@example.com' }, 'email_invalid_format'],
    [{ email: 'ada@mailinator.com' }, 'email_excluded_domain'],
    [{ email: 'pinboard.support@example.com' }, 'email_contains_product_name'],
    [{ password: '' }, 'password_required'],
    [{ password: 'short7' }, 'password_too_short'],
    [{ password: 'pässwörd-long-9' }, 'password_not_ascii'],
    [{ email: 'ada.sameas@example.com', password: 'ada.sameas' }, 'password_same_as_username'],
    [{ password: 'password123' }, 'password_weak'],
    [{ password: 'abcdefghij' }, 'password_weak'],
    [{ birthday: undefined }, 'birthday_required'],
    [{ birthday: birthdaySeconds(`${new Date().getUTCFullYear()}-06-01`) }, 'birthday_invalid'],
    [{ birthday: 1.5 }, 'birthday_invalid'],
    [{ birthday: birthdaySeconds(`${new Date().getUTCFullYear() - 10}-01-01`) }, 'underage'],
    [{ birthday: birthdaySeconds('1890-01-01') }, 'overage'],
    [{ first_name: 'x'.repeat(31) }, 'first_name_too_long'],
  ] as const)('refuses %j with %s, naming the field', async (overrides, code) => {
    const error = await expectRefused(overrides, code);
    expect(error.field).toBe(ERRORS[code].field);
  });

  it('asks an EU viewer without a birthday for their age (age_missing)', async () => {
    await expectRefused({ birthday: undefined }, 'age_missing', 'DE');
  });

  it('applies the country minimum age (14 in KR)', async () => {
    const thirteen = birthdaySeconds(`${new Date().getUTCFullYear() - 13}-01-01`);
    await expectRefused({ birthday: thirteen, consents: allConsents() }, 'underage', 'KR');
    expect((await register({ birthday: thirteen }, 'US')).status).toBe(200);
  });

  it('refuses unknown fields', async () => {
    const response = await register({ is_admin: true });
    expect(response.status).toBe(400);
    expect(errorOf(response)).toMatchObject({ code: 'unknown_field', field: 'is_admin' });
  });

  it('refuses a sign-up without the CSRF header', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/v3/register/',
      payload: registerBody(),
      headers: { cookie: 'csrftoken=abc' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().resource_response.error.code).toBe('csrf_failed');
  });

  it('refuses a signed-in browser (already_logged_in)', async () => {
    const browser = browserIn();
    expect((await browser.post('/v3/register/', registerBody())).status).toBe(200);
    const again = await browser.post('/v3/register/', registerBody());
    expect(again.status).toBe(400);
    expect(errorOf(again).code).toBe('already_logged_in');
  });
});

function allConsents(overrides: Record<string, boolean> = {}) {
  return {
    terms: true,
    collectionUsePersonalInfo: true,
    thirdPartyProvisionPersonalInfo: true,
    overseasTransferPersonalInfo: true,
    optionalMarketingConsent: false,
    agreeToAll: false,
    ...overrides,
  };
}

describe('consents', () => {
  it('tells a KR viewer that consent is required', async () => {
    const viewer = await browserIn('KR').viewer();
    expect(viewer).toMatchObject({ requires_consent: true, client_context: { country: 'KR' } });
    expect((await browserIn('FR').viewer()).requires_consent).toBe(false);
  });

  it('refuses a KR sign-up without every required consent', async () => {
    await expectRefused({}, 'consent_required', 'KR');
    const error = await expectRefused(
      { consents: allConsents({ overseasTransferPersonalInfo: false }) },
      'consent_required',
      'KR',
    );
    expect(error.field).toBe('consents');
  });

  it('records the consents with the account, with the time and the country', async () => {
    const email = uniqueEmail();
    const response = await register(
      { email, consents: allConsents({ optionalMarketingConsent: true }) },
      'KR',
    );
    expect(response.status).toBe(200);

    const [user] = await t.db.select().from(users).where(eq(users.email, email));
    const rows = await t.db.select().from(userConsents).where(eq(userConsents.userId, user!.id));
    expect(Object.fromEntries(rows.map((r) => [r.key, r.granted]))).toEqual({
      terms: true,
      collectionUsePersonalInfo: true,
      thirdPartyProvisionPersonalInfo: true,
      overseasTransferPersonalInfo: true,
      optionalMarketingConsent: true,
    });
    expect(rows.every((r) => r.country === 'KR' && r.createdAt instanceof Date)).toBe(true);
  });

  it('does not ask a US viewer for consents', async () => {
    expect((await register({}, 'US')).status).toBe(200);
  });
});

it('logs in with the password given at sign-up', async () => {
  const email = uniqueEmail();
  expect((await register({ email })).status).toBe(200);
  const login = await browserIn().post('/v3/login/', { username_or_email: email, password: GOOD_PASSWORD });
  expect(login.status).toBe(200);
});
