import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { userIdentities } from '../../src/db/schema/identities.ts';
import { users } from '../../src/db/schema/users.ts';
import { birthdaySeconds, GOOD_PASSWORD, uniqueEmail } from '../helpers/auth.ts';
import { errorOf, TestBrowser } from '../helpers/browser.ts';
import { claimsOf, signWithDevIdpKey } from '../helpers/oidc.ts';
import { connectAs, joinExperiment, tokenFields } from '../helpers/social.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ADULT = '1990-05-17';
const userOf = async (id: string | number) =>
  (
    await t.db
      .select()
      .from(users)
      .where(eq(users.id, Number(id)))
  )[0]!;
const identitiesOf = (id: string | number) =>
  t.db
    .select()
    .from(userIdentities)
    .where(eq(userIdentities.userId, Number(id)));
const login = (browser: TestBrowser, fields: Record<string, unknown>) => browser.post('/v3/login/', fields);
const register = (browser: TestBrowser, type: string, fields: Record<string, unknown>) =>
  browser.post('/v3/register/', { type, ...fields });

describe('sign-up and login through Google', () => {
  it('an unknown identity is social_account_not_found; sign-up with the same token makes the account', async () => {
    const browser = new TestBrowser(t);
    const email = uniqueEmail('ada');
    const popup = await connectAs(t, browser, 'google', { name: 'Ada Lovelace', email, birthdate: ADULT });

    const unknown = await login(browser, tokenFields(popup));
    expect(unknown.status).toBe(404);
    expect(errorOf(unknown).code).toBe('social_account_not_found');

    const signup = await register(browser, 'google', tokenFields(popup));
    expect(signup.status).toBe(200);
    expect(signup.body.resource_response.data.new_account).toBe(true);
    const viewer = signup.body.resource_response.data.user;
    expect(viewer.type).toBe('AUTH');
    const user = await userOf(viewer.id);
    expect(user).toMatchObject({
      email,
      passwordHash: null,
      firstName: 'Ada',
      lastName: 'Lovelace',
      birthday: ADULT,
      connectedToGoogle: true,
      connectedToFacebook: false,
    });
    expect(
      user.username.startsWith(
        email
          .split('@')[0]!
          .replace(/[^a-z0-9_.]/g, '')
          .slice(0, 10),
      ),
    ).toBe(true);
    const [identity] = await identitiesOf(viewer.id);
    expect(identity).toMatchObject({
      provider: 'google',
      subject: claimsOf(popup.id_token!).sub,
      email,
    });

    // Later, in another browser, the same Google account logs in.
    const elsewhere = new TestBrowser(t);
    const again = await connectAs(t, elsewhere, 'google', { name: 'Ada', subject: identity!.subject });
    const back = await login(elsewhere, tokenFields(again));
    expect(back.status).toBe(200);
    expect(back.body.resource_response.data.user.id).toBe(viewer.id);
  });

  it('refuses a token used once already, and one posted from another browser', async () => {
    const browser = new TestBrowser(t);
    const popup = await connectAs(t, browser, 'google', {
      name: 'Replay Test',
      email: uniqueEmail('replay'),
      birthdate: ADULT,
    });
    expect((await register(browser, 'google', tokenFields(popup))).status).toBe(200);
    await browser.post('/v3/logout/');
    const replayed = await login(browser, tokenFields(popup));
    expect(replayed.status).toBe(401);
    expect(errorOf(replayed).code).toBe('social_token_invalid');

    const stolen = await connectAs(t, new TestBrowser(t), 'google', {
      name: 'Stolen Token',
      email: uniqueEmail('stolen'),
    });
    const thief = await register(new TestBrowser(t), 'google', {
      ...tokenFields(stolen),
      birthday: birthdaySeconds(ADULT),
    });
    expect(errorOf(thief).code).toBe('social_token_invalid');
  });

  it('refuses an expired token and one for another audience, even signed by the provider', async () => {
    const browser = new TestBrowser(t);
    const popup = await connectAs(t, browser, 'google', { name: 'Forged', email: uniqueEmail('forged') });
    const claims = claimsOf(popup.id_token!);
    const otherAudience = await signWithDevIdpKey(t, { ...claims, aud: 'someone-else' });
    expect(errorOf(await login(browser, { google_open_id_token: otherAudience })).code).toBe(
      'social_token_invalid',
    );
    const expired = await signWithDevIdpKey(t, claims, { expiresIn: '10 minutes ago' });
    expect(errorOf(await login(browser, { google_open_id_token: expired })).code).toBe(
      'social_token_invalid',
    );
  });

  it('google_register_prevented when the address is already an account, at login and at sign-up', async () => {
    const email = uniqueEmail('taken');
    await t.make.userWithPassword(GOOD_PASSWORD, { email });
    const browser = new TestBrowser(t);
    const popup = await connectAs(t, browser, 'google', { name: 'Taken', email, birthdate: ADULT });
    const atLogin = await login(browser, tokenFields(popup));
    expect(atLogin.status).toBe(409);
    expect(errorOf(atLogin)).toMatchObject({ code: 'google_register_prevented', field: 'google' });
    expect(errorOf(await register(browser, 'google', tokenFields(popup))).code).toBe(
      'google_register_prevented',
    );
  });

  it('one-tap signs up a new identity and signs in a known one; new_account says which', async () => {
    const browser = new TestBrowser(t);
    const person = { name: 'One Tap', email: uniqueEmail('onetap'), birthdate: ADULT };
    const first = await connectAs(t, browser, 'google', person, 'one_tap');
    const signup = await register(browser, 'google_one_tap', tokenFields(first));
    expect(signup.status).toBe(200);
    expect(signup.body.resource_response.data.new_account).toBe(true);
    const subject = claimsOf(first.id_token!).sub as string;
    const accountsOfPerson = async () =>
      (await t.db.select().from(users).where(eq(users.email, person.email))).length;
    expect(await accountsOfPerson()).toBe(1);

    const later = new TestBrowser(t);
    const second = await connectAs(t, later, 'google', { name: 'One Tap', subject }, 'one_tap');
    const again = await register(later, 'google_one_tap', tokenFields(second));
    expect(again.status).toBe(200);
    expect(again.body.resource_response.data.user.id).toBe(signup.body.resource_response.data.user.id);
    expect(again.body.resource_response.data.new_account).toBe(false);
    expect(await accountsOfPerson()).toBe(1);
    expect(await later.viewer()).toMatchObject({
      type: 'AUTH',
      id: signup.body.resource_response.data.user.id,
    });

    // The modal's Google button signs up the same way: a known identity is a login there too.
    const modal = new TestBrowser(t);
    const third = await connectAs(t, modal, 'google', { name: 'One Tap', subject });
    const repeated = await register(modal, 'google', tokenFields(third));
    expect(repeated.status).toBe(200);
    expect(repeated.body.resource_response.data.new_account).toBe(false);
  });

  it('two sign-ups of one new identity at once make one account: one answer new_account, the other a login', async () => {
    const person = { name: 'Twice At Once', email: uniqueEmail('twice'), birthdate: ADULT };
    const one = new TestBrowser(t);
    const first = await connectAs(t, one, 'google', person, 'one_tap');
    const subject = claimsOf(first.id_token!).sub as string;
    const two = new TestBrowser(t);
    const second = await connectAs(t, two, 'google', { ...person, subject }, 'one_tap');

    const answers = await Promise.all([
      register(one, 'google_one_tap', tokenFields(first)),
      register(two, 'google_one_tap', tokenFields(second)),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const data = answers.map((answer) => answer.body.resource_response.data);
    expect(data.map((answer) => answer.new_account).sort()).toEqual([false, true]);
    expect(data[0].user.id).toBe(data[1].user.id);
    expect(await t.db.select().from(users).where(eq(users.email, person.email))).toHaveLength(1);
  });

  it('answers underage for a provider birthday under 13', async () => {
    const browser = new TestBrowser(t);
    const young = `${new Date().getUTCFullYear() - 10}-01-01`;
    const popup = await connectAs(t, browser, 'google', {
      name: 'Kid',
      email: uniqueEmail('kid'),
      birthdate: young,
    });
    expect(errorOf(await register(browser, 'google', tokenFields(popup))).code).toBe('underage');
  });

  it('signup_method_unavailable while web_disable_google_login is on for the viewer', async () => {
    const browser = new TestBrowser(t);
    await joinExperiment(t, browser, 'web_disable_google_login', 'enabled');
    const popup = await connectAs(t, browser, 'google', { name: 'Hidden', email: uniqueEmail('hidden') });
    expect(errorOf(await login(browser, tokenFields(popup))).code).toBe('signup_method_unavailable');
  });
});

describe('sign-up through Facebook and LINE', () => {
  it('asks the email (EmailCollection), then the birthday (socialSignupWithAge), when Facebook gave neither', async () => {
    const browser = new TestBrowser(t);
    const popup = await connectAs(t, browser, 'facebook', {
      name: 'Grace Hopper',
      email: null,
      birthdate: null,
    });
    expect(errorOf(await login(browser, tokenFields(popup))).code).toBe('social_account_not_found');

    const noEmail = await register(browser, 'facebook', tokenFields(popup));
    expect(noEmail.status).toBe(400);
    expect(errorOf(noEmail)).toMatchObject({ code: 'social_email_required', field: 'email' });
    const email = uniqueEmail('grace');
    const noBirthday = await register(browser, 'facebook', { ...tokenFields(popup), email });
    expect(errorOf(noBirthday).code).toBe('birthday_required');

    const done = await register(browser, 'facebook', {
      ...tokenFields(popup),
      email,
      birthday: birthdaySeconds(ADULT),
    });
    expect(done.status).toBe(200);
    const user = await userOf(done.body.resource_response.data.user.id);
    // The address was typed, so the username comes from the name.
    expect(user).toMatchObject({ email, firstName: 'Grace', connectedToFacebook: true, birthday: ADULT });
    expect(user.username).toMatch(/^grace\.hopper/);
  });

  it('a typed address of an existing account is email_taken', async () => {
    const email = uniqueEmail('typed');
    await t.make.user({ email });
    const browser = new TestBrowser(t);
    const popup = await connectAs(t, browser, 'facebook', { name: 'Typed', email: null, birthdate: ADULT });
    expect(errorOf(await register(browser, 'facebook', { ...tokenFields(popup), email }))).toMatchObject({
      code: 'email_taken',
      data: { email },
    });
  });

  it('facebook_register_prevented for a provider address of an existing account, or while sign-up is closed', async () => {
    const email = uniqueEmail('fbtaken');
    await t.make.user({ email });
    const browser = new TestBrowser(t);
    const popup = await connectAs(t, browser, 'facebook', { name: 'Fb Taken', email, birthdate: ADULT });
    expect(errorOf(await login(browser, tokenFields(popup))).code).toBe('facebook_register_prevented');
    expect(errorOf(await register(browser, 'facebook', tokenFields(popup))).code).toBe(
      'facebook_register_prevented',
    );

    const closed = new TestBrowser(t);
    await joinExperiment(t, closed, 'web_prevent_facebook_register', 'enabled');
    const fresh = await connectAs(t, closed, 'facebook', {
      name: 'Closed',
      email: uniqueEmail('closed'),
      birthdate: ADULT,
    });
    expect(errorOf(await login(closed, tokenFields(fresh))).code).toBe('facebook_register_prevented');
    expect(errorOf(await register(closed, 'facebook', tokenFields(fresh))).code).toBe(
      'facebook_register_prevented',
    );
  });

  it('LINE: email_taken for an existing address; otherwise signs up', async () => {
    const email = uniqueEmail('line');
    await t.make.user({ email });
    const browser = new TestBrowser(t);
    const taken = await connectAs(t, browser, 'line', { name: 'Line Taken', email, birthdate: ADULT });
    expect(errorOf(await register(browser, 'line', tokenFields(taken)))).toMatchObject({
      code: 'email_taken',
      data: { email },
    });

    // Another browser: the provider remembers whom the first one signed in as.
    const other = new TestBrowser(t);
    const fresh = await connectAs(t, other, 'line', {
      name: '山田 太郎',
      email: uniqueEmail('yamada'),
      birthdate: ADULT,
    });
    const signup = await register(other, 'line', tokenFields(fresh));
    expect(signup.status).toBe(200);
    expect(await userOf(signup.body.resource_response.data.user.id)).toMatchObject({
      connectedToFacebook: false,
      connectedToGoogle: false,
    });
  });
});

describe('social login of an existing account', () => {
  async function googleAccount(overrides: Partial<typeof users.$inferInsert> = {}) {
    const user = await t.make.user(overrides);
    const identity = await t.make.identity(user.id, 'google');
    // The development provider must know the subject to sign it in.
    const browser = new TestBrowser(t);
    const popup = await connectAs(t, browser, 'google', {
      name: 'Known',
      email: null,
      subject: identity.subject,
    });
    return { user, browser, popup };
  }

  it('tells a suspended account so', async () => {
    const { browser, popup } = await googleAccount({ status: 'suspended' });
    expect(errorOf(await login(browser, tokenFields(popup))).code).toBe('account_suspended');
  });

  it('lets a soft-banned account back in and makes it active (its message offers this way)', async () => {
    const { user, browser, popup } = await googleAccount({ status: 'soft_banned', passwordHash: null });
    const back = await login(browser, tokenFields(popup));
    expect(back.status).toBe(200);
    expect((await userOf(user.id)).status).toBe('active');
  });

  it('asks the second factor without using the token up', async () => {
    const { browser, popup } = await googleAccount({ twoFactorEnabled: true });
    const first = await login(browser, tokenFields(popup));
    expect(errorOf(first).code).toBe('mfa_required');
    // The token was not used up: a wrong code is told as such, not as a bad token.
    const wrong = await login(browser, { ...tokenFields(popup), mfa_token: '000000' });
    expect(errorOf(wrong).code).not.toBe('social_token_invalid');
  });
});

describe('password login of an account without a password', () => {
  async function passwordless(...providers: string[]) {
    const email = uniqueEmail('nopass');
    const user = await t.make.user({ email });
    for (const provider of providers) await t.make.identity(user.id, provider);
    return email;
  }
  const passwordLogin = (browser: TestBrowser, email: string) =>
    login(browser, { username_or_email: email, password: 'some-password-1' });

  it('names the provider it signs in with', async () => {
    expect(errorOf(await passwordLogin(new TestBrowser(t), await passwordless('apple'))).code).toBe(
      'login_apple_only',
    );
    expect(
      errorOf(await passwordLogin(new TestBrowser(t), await passwordless('google', 'facebook'))).code,
    ).toBe('login_google_only');
    const facebookOnly = await passwordless('facebook');
    expect(errorOf(await passwordLogin(new TestBrowser(t), facebookOnly)).code).toBe('login_facebook_only');
    const hidden = new TestBrowser(t);
    await joinExperiment(t, hidden, 'web_disable_facebook_login', 'enabled');
    expect(errorOf(await passwordLogin(hidden, facebookOnly)).code).toBe('login_facebook_unavailable');
  });

  it('keeps the usual answer for LINE-only accounts and for accounts with a password', async () => {
    expect(errorOf(await passwordLogin(new TestBrowser(t), await passwordless('line'))).code).toBe(
      'login_password_incorrect',
    );
    const email = uniqueEmail('haspass');
    const user = await t.make.userWithPassword(GOOD_PASSWORD, { email });
    await t.make.identity(user.id, 'google');
    expect(errorOf(await passwordLogin(new TestBrowser(t), email)).code).toBe('login_password_incorrect');
  });
});
