import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALTCHA_MAX_NUMBER } from '../../src/adapters/botcheck/altcha-botcheck.ts';
import { createRecaptchaBotCheck } from '../../src/adapters/botcheck/recaptcha-botcheck.ts';
import { RATE_LIMITS } from '../../src/policies/rate-limits.ts';
import { GOOD_PASSWORD, registerBody, uniqueEmail } from '../helpers/auth.ts';
import { errorOf, solvedBotCheckToken, TestBrowser } from '../helpers/browser.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { BOT_CHECK: 'altcha' } });
});
afterAll(() => t.close());

describe('ALTCHA bot check', () => {
  it('hands out a signed challenge', async () => {
    const response = await new TestBrowser(t).get('/v3/bot_check/challenge/');
    expect(response.body.resource_response.data).toMatchObject({
      provider: 'altcha',
      site_key: null,
      challenge: {
        algorithm: 'SHA-256',
        maxnumber: ALTCHA_MAX_NUMBER,
        challenge: expect.any(String),
        salt: expect.stringContaining('expires='),
        signature: expect.any(String),
      },
    });
  });

  it('accepts a sign-up whose challenge was solved, once', async () => {
    const browser = new TestBrowser(t);
    const token = await solvedBotCheckToken(browser);
    const response = await browser.post('/v3/register/', registerBody({ recaptchaV3Token: token }));
    expect(response.status).toBe(200);

    const replay = await new TestBrowser(t).post('/v3/register/', registerBody({ recaptchaV3Token: token }));
    expect(errorOf(replay)).toMatchObject({ code: 'bot_check_failed', field: 'recaptchaV3Token' });
  });

  it.each([
    ['no token', undefined],
    ['garbage', 'not-base64-json'],
    [
      'a forged solution',
      Buffer.from(
        JSON.stringify({ algorithm: 'SHA-256', challenge: 'ab', number: 1, salt: 's', signature: 'f' }),
      ).toString('base64'),
    ],
  ])('refuses a sign-up with %s', async (_label, token) => {
    const response = await new TestBrowser(t).post(
      '/v3/register/',
      registerBody(token === undefined ? {} : { recaptchaV3Token: token }),
    );
    expect(response.status).toBe(400);
    expect(errorOf(response).code).toBe('bot_check_failed');
  });

  it(`answers login_too_quick after ${RATE_LIMITS['login-attempt'].max} attempts a minute, unless a solved challenge comes along`, async () => {
    const email = uniqueEmail();
    await t.make.userWithPassword(GOOD_PASSWORD, { email });
    const browser = new TestBrowser(t);
    const attempt = (extra = {}) =>
      browser.post('/v3/login/', { username_or_email: email, password: 'wrong-password', ...extra });

    for (let i = 0; i < RATE_LIMITS['login-attempt'].max; i++)
      expect(errorOf(await attempt()).code).toBe('login_password_incorrect');
    const quick = await attempt();
    expect(quick.status).toBe(429);
    expect(errorOf(quick).code).toBe('login_too_quick');
    expect(errorOf(await attempt({ recaptchaV3Token: 'bad' })).code).toBe('login_too_quick');

    const passed = await browser.post('/v3/login/', {
      username_or_email: email,
      password: GOOD_PASSWORD,
      recaptchaV3Token: await solvedBotCheckToken(browser),
    });
    expect(passed.status).toBe(200);
  });
});

describe('reCAPTCHA Enterprise assessment', () => {
  const check = (answer: unknown, ok = true) =>
    createRecaptchaBotCheck({
      projectId: 'p',
      siteKey: 'site',
      apiKey: 'key',
      fetch: async () => new Response(JSON.stringify(answer), { status: ok ? 200 : 403 }),
    });
  const context = { action: 'web_signup', ip: '203.0.113.9' };

  it('passes a valid token with a good score for the same action', async () => {
    const good = { tokenProperties: { valid: true, action: 'web_signup' }, riskAnalysis: { score: 0.9 } };
    expect(await check(good).verify('token', context)).toBe(true);
  });

  it.each([
    ['an invalid token', { tokenProperties: { valid: false }, riskAnalysis: { score: 0.9 } }, true],
    [
      'a low score',
      { tokenProperties: { valid: true, action: 'web_signup' }, riskAnalysis: { score: 0.1 } },
      true,
    ],
    [
      'another action',
      { tokenProperties: { valid: true, action: 'web_login' }, riskAnalysis: { score: 0.9 } },
      true,
    ],
    ['an error answer', {}, false],
  ])('fails %s', async (_label, answer, ok) => {
    expect(await check(answer, ok).verify('token', context)).toBe(false);
  });

  it('fails without a token or when the service is unreachable', async () => {
    expect(await check({}).verify(undefined, context)).toBe(false);
    const down = createRecaptchaBotCheck({
      projectId: 'p',
      siteKey: 's',
      apiKey: 'k',
      fetch: async () => {
        throw new Error('ECONNREFUSED');
      },
    });
    expect(await down.verify('token', context)).toBe(false);
    expect(await down.challenge()).toEqual({ provider: 'recaptcha', challenge: null, site_key: 's' });
  });
});
