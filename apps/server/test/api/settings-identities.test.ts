import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sessions, users } from '../../src/db/schema/users.ts';
import { hashSessionToken } from '../../src/plugins/viewer.ts';
import { GOOD_PASSWORD, uniqueEmail } from '../helpers/auth.ts';
import { errorOf, TestBrowser } from '../helpers/browser.ts';
import { connectAs, tokenFields } from '../helpers/social.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const BASE = '/v3/users/settings';
const flagsOf = async (id: number) =>
  (
    await t.db
      .select({ facebook: users.connectedToFacebook, google: users.connectedToGoogle })
      .from(users)
      .where(eq(users.id, id))
  )[0]!;
const identities = async (browser: TestBrowser) =>
  (await browser.get(`${BASE}/identities/`)).body.resource_response;
const link = (browser: TestBrowser, fields: Record<string, unknown>) =>
  browser.post(`${BASE}/identities/`, fields);
const unlink = (browser: TestBrowser, provider: string) =>
  browser.request('DELETE', `${BASE}/identities/${provider}/`);

/** A person who signed up through Google in `browser` (no password), signed in there. */
async function googleSignup() {
  const browser = new TestBrowser(t);
  const email = uniqueEmail('linker');
  const popup = await connectAs(t, browser, 'google', { name: 'Link Er', email, birthdate: '1990-01-01' });
  const signup = await browser.post('/v3/register/', { type: 'google', ...tokenFields(popup) });
  expect(signup.status).toBe(200);
  return { browser, email, id: Number(signup.body.resource_response.data.user.id) };
}

describe('settings: connected providers', () => {
  it('are for signed-in people only', async () => {
    const visitor = new TestBrowser(t);
    expect(errorOf(await visitor.get(`${BASE}/identities/`)).code).toBe('auth_required');
    expect(errorOf(await link(visitor, { provider: 'google', google_open_id_token: 'x' })).code).toBe(
      'auth_required',
    );
    expect(errorOf(await unlink(visitor, 'google')).code).toBe('auth_required');
    expect(
      errorOf(
        await visitor.post(`${BASE}/password/first/`, {
          new_password: GOOD_PASSWORD,
          end_other_sessions: false,
        }),
      ).code,
    ).toBe('auth_required');
  });

  it('lists the providers and whether there is a password', async () => {
    const { browser, email } = await googleSignup();
    const answer = await identities(browser);
    expect(answer.data).toMatchObject({ has_password: false, identities: [{ provider: 'google', email }] });
  });

  it('connects Facebook with a link popup, once; the flags follow', async () => {
    const { browser, id } = await googleSignup();
    const popup = await connectAs(t, browser, 'facebook', { name: 'Link Er', email: null }, 'link');
    const linked = await link(browser, { provider: 'facebook', ...tokenFields(popup) });
    expect(linked.status).toBe(200);
    expect(
      linked.body.resource_response.data.identities.map((row: { provider: string }) => row.provider),
    ).toEqual(['google', 'facebook']);
    expect(await flagsOf(id)).toEqual({ facebook: true, google: true });

    // The same Facebook account again changes nothing; another account cannot take it.
    expect((await link(browser, { provider: 'facebook', ...tokenFields(popup) })).status).toBe(200);
    const other = await googleSignup();
    const stolen = await connectAs(
      t,
      other.browser,
      'facebook',
      { name: 'x', subject: popup.facebook_id! },
      'link',
    );
    expect(errorOf(await link(other.browser, { provider: 'facebook', ...tokenFields(stolen) })).code).toBe(
      'identity_taken',
    );
  });

  it('refuses a second identity of a provider, a token of another provider, and a used token', async () => {
    const { browser } = await googleSignup();
    const second = await connectAs(
      t,
      browser,
      'google',
      { name: 'Other', email: uniqueEmail('other') },
      'link',
    );
    const refused = await link(browser, { provider: 'google', ...tokenFields(second) });
    expect(refused.status).toBe(400);
    expect(errorOf(refused)).toMatchObject({ code: 'invalid_request', field: 'provider' });

    const line = await connectAs(t, browser, 'line', { name: 'Line', email: null }, 'link');
    expect(errorOf(await link(browser, { provider: 'facebook', line_id_token: line.id_token })).code).toBe(
      'social_token_invalid',
    );
    expect((await link(browser, { provider: 'line', ...tokenFields(line) })).status).toBe(200);
    await unlink(browser, 'line');
    expect(errorOf(await link(browser, { provider: 'line', ...tokenFields(line) })).code).toBe(
      'social_token_invalid',
    );
  });

  it('disconnects a provider unless it is the last way in', async () => {
    const { browser, id } = await googleSignup();
    const last = await unlink(browser, 'google');
    expect(last.status).toBe(400);
    expect(errorOf(last).code).toBe('identity_last_login_method');
    expect(errorOf(await unlink(browser, 'facebook')).code).toBe('identity_not_linked');

    const popup = await connectAs(t, browser, 'facebook', { name: 'Fb', email: null }, 'link');
    await link(browser, { provider: 'facebook', ...tokenFields(popup) });
    const done = await unlink(browser, 'google');
    expect(done.status).toBe(200);
    expect(done.body.resource_response.data.identities).toHaveLength(1);
    expect(await flagsOf(id)).toEqual({ facebook: true, google: false });
  });
});

describe('settings: a first password for an account made through a provider', () => {
  const setFirst = (browser: TestBrowser, new_password = GOOD_PASSWORD) =>
    browser.post(`${BASE}/password/first/`, { new_password, end_other_sessions: false });

  it('is set without re-auth soon after signing in; then the password logs in and the provider can go', async () => {
    const { browser, email } = await googleSignup();
    expect(errorOf(await setFirst(browser, 'short')).code).toBe('password_too_short');
    const set = await setFirst(browser);
    expect(set.status).toBe(200);
    expect((await identities(browser)).data.has_password).toBe(true);
    expect(errorOf(await setFirst(browser)).code).toBe('forbidden');
    expect((await unlink(browser, 'google')).status).toBe(200);
    const login = await new TestBrowser(t).post('/v3/login/', {
      username_or_email: email,
      password: GOOD_PASSWORD,
    });
    expect(login.status).toBe(200);
  });

  it('needs a recent sign-in', async () => {
    const { browser } = await googleSignup();
    const session = browser.jar.get('_pinboard_sess')!;
    await t.db
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - 11 * 60_000) })
      .where(eq(sessions.idHash, hashSessionToken(session)));
    const stale = await setFirst(browser);
    expect(stale.status).toBe(403);
    expect(errorOf(stale)).toMatchObject({ code: 'recent_login_required', data: { max_age_seconds: 600 } });
  });

  it('is refused to an account that has a password', async () => {
    const email = uniqueEmail('haspw');
    await t.make.userWithPassword(GOOD_PASSWORD, { email });
    const browser = new TestBrowser(t);
    await browser.post('/v3/login/', { username_or_email: email, password: GOOD_PASSWORD });
    expect(errorOf(await setFirst(browser)).code).toBe('forbidden');
  });
});
