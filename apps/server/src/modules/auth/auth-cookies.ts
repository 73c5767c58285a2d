import type { FastifyReply, FastifyRequest } from 'fastify';
import { GROUP_COOKIE, RECOGNITION_COOKIE, SESSION_COOKIE } from '../../plugins/viewer.ts';
import type { AuthDeps, AuthRequest } from './auth-deps.ts';
import {
  GROUP_MAX_AGE_SECONDS,
  RECOGNITION_MAX_AGE_SECONDS,
  SESSION_MAX_AGE_SECONDS,
  type IssuedAuthCookies,
} from './sessions/sessions.service.ts';

/** All three are HttpOnly: script never needs them, so an XSS cannot steal them. */
const options = (secure: boolean, maxAge: number) =>
  ({ path: '/', httpOnly: true, sameSite: 'lax', secure, maxAge }) as const;

export function setAuthCookies(reply: FastifyReply, issued: IssuedAuthCookies, secure: boolean): void {
  reply.setCookie(SESSION_COOKIE, issued.session, options(secure, SESSION_MAX_AGE_SECONDS));
  reply.setCookie(RECOGNITION_COOKIE, issued.recognition, options(secure, RECOGNITION_MAX_AGE_SECONDS));
  if (issued.group) reply.setCookie(GROUP_COOKIE, issued.group, options(secure, GROUP_MAX_AGE_SECONDS));
}

/** Logout: the session cookie goes; the recognition and group cookies stay ('Welcome back'). */
export function clearSessionCookie(reply: FastifyReply, secure: boolean): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure });
}

/** The facts a sign-in service needs about this request. */
export function authRequestOf(request: FastifyRequest, deps: Pick<AuthDeps, 'countries'>): AuthRequest {
  return {
    viewer: request.viewer,
    cookies: {
      session: request.cookies[SESSION_COOKIE],
      recognition: request.cookies[RECOGNITION_COOKIE],
      group: request.cookies[GROUP_COOKIE],
    },
    ip: request.ip,
    country: deps.countries.countryOf({ headers: request.headers, ip: request.ip }),
    userAgent: request.headers['user-agent'],
    now: new Date(),
  };
}
