import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.ts';

export const CSRF_COOKIE = 'csrftoken';
export const CSRF_HEADER = 'x-csrftoken';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Routes that authenticate each call themselves and take no authority from cookies sent by a
 * browser: the admin hand-over (a bearer token) and the development identity provider (its own
 * protocol and interaction cookies; served to this machine only).
 */
const OWN_AUTHENTICATION = ['/__admin/', '/__dev/idp/'];
/**
 * RFC 8058's one-click unsubscribe (decision 53): a mail client posts to the mailed link, with no
 * cookie and no token; the link's signed token is the credential and it only turns mail off.
 */
const ONE_CLICK_UNSUBSCRIBE = '/email/subscription/';
/*
 * An endpoint defined `crossOrigin` (a conversion tag's call from an advertiser's site, decision
 * 69) is called by pages of other sites without cookies: its body's signed token is its only
 * credential, and no cookie gives it any authority, so neither rule applies and it sets none.
 */

// Immutable files get no cookie, so shared caches and CDNs may store them.
const STATIC_PREFIXES = ['/assets/', '/media/'];

function tokensMatch(cookie: string | undefined, header: unknown): boolean {
  if (!cookie || typeof header !== 'string' || header.length !== cookie.length) return false;
  return timingSafeEqual(Buffer.from(cookie), Buffer.from(header));
}

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/**
 * Whether the browser says the call comes from a page of this site: its `Origin`, or without
 * one its `Referer`, names the public address or the address the request was sent to. A call
 * naming neither (a script, a tool) is left to the token; `Origin: null` (a sandboxed or
 * privacy-redirected page) is another site.
 */
function fromThisSite(request: FastifyRequest, publicOrigin: string): boolean {
  const origin = request.headers.origin;
  const referer = request.headers.referer;
  const source =
    origin !== undefined ? originOf(origin) : referer !== undefined ? originOf(referer) : undefined;
  if (source === undefined) return true;
  return source === publicOrigin || source === `${request.protocol}://${request.host}`;
}

/**
 * Cross-site request rules (decision 7): every response sets `csrftoken` when the client has
 * none; every call that can change anything (any method but GET, HEAD and OPTIONS), whatever its
 * path, must come from this site by its Origin or Referer and echo the token in `X-CSRFToken`.
 * Both are checked on the route as matched, so no spelling of a path (percent-encoded, doubled
 * slashes) skips them.
 */
export function registerCsrf(
  app: FastifyInstance,
  options: { secureCookies: boolean; publicUrl: string },
): void {
  const publicOrigin = new URL(options.publicUrl).origin;
  app.addHook('onRequest', async (request, reply) => {
    const token = request.cookies[CSRF_COOKIE];
    const route = request.routeOptions.url;
    const crossOrigin = request.routeOptions.config.crossOrigin === true;
    if (
      !token &&
      !crossOrigin &&
      !STATIC_PREFIXES.some((prefix) => (route ?? request.url).startsWith(prefix))
    ) {
      reply.setCookie(CSRF_COOKIE, randomBytes(24).toString('base64url'), {
        path: '/',
        sameSite: 'lax',
        secure: options.secureCookies,
        maxAge: 60 * 60 * 24 * 365,
      });
    }
    // A path no route matches changes nothing: it answers 404.
    if (SAFE_METHODS.has(request.method) || route === undefined) return;
    if (OWN_AUTHENTICATION.some((prefix) => route.startsWith(prefix))) return;
    if (request.method === 'POST' && route === ONE_CLICK_UNSUBSCRIBE) return;
    if (crossOrigin) return;
    if (!fromThisSite(request, publicOrigin)) throw new AppError('cross_site_request');
    if (!tokensMatch(token, request.headers[CSRF_HEADER])) throw new AppError('csrf_failed');
  });
}
