import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  claimsOf,
  connectThroughDevIdp,
  CookieJar,
  DEV_ISSUER,
  get,
  popupMessage,
  reachCallback,
} from '../helpers/oidc.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('the connect popup through the development identity provider', () => {
  it('posts the ID token of the identity typed at the provider', async () => {
    const { message } = await connectThroughDevIdp(t, {
      provider: 'google',
      person: { name: 'Ada Lovelace', email: 'ada@example.com', birthdate: '1990-05-17' },
    });
    expect(message).toMatchObject({ type: 'social-connect-complete', provider: 'google' });
    const claims = claimsOf((message as { id_token: string }).id_token);
    expect(claims).toMatchObject({
      iss: DEV_ISSUER,
      aud: 'pinboard-google',
      email: 'ada@example.com',
      birthdate: '1990-05-17',
      given_name: 'Ada',
    });
  });
});

describe('the connect callback', () => {
  it('answers access_denied when the person cancels at the provider', async () => {
    const { message } = await connectThroughDevIdp(t, { provider: 'facebook', person: 'cancel' });
    expect(message).toEqual({ type: 'social-connect-error', provider: 'facebook', error: 'access_denied' });
  });

  it('gives Facebook its id and access token instead of the ID token', async () => {
    const { message } = await connectThroughDevIdp(t, {
      provider: 'facebook',
      person: { name: 'Grace Hopper', email: null, birthdate: null },
    });
    expect(message).toMatchObject({ type: 'social-connect-complete', provider: 'facebook' });
    expect(message).toHaveProperty('facebook_id');
    expect(message).toHaveProperty('facebook_token');
    expect(message).not.toHaveProperty('id_token');
  });

  it('refuses a state twice, from another browser, or unknown', async () => {
    const first = await connectThroughDevIdp(t, {
      provider: 'google',
      person: { name: 'Alan Turing', email: 'alan@example.com' },
    });
    expect(first.message.type).toBe('social-connect-complete');
    const again = await get(t, first.jar, first.callbackUrl);
    expect(popupMessage(again.body)).toMatchObject({ error: 'invalid_flow' });

    const other = await reachCallback(t, {
      provider: 'google',
      person: { name: 'Alan', email: 'alan2@example.com' },
    });
    const stranger = new CookieJar();
    stranger.values.set('_pinboard_oidc', 'x'.repeat(43));
    expect(popupMessage((await get(t, stranger, other.callbackUrl)).body)).toMatchObject({
      error: 'invalid_flow',
    });
    // The right browser can still finish it: the stranger's try did not use the state up.
    expect(popupMessage((await get(t, other.jar, other.callbackUrl)).body).type).toBe(
      'social-connect-complete',
    );

    const unknown = await get(t, first.jar, '/connect/google/callback/?code=abc&state=nope');
    expect(popupMessage(unknown.body)).toMatchObject({ error: 'invalid_flow' });
  });
});

describe('providers', () => {
  it('lists every provider as a development stand-in when none is configured', async () => {
    const { status, body } = await t.request({ method: 'GET', url: '/v3/auth/providers/' });
    expect(status).toBe(200);
    const standin = { available: true, standin: true };
    expect(body.resource_response.data).toEqual({ facebook: standin, google: standin, line: standin });
  });

  it('says a configured provider that does not answer is unavailable, and lists it as configured', async () => {
    const down = await createTestApp({
      env: {
        GOOGLE_ISSUER: 'http://127.0.0.1:9/',
        GOOGLE_CLIENT_ID: 'client',
        GOOGLE_CLIENT_SECRET: 'secret',
      },
    });
    try {
      const { message } = await connectThroughDevIdp(down, { provider: 'google', person: 'cancel' });
      expect(message).toEqual({
        type: 'social-connect-error',
        provider: 'google',
        error: 'provider_unavailable',
      });
      const { body } = await down.request({ method: 'GET', url: '/v3/auth/providers/' });
      expect(body.resource_response.data.google).toEqual({ available: true, standin: false });
    } finally {
      await down.close();
    }
  });

  it('offers no stand-in in production', async () => {
    const production = await createTestApp({ env: { NODE_ENV: 'production' } });
    try {
      const { body } = await production.request({ method: 'GET', url: '/v3/auth/providers/' });
      const none = { available: false, standin: false };
      expect(body.resource_response.data).toEqual({ facebook: none, google: none, line: none });
      expect(
        (await production.request({ method: 'GET', url: '/__dev/idp/.well-known/openid-configuration' }))
          .status,
      ).toBe(404);
    } finally {
      await production.close();
    }
  });
});

describe('the development identity provider', () => {
  it('shows its sign-in page every time, so one browser can try several identities', async () => {
    const first = await connectThroughDevIdp(t, { provider: 'google', person: { name: 'First Person' } });
    const second = await connectThroughDevIdp(t, {
      provider: 'google',
      person: { name: 'Second Person' },
      jar: first.jar,
    });
    const subjects = [first, second].map(
      ({ message }) => claimsOf((message as { id_token: string }).id_token).name,
    );
    expect(subjects).toEqual(['First Person', 'Second Person']);
  });
});
