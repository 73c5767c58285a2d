import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { userIdentities } from '../../src/db/schema/identities.ts';
import { addSsoDomain } from '../../src/modules/auth/sso/sso-domains.service.ts';
import { birthdaySeconds, GOOD_PASSWORD } from '../helpers/auth.ts';
import { errorOf, TestBrowser } from '../helpers/browser.ts';
import { DEV_ISSUER, get, CookieJar, TEST_PUBLIC_URL } from '../helpers/oidc.ts';
import { ssoPopup } from '../helpers/social.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

const DOMAIN = 'acme-sso.com';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // Registered with the development issuer, which then serves this client too (decision 21).
  await addSsoDomain(t.db, {
    domain: DOMAIN,
    issuer: DEV_ISSUER,
    clientId: 'acme-sso',
    clientSecret: 'acme-secret',
  });
});
afterAll(() => t.close());

let sequence = 0;
const address = (local = 'pat') => `${local}.${Date.now().toString(36)}${sequence++}@${DOMAIN}`;
const info = (browser: TestBrowser, email: string) => browser.post('/v3/sso/info/', { email });
const exchange = (
  browser: TestBrowser,
  code: string | undefined,
  state: string | undefined,
  iss: string | undefined = DEV_ISSUER,
) => browser.post('/v3/sso/exchange/', { code, state, iss });

describe('POST /v3/sso/info/', () => {
  it('answers is_sso false and nulls for a domain without single sign-on', async () => {
    const email = `someone.${Date.now()}@example.com`;
    await t.make.user({ email });
    const response = await info(new TestBrowser(t), email);
    expect(response.status).toBe(200);
    expect(response.body.resource_response.data).toEqual({
      is_sso: false,
      existing_user: true,
      existing_user_is_sso: false,
      authorization_uri: null,
      exchange_code_to_token_info_url: null,
      redirect_uri: null,
    });
    expect(response.setCookies._pinboard_oidc).toBeUndefined();
  });

  it('starts the organisation’s sign-in for a registered domain and binds it to the browser', async () => {
    const browser = new TestBrowser(t);
    const email = address();
    const response = await info(browser, email);
    const data = response.body.resource_response.data;
    expect(data).toMatchObject({
      is_sso: true,
      existing_user: false,
      existing_user_is_sso: false,
      exchange_code_to_token_info_url: '/v3/sso/exchange/',
      redirect_uri: `${TEST_PUBLIC_URL}/sso/callback/`,
    });
    const uri = new URL(data.authorization_uri);
    expect(`${uri.origin}${uri.pathname}`.startsWith(DEV_ISSUER)).toBe(true);
    expect(Object.fromEntries(uri.searchParams)).toMatchObject({
      client_id: 'acme-sso',
      login_hint: email,
      code_challenge_method: 'S256',
      redirect_uri: `${TEST_PUBLIC_URL}/sso/callback/`,
    });
    expect(response.setCookies._pinboard_oidc).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
  });

  it('rejects a malformed email', async () => {
    const response = await info(new TestBrowser(t), 'not-an-email');
    expect(response.status).toBe(400);
    expect(errorOf(response).field).toBe('email');
  });
});

describe('the SSO popup, code exchange, sign-up and login', () => {
  it('signs a new person up with the exchanged token, then logs them in; info then says existing SSO user', async () => {
    const email = address('new');
    const browser = new TestBrowser(t);
    const popup = await ssoPopup(t, browser, email, { name: 'Pat Doe', email, birthdate: '1988-02-03' });
    expect(popup.message).toMatchObject({ type: 'sso-callback' });
    expect(popup.message.code).toBeTruthy();

    const exchanged = await exchange(browser, popup.message.code, popup.message.state);
    expect(exchanged.status).toBe(200);
    const result = exchanged.body.resource_response.data;
    expect(result).toMatchObject({ sso_email: email, sso_user_name: 'Pat Doe' });
    expect(result.sso_id).toBeTruthy();

    const unknown = await browser.post('/v3/login/', {
      sso_id_token: result.sso_id_token,
      sso_user_email: email,
    });
    expect(errorOf(unknown).code).toBe('social_account_not_found');
    const signup = await browser.post('/v3/register/', { type: 'sso', sso_id_token: result.sso_id_token });
    expect(signup.status).toBe(200);
    const userId = Number(signup.body.resource_response.data.user.id);
    const [identity] = await t.db.select().from(userIdentities).where(eq(userIdentities.userId, userId));
    expect(identity).toMatchObject({ provider: `sso:${DOMAIN}`, subject: result.sso_id, issuer: DEV_ISSUER });

    // Another day, another browser: the SSO check knows them, and the token logs in.
    const later = new TestBrowser(t);
    const known = await ssoPopup(t, later, email, { name: 'Pat Doe', subject: result.sso_id });
    expect(known.info).toMatchObject({ is_sso: true, existing_user: true, existing_user_is_sso: true });
    const second = (await exchange(later, known.message.code, known.message.state)).body.resource_response
      .data;
    const back = await later.post('/v3/login/', { sso_id_token: second.sso_id_token });
    expect(back.status).toBe(200);
    expect(Number(back.body.resource_response.data.user.id)).toBe(userId);
    // Used once: the same token signs nobody in again.
    const replay = await new TestBrowser(t).post('/v3/login/', { sso_id_token: second.sso_id_token });
    expect(errorOf(replay).code).toBe('social_token_invalid');
  });

  it('asks the birthday when the organisation gave none, and refuses an address outside the domain', async () => {
    const email = address('nobday');
    const browser = new TestBrowser(t);
    const popup = await ssoPopup(t, browser, email, { name: 'No Birthday', email, birthdate: null });
    const token = (await exchange(browser, popup.message.code, popup.message.state)).body.resource_response
      .data.sso_id_token;
    expect(errorOf(await browser.post('/v3/register/', { type: 'sso', sso_id_token: token })).code).toBe(
      'birthday_required',
    );
    const done = await browser.post('/v3/register/', {
      type: 'sso',
      sso_id_token: token,
      birthday: birthdaySeconds('1990-01-01'),
    });
    expect(done.status).toBe(200);

    const outsider = new TestBrowser(t);
    const stray = await ssoPopup(t, outsider, address('stray'), {
      name: 'Stray',
      email: `stray.${Date.now()}@elsewhere.example`,
      birthdate: '1990-01-01',
    });
    const strayToken = (await exchange(outsider, stray.message.code, stray.message.state)).body
      .resource_response.data.sso_id_token;
    const refused = await outsider.post('/v3/register/', { type: 'sso', sso_id_token: strayToken });
    expect(errorOf(refused)).toMatchObject({ code: 'email_invalid', field: 'email' });
  });

  it('email_taken when the address already has an account (it connects SSO in settings)', async () => {
    const email = address('taken');
    await t.make.userWithPassword(GOOD_PASSWORD, { email });
    const browser = new TestBrowser(t);
    const popup = await ssoPopup(t, browser, email, { name: 'Taken', email, birthdate: '1990-01-01' });
    expect(popup.info).toMatchObject({ existing_user: true, existing_user_is_sso: false });
    const token = (await exchange(browser, popup.message.code, popup.message.state)).body.resource_response
      .data.sso_id_token;
    expect(errorOf(await browser.post('/v3/register/', { type: 'sso', sso_id_token: token })).code).toBe(
      'email_taken',
    );
  });

  it('refuses a wrong state, another browser’s state, and a state used twice', async () => {
    const email = address('state');
    const browser = new TestBrowser(t);
    const popup = await ssoPopup(t, browser, email, { name: 'State', email });
    const { code, state } = popup.message;

    const wrong = await exchange(browser, code, 'no-such-state');
    expect(wrong.status).toBe(400);
    expect(errorOf(wrong).code).toBe('oidc_state_invalid');
    expect(errorOf(await exchange(new TestBrowser(t), code, state)).code).toBe('oidc_state_invalid');

    expect((await exchange(browser, code, state)).status).toBe(200);
    expect(errorOf(await exchange(browser, code, state)).code).toBe('oidc_state_invalid');
  });
});

describe('GET /sso/callback/', () => {
  const page = (query: string) => get(t, new CookieJar(), `/sso/callback/${query}`);
  const messageOf = (html: string) =>
    JSON.parse(/<script type="application\/json" id="popup-message">([^<]*)<\/script>/.exec(html)![1]!);

  it('posts the code and state to the opener at our own origin, with a strict script policy', async () => {
    const response = await page('?code=abc&state=xyz&iss=whatever');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(messageOf(response.body)).toEqual({
      message: { type: 'sso-callback', code: 'abc', state: 'xyz', iss: 'whatever' },
      targetOrigin: TEST_PUBLIC_URL,
    });
    expect(response.headers['content-security-policy']).toMatch(/script-src 'sha256-[A-Za-z0-9+/=]+'/);
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('posts the provider’s error, and never lets a value out of its data block', async () => {
    expect(messageOf((await page('?error=access_denied&state=s')).body).message).toEqual({
      type: 'sso-callback',
      error: 'access_denied',
    });
    expect(messageOf((await page('?error=%3Cscript%3E')).body).message.error).toBe('invalid_request');
    const hostile = await page(`?code=${encodeURIComponent('</script><script>alert(1)</script>')}&state=s`);
    expect(hostile.body).not.toContain('<script>alert(1)');
    expect(messageOf(hostile.body).message.code).toBe('</script><script>alert(1)</script>');
    expect(messageOf((await page('')).body).message).toEqual({
      type: 'sso-callback',
      error: 'invalid_request',
    });
  });
});
