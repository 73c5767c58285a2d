import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { OIDC_BROWSER_COOKIE } from '../../../adapters/identity/identity.ts';
import { hashSessionToken } from '../../../plugins/viewer.ts';

/** The cookie outlives any flow (30 minutes) with room to spare; each new flow renews it. */
const BROWSER_COOKIE_MAX_AGE_SECONDS = 24 * 60 * 60;

const plausible = (value: string | undefined): value is string =>
  typeof value === 'string' && /^[A-Za-z0-9_-]{32,64}$/.test(value);

/**
 * The browser binding of decision 21 for a flow about to start: the SHA-256 (hex) of this
 * browser's `oidc_browser` cookie, set first when the browser has none. HttpOnly and SameSite=Lax,
 * so no script reads it and the provider's redirect back (a top-level GET) still carries it.
 * The connect popups and `POST /v3/sso/info/` both start flows through this one helper.
 */
export function browserBindingOf(
  request: FastifyRequest,
  reply: FastifyReply,
  options: { secureCookies: boolean },
): string {
  let value = request.cookies[OIDC_BROWSER_COOKIE];
  if (!plausible(value)) value = randomBytes(32).toString('base64url');
  reply.setCookie(OIDC_BROWSER_COOKIE, value, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: options.secureCookies,
    maxAge: BROWSER_COOKIE_MAX_AGE_SECONDS,
  });
  return hashSessionToken(value);
}

/**
 * The binding of a browser that should already have started a flow (a callback, a token posted
 * to login or sign-up), or null when it has no such cookie: then no flow can be its own.
 */
export function browserHashOf(request: FastifyRequest): string | null {
  const value = request.cookies[OIDC_BROWSER_COOKIE];
  return plausible(value) ? hashSessionToken(value) : null;
}
