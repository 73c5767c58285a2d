import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AuthEventsBodySchema,
  BotCheckChallengeSchema,
  DEFAULT_PASSWORD_RULES,
  EmailValidationQuerySchema,
  EmailValidationResultSchema,
  ExistsQuerySchema,
  PasswordRulesSchema,
} from '@pinboard/shared';
import { ok } from '../../../lib/envelope.ts';
import { replies } from '../../../lib/route-schemas.ts';
import type { AuthDeps } from '../auth-deps.ts';
import { isEmailTaken, isEmailValid, recordAuthEvents } from './checks.service.ts';

const EventsResultSchema = z.object({ stored: z.number().int() });

/** The sign-up form's helpers: email checks, password rules, the bot-check challenge, analytics. */
export function registerAuthCheckRoutes(app: FastifyInstance, deps: AuthDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db, limits } = deps;

  api.get(
    '/v3/register/exists/',
    {
      schema: {
        tags: ['auth'],
        summary: 'Whether an account has this email (true: taken); 60 a minute per address',
        querystring: ExistsQuerySchema,
        response: replies(z.boolean()),
      },
    },
    async (request) => {
      await limits.assertEmailCheckAllowed(request.ip);
      return ok(await isEmailTaken(db, request.query.email));
    },
  );

  api.get(
    '/v3/email/validation/',
    {
      schema: {
        tags: ['auth'],
        summary: 'Whether an email may sign up; 60 a minute per address',
        querystring: EmailValidationQuerySchema,
        response: replies(EmailValidationResultSchema),
      },
    },
    async (request) => {
      await limits.assertEmailCheckAllowed(request.ip);
      return ok({ is_valid: isEmailValid(request.query.email) });
    },
  );

  api.get(
    '/v3/register/password_rules/',
    {
      schema: {
        tags: ['auth'],
        summary: 'The sign-up password rules',
        response: replies(PasswordRulesSchema),
      },
    },
    async () => ok(DEFAULT_PASSWORD_RULES),
  );

  api.get(
    '/v3/bot_check/challenge/',
    {
      schema: {
        tags: ['auth'],
        summary: 'The bot check in use, with a fresh ALTCHA challenge when it is ALTCHA',
        response: replies(BotCheckChallengeSchema),
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await deps.botCheck.challenge());
    },
  );

  api.post(
    '/v3/events/',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign-up and login analytics events (stored)',
        body: AuthEventsBodySchema,
        response: replies(EventsResultSchema),
      },
    },
    async (request) => {
      await limits.assertEventPostAllowed(request.ip);
      const country = deps.countries.countryOf({ headers: request.headers, ip: request.ip });
      const stored = await recordAuthEvents(db, request.body.events, {
        userId: request.viewer.userId,
        country,
      });
      return ok({ stored });
    },
  );
}
