import type { SocialConnectComplete, SocialProvider } from '@pinboard/shared';
import { setExperimentOverride } from '../../src/modules/experiments/experiments.service.ts';
import type { TestBrowser } from './browser.ts';
import {
  authorizeAtDevIdp,
  connectThroughDevIdp,
  CookieJar,
  get,
  popupMessage,
  type DevPerson,
} from './oidc.ts';
import type { TestApp } from './test-app.ts';

/**
 * The product's cookies of the browser as the identity provider helpers' jar, and back. The
 * provider's own session is left out, so every popup signs in afresh (the helpers do not follow
 * the provider's self-submitting page that switches its session to another person).
 */
const productCookie = (name: string) => name.startsWith('_pinboard') || name === 'csrftoken';
function jarOf(browser: TestBrowser): CookieJar {
  const jar = new CookieJar();
  for (const [name, value] of browser.jar) jar.values.set(name, value);
  return jar;
}
function keep(browser: TestBrowser, jar: CookieJar): void {
  for (const [name, value] of jar.values) if (productCookie(name)) browser.jar.set(name, value);
}

/**
 * Runs `browser`'s provider popup at the development identity provider as `person` and answers
 * the popup's social-connect-complete message (its token is bound to this browser).
 */
export async function connectAs(
  t: TestApp,
  browser: TestBrowser,
  provider: SocialProvider,
  person: DevPerson,
  purpose: 'login' | 'link' | 'one_tap' = 'login',
): Promise<SocialConnectComplete> {
  const { jar, message } = await connectThroughDevIdp(t, { provider, person, purpose, jar: jarOf(browser) });
  keep(browser, jar);
  if (message.type !== 'social-connect-complete') throw new Error(`the popup failed: ${message.error}`);
  return message;
}

/** The login or sign-up fields that carry a popup's answer. */
export function tokenFields(message: SocialConnectComplete): Record<string, string> {
  if (message.provider === 'facebook') {
    return { facebook_id: message.facebook_id!, facebook_token: message.facebook_token! };
  }
  if (message.provider === 'google') return { google_open_id_token: message.id_token! };
  return { line_id_token: message.id_token! };
}

/**
 * The SSO popup of `browser` for `email` (whose domain an operator registered with the development
 * issuer): `POST /v3/sso/info/`, the provider's sign-in as `person`, and the callback page's
 * message. Answers the info and the message (code and state, or error).
 */
export async function ssoPopup(t: TestApp, browser: TestBrowser, email: string, person: DevPerson) {
  const info = await browser.post('/v3/sso/info/', { email });
  const uri = info.body.resource_response?.data?.authorization_uri as string | undefined;
  if (!uri) throw new Error(`no SSO for ${email}: ${JSON.stringify(info.body)}`);
  const jar = jarOf(browser);
  const callbackUrl = await authorizeAtDevIdp(t, jar, uri, person);
  const page = await get(t, jar, callbackUrl);
  keep(browser, jar);
  return {
    info: info.body.resource_response.data,
    callbackUrl,
    page,
    message: popupMessage(page.body) as unknown as {
      type: string;
      code?: string;
      state?: string;
      error?: string;
    },
  };
}

/** Puts the browser in an experiment group (by a visitor cookie of its own). */
export async function joinExperiment(t: TestApp, browser: TestBrowser, name: string, group: string) {
  let visitor = browser.jar.get('_pinboard_visitor');
  if (!visitor) {
    visitor = `visitor${Math.random().toString(36).slice(2).padEnd(12, '0')}`;
    browser.jar.set('_pinboard_visitor', visitor);
  }
  await setExperimentOverride(t.db, name, group, `visitor:${visitor}`);
}
