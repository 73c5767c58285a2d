import fs from 'node:fs';
import path from 'node:path';
import { importJWK, SignJWT, type JWK, type JWTPayload } from 'jose';
import type { SocialConnectComplete, SocialConnectError, SocialProvider } from '@pinboard/shared';
import type { TestApp } from './test-app.ts';

/** The address tests pretend the server has (loadConfig's default PUBLIC_URL). */
export const TEST_PUBLIC_URL = 'http://localhost:3000';
export const DEV_ISSUER = `${TEST_PUBLIC_URL}/__dev/idp`;

/** A person at the development identity provider; `email: null` / `birthdate: null` share none. */
export interface DevPerson {
  name: string;
  email?: string | null;
  birthdate?: string | null;
  /** Reuse an identity made before (by subject) instead of typing a new one. */
  subject?: string;
}

/** A browser's cookies across calls: the product's and the identity provider's. */
export class CookieJar {
  readonly values = new Map<string, string>();
  take(setCookie: unknown): void {
    for (const line of [setCookie].flat()) {
      if (typeof line !== 'string') continue;
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      if (at > 0) this.values.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
  }
  header(): string {
    return [...this.values].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

export const pathOf = (location: string) => {
  const url = new URL(location, TEST_PUBLIC_URL);
  return `${url.pathname}${url.search}`;
};

/**
 * Signs in at the development identity provider through the popup, as a browser would: opens
 * `/connect/{provider}/`, follows the redirects, types `person` on the sign-in page (or picks it by
 * subject, or cancels), and answers the message the popup page posts to its opener.
 */
export async function connectThroughDevIdp(
  t: TestApp,
  input: {
    provider: SocialProvider;
    person: DevPerson | 'cancel';
    purpose?: 'login' | 'link' | 'one_tap';
    jar?: CookieJar;
  },
): Promise<{ jar: CookieJar; message: SocialConnectComplete | SocialConnectError; callbackUrl: string }> {
  const { jar, callbackUrl, message } = await reachCallback(t, input);
  if (message) return { jar, message, callbackUrl };
  const callback = await get(t, jar, callbackUrl);
  return { jar, message: popupMessage(callback.body), callbackUrl };
}

/**
 * The popup up to the provider's redirect back: the callback URL (code and state) the browser
 * is about to open, or the popup's message when the flow could not even start.
 */
export async function reachCallback(
  t: TestApp,
  input: { provider: SocialProvider; person: DevPerson | 'cancel'; purpose?: string; jar?: CookieJar },
): Promise<{ jar: CookieJar; callbackUrl: string; message?: SocialConnectComplete | SocialConnectError }> {
  const jar = input.jar ?? new CookieJar();
  const start = await get(t, jar, `/connect/${input.provider}/?purpose=${input.purpose ?? 'login'}`);
  if (start.statusCode !== 302) return { jar, callbackUrl: '', message: popupMessage(start.body) };
  const callbackUrl = await authorizeAtDevIdp(t, jar, String(start.headers.location), input.person);
  return { jar, callbackUrl };
}

/** Opens a URL of the app (absolute or a path) as this browser, keeping the cookies it sets. */
export async function get(t: TestApp, jar: CookieJar, url: string) {
  const response = await t.app.inject({
    method: 'GET',
    url: pathOf(url),
    headers: { host: 'localhost:3000', cookie: jar.header() },
  });
  jar.take(response.headers['set-cookie']);
  return response;
}

/**
 * From a provider authorization URL to the callback URL the provider sends the browser back to
 * (with its code and state), through the development provider's sign-in page.
 */
export async function authorizeAtDevIdp(
  t: TestApp,
  jar: CookieJar,
  authorizationUrl: string,
  person: DevPerson | 'cancel',
): Promise<string> {
  let response = await get(t, jar, authorizationUrl);
  const interaction = String(response.headers.location);
  if (!interaction.includes('/interaction/')) {
    throw new Error(`expected the sign-in page, got ${response.statusCode} ${interaction} ${response.body}`);
  }
  const form: Record<string, string> =
    person === 'cancel'
      ? { action: 'cancel' }
      : person.subject && person.email === undefined && person.birthdate === undefined
        ? { action: 'pick', subject: person.subject }
        : {
            action: 'new',
            name: person.name,
            email: person.email ?? '',
            birthdate: person.birthdate ?? '',
            subject: person.subject ?? '',
          };
  response = await postForm(t, jar, interaction, form);
  // The provider resumes the authorization (ending its session of another identity first, by a
  // form that posts itself), then sends the browser to the product's callback.
  for (let hop = 0; hop < 8; hop++) {
    const location = String(response.headers.location ?? '');
    if (!location) {
      const selfPosting = /<form method="post" action="([^"]+)"/.exec(response.body);
      if (!selfPosting) throw new Error(`the provider stopped at ${response.statusCode}: ${response.body}`);
      const fields = [...response.body.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)];
      response = await postForm(t, jar, selfPosting[1]!, Object.fromEntries(fields.map((m) => [m[1], m[2]])));
      continue;
    }
    if (!location.includes('/__dev/idp/')) return location;
    response = await get(t, jar, location);
  }
  throw new Error('too many redirects at the identity provider');
}

async function postForm(t: TestApp, jar: CookieJar, url: string, form: Record<string, string>) {
  const response = await t.app.inject({
    method: 'POST',
    url: pathOf(url.replaceAll('&amp;', '&')),
    headers: {
      host: 'localhost:3000',
      cookie: jar.header(),
      'content-type': 'application/x-www-form-urlencoded',
    },
    payload: new URLSearchParams(form).toString(),
  });
  jar.take(response.headers['set-cookie']);
  return response;
}

/** The message a popup page posts to its opener. */
export function popupMessage(html: string): SocialConnectComplete | SocialConnectError {
  const data = /<script type="application\/json" id="popup-message">([^<]*)<\/script>/.exec(html)?.[1];
  if (!data) throw new Error(`not a popup page: ${html.slice(0, 200)}`);
  return (JSON.parse(data) as { message: SocialConnectComplete | SocialConnectError }).message;
}

/** The development provider's private key, to sign tokens it never issued (expired, other audience). */
export async function signWithDevIdpKey(
  t: TestApp,
  claims: JWTPayload,
  options: { expiresIn?: string | number } = {},
) {
  const file = path.join(t.dataDir, 'dev-idp-jwks.json');
  const jwk = (JSON.parse(fs.readFileSync(file, 'utf8')) as { keys: JWK[] }).keys[0]!;
  return signIdToken(jwk, claims, options);
}

/** Signs an ID token with `jwk` (the dev provider's key, or any other for a forgery). */
export async function signIdToken(
  jwk: JWK,
  claims: JWTPayload,
  options: { expiresIn?: string | number } = {},
) {
  const key = await importJWK(jwk, 'RS256');
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', kid: jwk.kid })
    .setIssuedAt()
    .setExpirationTime(options.expiresIn ?? '10m')
    .sign(key);
}

/** Unverified claims of a JWT (tests read the nonce and subject of tokens they were given). */
export function claimsOf(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as Record<
    string,
    unknown
  >;
}
