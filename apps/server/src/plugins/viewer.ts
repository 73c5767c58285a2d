import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SessionLookups } from '../modules/auth/session-lookups.ts';

export const SESSION_COOKIE = '_pinboard_sess';
export const VISITOR_COOKIE = '_pinboard_visitor';
/** The long-lived "remember this browser" cookie (modules/auth/sessions.service.ts). */
export const RECOGNITION_COOKIE = '_pinboard_recognized';
/** The browser's account group, for the account switcher (modules/auth/sessions.service.ts). */
export const GROUP_COOKIE = '_pinboard_group';

export interface Viewer {
  /** The signed-in user, or null for a visitor. */
  userId: number | null;
  /** The SHA-256 of the live session's cookie value; null for a visitor. */
  sessionIdHash: string | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    viewer: Viewer;
  }
}

export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Resolves the session cookie to the signed-in user for every request that carries one, through
 * the instance's kept lookups (modules/auth/session-lookups.ts, decision 70).
 */
export function registerViewer(app: FastifyInstance, options: { sessions: SessionLookups }): void {
  app.decorateRequest('viewer', null as unknown as Viewer);
  app.addHook('onRequest', async (request) => {
    const token = request.cookies[SESSION_COOKIE];
    const idHash = token ? hashSessionToken(token) : null;
    const userId = idHash ? await options.sessions.userIdOf(idHash, new Date()) : null;
    request.viewer = { userId, sessionIdHash: userId === null ? null : idHash };
  });
}

/** The unit experiments are assigned by: the user id, else a long-lived visitor cookie set on demand. */
export function experimentUnitOf(
  request: FastifyRequest,
  reply: FastifyReply,
  options: { secureCookies: boolean },
): string {
  if (request.viewer.userId !== null) return `user:${request.viewer.userId}`;
  let visitor = request.cookies[VISITOR_COOKIE];
  if (!visitor || !/^[A-Za-z0-9_-]{16,64}$/.test(visitor)) {
    visitor = randomBytes(16).toString('base64url');
    reply.setCookie(VISITOR_COOKIE, visitor, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: options.secureCookies,
      maxAge: 60 * 60 * 24 * 365,
    });
  }
  return `visitor:${visitor}`;
}
