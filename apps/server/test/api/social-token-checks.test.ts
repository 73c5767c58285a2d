import { exportJWK, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { birthdaySeconds } from '../helpers/auth.ts';
import { TEST_CSRF_TOKEN } from '../helpers/browser.ts';
import {
  claimsOf,
  connectThroughDevIdp,
  CookieJar,
  DEV_ISSUER,
  signIdToken,
  signWithDevIdpKey,
} from '../helpers/oidc.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * A forged or expired ID token, a wrong state, a wrong nonce and a wrong
 * audience are refused (the wrong state is in oidc-connect.test.ts). Every token here reaches
 * `POST /v3/login/` or `POST /v3/register/` from the browser that started a real flow, so only
 * the one thing wrong with it can be the reason.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

function post(jar: CookieJar, url: string, payload: Record<string, unknown>) {
  jar.values.set('csrftoken', TEST_CSRF_TOKEN);
  return t.request({
    method: 'POST',
    url,
    headers: { cookie: jar.header(), 'x-csrftoken': TEST_CSRF_TOKEN },
    payload,
  });
}

/** A finished Google flow in a fresh browser: its jar and the ID token the popup posted. */
async function googleFlow(person = { name: 'Token Tester', email: null as string | null }) {
  const { jar, message } = await connectThroughDevIdp(t, { provider: 'google', person });
  if (message.type !== 'social-connect-complete' || !message.id_token) throw new Error('no token');
  return { jar, idToken: message.id_token };
}

const register = (jar: CookieJar, token: string) =>
  post(jar, '/v3/register/', {
    type: 'google',
    google_open_id_token: token,
    email: `token.${Math.random().toString(36).slice(2)}@example.com`,
    birthday: birthdaySeconds('1990-05-17'),
  });

const refused = (response: { status: number; body: any }) => {
  expect(response.status).toBe(401);
  expect(response.body.resource_response.error.code).toBe('social_token_invalid');
};

describe('ID tokens posted to login and sign-up', () => {
  it('accepts the token the flow produced, once', async () => {
    const { jar, idToken } = await googleFlow();
    const first = await register(jar, idToken);
    expect(first.status).toBe(200);
    // A replay, even from the same browser, finds its nonce used.
    refused(await post(jar, '/v3/login/', { google_open_id_token: idToken }));
  });

  it('refuses a forged token (signed with a key that is not the issuer’s)', async () => {
    const { jar, idToken } = await googleFlow();
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    const kid = (JSON.parse(Buffer.from(idToken.split('.')[0]!, 'base64url').toString()) as { kid: string })
      .kid;
    const forged = await signIdToken({ ...(await exportJWK(privateKey)), kid }, claimsOf(idToken));
    refused(await register(jar, forged));
    refused(await post(jar, '/v3/login/', { google_open_id_token: forged }));
  });

  it('refuses a tampered token', async () => {
    const { jar, idToken } = await googleFlow();
    const [header, , signature] = idToken.split('.');
    const claims = { ...claimsOf(idToken), sub: 'someone-else' };
    const tampered = `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`;
    refused(await register(jar, tampered));
  });

  it('refuses an expired token', async () => {
    const { jar, idToken } = await googleFlow();
    const claims = claimsOf(idToken);
    const now = Math.floor(Date.now() / 1000);
    const expired = await signWithDevIdpKey(t, { ...claims, iat: now - 7200 }, { expiresIn: now - 3600 });
    expect(claimsOf(expired).exp).toBeLessThan(now);
    refused(await register(jar, expired));
  });

  it('refuses a token for another audience (another provider’s client at the same issuer)', async () => {
    const { jar, message } = await connectThroughDevIdp(t, {
      provider: 'line',
      person: { name: 'Line Person', email: null },
    });
    const lineToken = (message as { id_token: string }).id_token;
    expect(claimsOf(lineToken)).toMatchObject({ iss: DEV_ISSUER, aud: 'pinboard-line' });
    refused(await register(jar, lineToken));
    // Re-signed by the issuer's own key for an audience that is not ours at all.
    const foreign = await signWithDevIdpKey(t, { ...claimsOf(lineToken), aud: 'someone-else' });
    refused(await post(jar, '/v3/login/', { line_id_token: foreign }));
  });

  it('refuses a token whose nonce no flow of this browser has (wrong nonce)', async () => {
    const { jar, idToken } = await googleFlow();
    const wrongNonce = await signWithDevIdpKey(t, { ...claimsOf(idToken), nonce: 'not-a-nonce-we-issued' });
    refused(await register(jar, wrongNonce));
    const noNonce = await signWithDevIdpKey(t, { ...claimsOf(idToken), nonce: undefined });
    refused(await register(jar, noNonce));
  });

  it('refuses a good token presented by another browser', async () => {
    const { idToken } = await googleFlow();
    const thief = new CookieJar();
    thief.values.set('_pinboard_oidc', 'y'.repeat(43));
    refused(await register(thief, idToken));
    refused(await register(new CookieJar(), idToken));
  });

  it('refuses a token from another issuer', async () => {
    const { jar, idToken } = await googleFlow();
    const other = await signWithDevIdpKey(t, { ...claimsOf(idToken), iss: 'https://issuer.example.com' });
    refused(await register(jar, other));
  });

  it('refuses a Facebook access token that is not the named person’s, or made up', async () => {
    const a = await connectThroughDevIdp(t, {
      provider: 'facebook',
      person: { name: 'Fb One', email: null },
    });
    const b = await connectThroughDevIdp(t, {
      provider: 'facebook',
      person: { name: 'Fb Two', email: null },
    });
    if (a.message.type !== 'social-connect-complete' || b.message.type !== 'social-connect-complete') {
      throw new Error('no facebook answer');
    }
    refused(
      await post(a.jar, '/v3/login/', {
        facebook_id: a.message.facebook_id,
        facebook_token: b.message.facebook_token,
      }),
    );
    refused(
      await post(a.jar, '/v3/login/', { facebook_id: a.message.facebook_id, facebook_token: 'made-up' }),
    );
  });
});
