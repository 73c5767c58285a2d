import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GOOD_PASSWORD, uniqueEmail } from '../helpers/auth.ts';
import { errorOf, TestBrowser } from '../helpers/browser.ts';
import { connectAs } from '../helpers/social.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A Facebook popup's answer for a person the provider knows as `subject` (new when absent). */
async function facebookPopup(person: {
  name: string;
  email?: string | null;
  birthdate?: string | null;
  subject?: string;
}) {
  const browser = new TestBrowser(t);
  const message = await connectAs(t, browser, 'facebook', person);
  return { browser, id: message.facebook_id!, token: message.facebook_token! };
}
const loginData = (browser: TestBrowser, facebook_id: string, facebook_token: string) =>
  browser.post('/v3/facebook/login_data/', { facebook_id, facebook_token });

describe('POST /v3/facebook/login_data/', () => {
  it('says no account has an identity nobody linked', async () => {
    const { browser, id, token } = await facebookPopup({ name: 'Nobody Here', email: null });
    const response = await loginData(browser, id, token);
    expect(response.status).toBe(200);
    expect(response.body.resource_response.data).toEqual({
      connected_to_gplus: false,
      connected_to_google: false,
      has_password: false,
      is_fb_auth_only: false,
      existing_user: false,
    });
  });

  it('derives is_fb_auth_only: neither Google nor a password', async () => {
    const fbOnly = await t.make.user();
    const fbIdentity = await t.make.identity(fbOnly.id, 'facebook');
    const popup = await facebookPopup({ name: 'Fb Only', subject: fbIdentity.subject, email: null });
    expect((await loginData(popup.browser, popup.id, popup.token)).body.resource_response.data).toEqual({
      connected_to_gplus: false,
      connected_to_google: false,
      has_password: false,
      is_fb_auth_only: true,
      existing_user: true,
    });

    const both = await t.make.userWithPassword(GOOD_PASSWORD);
    const bothIdentity = await t.make.identity(both.id, 'facebook');
    await t.make.identity(both.id, 'google');
    const second = await facebookPopup({ name: 'Both', subject: bothIdentity.subject, email: null });
    expect((await loginData(second.browser, second.id, second.token)).body.resource_response.data).toEqual({
      connected_to_gplus: true,
      connected_to_google: true,
      has_password: true,
      is_fb_auth_only: false,
      existing_user: true,
    });
  });

  it('refuses a token that is not that id’s, and a made-up token', async () => {
    const { browser, token } = await facebookPopup({ name: 'Mismatch', email: null });
    expect(errorOf(await loginData(browser, 'someone-else', token)).code).toBe('social_token_invalid');
    expect(errorOf(await loginData(browser, 'x', 'not-a-token')).code).toBe('social_token_invalid');
  });

  it('rejects unknown fields', async () => {
    const response = await new TestBrowser(t).post('/v3/facebook/login_data/', {
      facebook_id: '1',
      facebook_token: 't',
      extra: true,
    });
    expect(response.status).toBe(400);
  });
});

describe('POST /v3/facebook/profile_data/', () => {
  it('answers the token owner’s profile, and only the fields asked for', async () => {
    const email = uniqueEmail('grace');
    const { browser, id, token } = await facebookPopup({
      name: 'Grace Hopper',
      email,
      birthdate: '1990-05-17',
    });
    const all = await browser.post('/v3/facebook/profile_data/', {
      access_token: token,
      pii_safe_birthday: true,
    });
    expect(all.status).toBe(200);
    expect(all.body.resource_response.data).toMatchObject({
      id,
      email,
      first_name: 'Grace',
      last_name: 'Hopper',
      birthday: '1990-05-17',
    });

    const some = await browser.post('/v3/facebook/profile_data/', {
      access_token: token,
      fields: 'first_name, email,unknown',
    });
    expect(some.body.resource_response.data).toEqual({ id, email, first_name: 'Grace' });
  });

  it('refuses a made-up token', async () => {
    const response = await new TestBrowser(t).post('/v3/facebook/profile_data/', { access_token: 'nope' });
    expect(errorOf(response).code).toBe('social_token_invalid');
  });
});
