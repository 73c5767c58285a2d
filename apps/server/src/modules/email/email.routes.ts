import type { emailEndpoints } from '@pinboard/shared/api';
import { EMAIL_SUBSCRIPTION_PATH } from '@pinboard/shared/email-mail';
import type { FastifyInstance } from 'fastify';
import type { CounterStore } from '../../adapters/counters/counters.ts';
import type { EndpointHandlers } from '../../lib/endpoints.ts';
import { ok } from '../../lib/envelope.ts';
import { AppError } from '../../lib/app-error.ts';
import { byIp, enforceRateLimit } from '../../policies/rate-limits.ts';
import {
  getEmailSubscription,
  submitUserSurvey,
  unsubscribeOneClick,
  updateEmailSubscription,
  type EmailLinkDeps,
} from './email.service.ts';

/** Mail choices by link or signed in, and the user survey (decision 53). */
export function emailRoutes(deps: EmailLinkDeps): EndpointHandlers<typeof emailEndpoints> {
  return {
    getEmailSubscription: async ({ query, viewer }) =>
      ok(await getEmailSubscription(deps, query.token, viewer.userId)),
    updateEmailSubscription: async ({ body, viewer }) =>
      ok(await updateEmailSubscription(deps, body, viewer.userId)),
    submitUserSurvey: async ({ body, viewer }) => ok(await submitUserSurvey(deps, body, viewer.userId)),
  };
}

/** The largest one-click body read (a mail client's form post is a few dozen bytes). */
const ONE_CLICK_BODY_LIMIT = 4096;

/**
 * Whether a form post is RFC 8058's `List-Unsubscribe=One-Click`: URL-encoded, or a
 * multipart/form-data part of that name and value.
 */
export function isOneClickBody(contentType: string, body: string): boolean {
  if (contentType.startsWith('application/x-www-form-urlencoded')) {
    return new URLSearchParams(body).get('List-Unsubscribe') === 'One-Click';
  }
  if (contentType.startsWith('multipart/form-data')) {
    return /content-disposition:\s*form-data;\s*name="List-Unsubscribe"\r?\n(?:[^\r\n]+\r?\n)*\r?\nOne-Click\r?\n/i.test(
      body,
    );
  }
  return false;
}

/**
 * `POST /email/subscription/?token=`: RFC 8058's one-click unsubscribe, sent by a mail client
 * (no session, no CSRF token: the signed token is the credential, and the request changes only
 * the mail choices it names). The page at the same address (GET) never changes anything.
 */
export function registerOneClickUnsubscribe(
  app: FastifyInstance,
  deps: EmailLinkDeps & { counters: CounterStore },
): void {
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      ['application/x-www-form-urlencoded', 'multipart/form-data'],
      { parseAs: 'string', bodyLimit: ONE_CLICK_BODY_LIMIT },
      (_request, body, done) => done(null, String(body)),
    );
    scope.post(EMAIL_SUBSCRIPTION_PATH, { schema: { hide: true } }, async (request, reply) => {
      await enforceRateLimit(deps.counters, 'email-link', byIp(request.ip));
      const query = request.query as Record<string, unknown>;
      const token = typeof query.token === 'string' && query.token.length <= 300 ? query.token : null;
      const body = typeof request.body === 'string' ? request.body : '';
      if (!isOneClickBody(String(request.headers['content-type'] ?? ''), body)) {
        throw new AppError('invalid_request');
      }
      if (!token) throw new AppError('email_link_invalid');
      const categories = await unsubscribeOneClick(deps, token);
      return reply.header('cache-control', 'no-store').send({ unsubscribed: categories });
    });
  });
}
