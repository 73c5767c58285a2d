import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GOOD_PASSWORD, uniqueEmail } from '../helpers/auth.ts';
import { errorOf, TestBrowser } from '../helpers/browser.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function account(firstName: string) {
  const email = uniqueEmail(firstName.toLowerCase());
  const user = await t.make.userWithPassword(GOOD_PASSWORD, { email, firstName, lastName: 'Tester' });
  return { ...user, email };
}
const login = (browser: TestBrowser, email: string, extra = {}) =>
  browser.post('/v3/login/', { username_or_email: email, password: GOOD_PASSWORD, ...extra });
const switchTo = (browser: TestBrowser, userId: number) =>
  browser.post('/v3/users/me/switch/', { user_id: String(userId) });

describe('account switcher', () => {
  it('adds a second account with switch_account and lists the other one', async () => {
    const ada = await account('Ada');
    const bob = await account('Bob');
    const browser = new TestBrowser(t);
    await login(browser, ada.email);

    const added = await login(browser, bob.email, { switch_account: true });
    expect(added.status).toBe(200);
    expect(added.setCookies._pinboard_group).toMatchObject({ httpOnly: true });
    expect(added.body.resource_response.data.user).toMatchObject({
      type: 'AUTH',
      id: String(bob.id),
      accounts: [{ id: String(ada.id), username: ada.username, email: ada.email, fullName: 'Ada Tester' }],
    });
  });

  it('switches back and forth without a password, each time with a new session id', async () => {
    const ada = await account('Ada');
    const bob = await account('Bob');
    const browser = new TestBrowser(t);
    await login(browser, ada.email);
    await login(browser, bob.email, { switch_account: true });
    const bobSession = browser.jar.get('_pinboard_sess');

    const toAda = await switchTo(browser, ada.id);
    expect(toAda.status).toBe(200);
    expect(toAda.setCookies._pinboard_sess?.value).not.toBe(bobSession);
    expect(await browser.viewer()).toMatchObject({ id: String(ada.id), accounts: [{ id: String(bob.id) }] });

    expect((await switchTo(browser, bob.id)).status).toBe(200);
    expect((await browser.viewer()).id).toBe(String(bob.id));
    // The recognition cookie follows the account in use.
    await browser.post('/v3/logout/');
    expect(await browser.viewer()).toMatchObject({ type: 'LIMITED_LOGIN', id: String(bob.id) });
  });

  it('refuses an account not signed in on this browser', async () => {
    const ada = await account('Ada');
    const stranger = await account('Eve');
    const browser = new TestBrowser(t);
    await login(browser, ada.email);
    const refused = await switchTo(browser, stranger.id);
    expect(refused.status).toBe(404);
    expect(errorOf(refused)).toMatchObject({ code: 'user_not_found', field: 'user_id' });

    // Another browser's group cookie does not carry its accounts over.
    const other = new TestBrowser(t);
    await login(other, stranger.email);
    await login(other, (await account('Zed')).email, { switch_account: true });
    browser.jar.set('_pinboard_group', 'x'.repeat(43));
    expect((await switchTo(browser, stranger.id)).status).toBe(404);
  });

  it('needs a signed-in browser', async () => {
    const response = await switchTo(new TestBrowser(t), 1);
    expect(response.status).toBe(401);
    expect(errorOf(response).code).toBe('auth_required');
  });

  it('drops an account that logged out from the list', async () => {
    const ada = await account('Ada');
    const bob = await account('Bob');
    const browser = new TestBrowser(t);
    await login(browser, ada.email);
    await login(browser, bob.email, { switch_account: true });
    await switchTo(browser, ada.id);
    await browser.post('/v3/logout/');

    // Bob's sign-in in this browser is replaced by the new one; Ada's ended at logout.
    const again = await login(browser, bob.email);
    expect(again.body.resource_response.data.user).toMatchObject({ id: String(bob.id), accounts: [] });
    expect((await switchTo(browser, ada.id)).status).toBe(404);
  });
});
