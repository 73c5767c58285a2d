import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DEFAULT_PASSWORD_RULES } from '@pinboard/shared';
import { authEvents } from '../../src/db/schema/auth.ts';
import { RATE_LIMITS } from '../../src/policies/rate-limits.ts';
import { uniqueEmail } from '../helpers/auth.ts';
import { errorOf, TestBrowser } from '../helpers/browser.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const dataOf = (response: { body: any }) => response.body.resource_response.data;
const q = encodeURIComponent;

describe('GET /v3/register/exists/', () => {
  it('answers true for a taken email (any case) and false for a free one', async () => {
    const email = uniqueEmail();
    await t.make.user({ email });
    const browser = new TestBrowser(t);
    expect(dataOf(await browser.get(`/v3/register/exists/?email=${q(email.toUpperCase())}`))).toBe(true);
    expect(dataOf(await browser.get(`/v3/register/exists/?email=${q(uniqueEmail())}`))).toBe(false);
  });

  it('refuses a malformed email with the email codes', async () => {
    const response = await new TestBrowser(t).get('/v3/register/exists/?email=nope');
    expect(response.status).toBe(400);
    expect(errorOf(response)).toMatchObject({ code: 'email_invalid_format', field: 'email' });
  });

  it(`answers rate_limited past ${RATE_LIMITS['email-check'].max} checks a minute from one address`, async () => {
    const browser = new TestBrowser(t);
    for (let i = 0; i < RATE_LIMITS['email-check'].max; i++) {
      const url =
        i % 2 ? `/v3/register/exists/?email=${q(uniqueEmail())}` : `/v3/email/validation/?email=a${i}`;
      expect((await browser.get(url)).status).toBe(200);
    }
    const limited = await browser.get(`/v3/register/exists/?email=${q(uniqueEmail())}`);
    expect(limited.status).toBe(429);
    expect(errorOf(limited).code).toBe('rate_limited');
    expect((await new TestBrowser(t).get(`/v3/register/exists/?email=${q(uniqueEmail())}`)).status).toBe(200);
  });
});

describe('GET /v3/email/validation/', () => {
  it.each([
    ['ada@example.com', true],
    ['not an email', false],
    ['ada@mailinator.com', false],
    // Refused at sign-up with its own message instead (email_contains_product_name).
    ['pinboard.fan@example.com', true],
  ])('%s is_valid %s', async (email, valid) => {
    const response = await new TestBrowser(t).get(`/v3/email/validation/?email=${q(email)}`);
    expect(dataOf(response)).toEqual({ is_valid: valid });
  });

  it('needs an email', async () => {
    const response = await new TestBrowser(t).get('/v3/email/validation/?email=');
    expect(errorOf(response)).toMatchObject({ code: 'email_required', field: 'email' });
  });
});

it('GET /v3/register/password_rules/ answers the sign-up rules', async () => {
  expect(dataOf(await new TestBrowser(t).get('/v3/register/password_rules/'))).toEqual(
    DEFAULT_PASSWORD_RULES,
  );
});

it('GET /v3/bot_check/challenge/ says the check is off in tests', async () => {
  const response = await new TestBrowser(t).get('/v3/bot_check/challenge/');
  expect(dataOf(response)).toEqual({ provider: 'off', challenge: null, site_key: null });
});

describe('POST /v3/events/', () => {
  it('stores the events with the viewer', async () => {
    const ada = await t.make.user();
    const browser = new TestBrowser(t);
    browser.jar.set('_pinboard_sess', (await t.make.sessionCookie(ada.id)).split('=')[1]!);
    const response = await browser.post('/v3/events/', {
      events: [
        { name: 'step_view', step: 'signup', container: 'home_page' },
        { name: 'login_attempt', login_type: 'email', element: 'login_button' },
      ],
    });
    expect(response.status).toBe(200);
    expect(dataOf(response)).toEqual({ stored: 2 });

    const rows = await t.db.select().from(authEvents).where(eq(authEvents.userId, ada.id));
    expect(rows.map((r) => [r.name, r.step, r.container, r.loginType, r.element])).toEqual(
      expect.arrayContaining([
        ['step_view', 'signup', 'home_page', null, null],
        ['login_attempt', null, null, 'email', 'login_button'],
      ]),
    );
  });

  it.each([
    [{ events: [] }, 'invalid_request'],
    [{ events: [{ name: 'page_view' }] }, 'invalid_request'],
    [{ events: [{ name: 'step_view', typed_password: 'x' }] }, 'unknown_field'],
  ])('refuses %j', async (body, code) => {
    const response = await new TestBrowser(t).post('/v3/events/', body);
    expect(response.status).toBe(400);
    expect(errorOf(response).code).toBe(code);
  });

  it('needs the CSRF header', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/v3/events/', payload: { events: [] } });
    expect(response.statusCode).toBe(403);
  });
});
