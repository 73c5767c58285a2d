import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error.ts';

export const CSRF_COOKIE = 'csrftoken';
export const CSRF_HEADER = 'x-csrftoken';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const API_PREFIXES = ['/v3/', '/vx/', '/ads/'];

// Immutable files get no cookie, so shared caches and CDNs may store them.
const STATIC_PREFIXES = ['/assets/', '/media/'];

function isApiPath(url: string): boolean {
  return API_PREFIXES.some((prefix) => url.startsWith(prefix));
}

function tokensMatch(cookie: string | undefined, header: unknown): boolean {
  if (!cookie || typeof header !== 'string' || header.length !== cookie.length) return false;
  return timingSafeEqual(Buffer.from(cookie), Buffer.from(header));
}

/**
 * Double-submit CSRF rule (DESIGN.md section 4): every response sets `csrftoken` when the
 * client has none; every unsafe API call must echo it in `X-CSRFToken`.
 */
export function registerCsrf(app: FastifyInstance, options: { secureCookies: boolean }): void {
  app.addHook('onRequest', async (request, reply) => {
    const token = request.cookies[CSRF_COOKIE];
    if (!token && !STATIC_PREFIXES.some((prefix) => request.url.startsWith(prefix))) {
      reply.setCookie(CSRF_COOKIE, randomBytes(24).toString('base64url'), {
        path: '/',
        sameSite: 'lax',
        secure: options.secureCookies,
        maxAge: 60 * 60 * 24 * 365,
      });
    }
    if (SAFE_METHODS.has(request.method) || !isApiPath(request.url)) return;
    if (!tokensMatch(token, request.headers[CSRF_HEADER])) throw new AppError('csrf_failed');
  });
}
