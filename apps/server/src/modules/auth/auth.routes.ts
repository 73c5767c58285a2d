import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ForgotPasswordBodySchema,
  isPasswordLogin,
  ForgotPasswordResultSchema,
  LoginBodySchema,
  LoginResultSchema,
  RegisterBodySchema,
  ResetPasswordBodySchema,
  SwitchAccountBodySchema,
} from '@pinboard/shared';
import { AppError } from '../../lib/app-error.ts';
import { ok } from '../../lib/envelope.ts';
import { replies } from '../../lib/route-schemas.ts';
import { experimentUnitOf } from '../../plugins/viewer.ts';
import { groupsForUnit } from '../experiments/experiments.service.ts';
import { getViewer } from '../users/viewer.service.ts';
import { authRequestOf, clearSessionCookie, setAuthCookies } from './auth-cookies.ts';
import type { AuthRequest } from './auth-deps.ts';
import { loginWithPassword, type SignedIn } from './login/login.service.ts';
import { browserHashOf } from './social/oidc-browser.ts';
import { requestPasswordReset, resetPassword, type RecoveryDeps } from './recovery/recovery.service.ts';
import { registerWithEmail } from './register/register.service.ts';
import { endSession, switchAccount, type IssuedAuthCookies } from './sessions/sessions.service.ts';
import { loginWithSocial, type SocialRequest } from './social/social-login.service.ts';
import { registerWithSocial } from './social/social-register.service.ts';
import type { SocialDeps } from './social/social-verify.ts';

/**
 * Sign-up, login, logout, the account switch and password recovery: the calls that change who
 * the browser is (or will be).
 */
export function registerAuthRoutes(
  app: FastifyInstance,
  deps: RecoveryDeps & SocialDeps & { secureCookies: boolean },
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db, secureCookies } = deps;

  /** The viewer as it will be once the new cookies are in the browser. */
  const viewerAfter = (request: AuthRequest, userId: number | null, issued?: IssuedAuthCookies) =>
    getViewer(db, {
      userId,
      recognitionToken: issued?.recognition ?? request.cookies.recognition,
      groupToken: issued?.group ?? request.cookies.group,
      country: request.country,
      consentCountries: deps.config.consentCountries,
      now: request.now,
    });
  const noStore = { 'cache-control': 'private, no-store' };
  const facts = (request: FastifyRequest) => authRequestOf(request, deps);
  /** The browser binding and the viewer's experiment groups (asked once, only if a rule needs them). */
  const socialFacts = (request: FastifyRequest, reply: FastifyReply): SocialRequest => {
    let groups: ReturnType<typeof groupsForUnit> | undefined;
    return {
      browserHash: browserHashOf(request),
      experiments: () => (groups ??= groupsForUnit(db, experimentUnitOf(request, reply, { secureCookies }))),
    };
  };

  /** Signs the browser in as `sign` decides, and answers with the viewer it now is. */
  const signIn = async (
    request: FastifyRequest,
    reply: FastifyReply,
    sign: (context: AuthRequest) => Promise<SignedIn>,
  ) => {
    const context = facts(request);
    const signedIn = await sign(context);
    setAuthCookies(reply, signedIn.cookies, secureCookies);
    return reply
      .headers(noStore)
      .send(ok({ user: await viewerAfter(context, signedIn.userId, signedIn.cookies) }));
  };

  api.post(
    '/v3/register/',
    {
      schema: {
        tags: ['auth'],
        summary: "Sign up with email and password, or with a provider's token; signs the browser in",
        body: RegisterBodySchema,
        response: replies(LoginResultSchema),
      },
    },
    async (request, reply) =>
      signIn(request, reply, (context) => {
        const body = request.body;
        if (body.type === 'email') return registerWithEmail(deps, body, context);
        return registerWithSocial(deps, body, context, socialFacts(request, reply));
      }),
  );

  api.post(
    '/v3/login/',
    {
      schema: {
        tags: ['auth'],
        summary:
          "Log in with email (or username) and password, or with a provider's token; a new session every time",
        body: LoginBodySchema,
        response: replies(LoginResultSchema),
      },
    },
    async (request, reply) =>
      signIn(request, reply, (context) => {
        const body = request.body;
        const social = socialFacts(request, reply);
        if (isPasswordLogin(body)) return loginWithPassword(deps, body, context, social);
        return loginWithSocial(deps, body, context, social);
      }),
  );

  api.post(
    '/v3/users/forgot_password/',
    {
      schema: {
        tags: ['auth'],
        summary: 'Mail a password reset link; the same answer whether the account exists or not',
        body: ForgotPasswordBodySchema,
        response: replies(ForgotPasswordResultSchema),
      },
    },
    async (request, reply) =>
      reply.headers(noStore).send(ok(await requestPasswordReset(deps, request.body, facts(request)))),
  );

  api.post(
    '/v3/users/reset_password/',
    {
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with a mailed token; ends every other session and signs in',
        body: ResetPasswordBodySchema,
        response: replies(LoginResultSchema),
      },
    },
    async (request, reply) => signIn(request, reply, (context) => resetPassword(deps, request.body, context)),
  );

  api.post(
    '/v3/logout/',
    {
      schema: {
        tags: ['auth'],
        summary: 'Log out: ends the session on the server; the browser stays recognised',
        response: replies(LoginResultSchema),
      },
    },
    async (request, reply) => {
      const context = facts(request);
      await endSession(db, request.viewer.sessionIdHash);
      clearSessionCookie(reply, secureCookies);
      return reply.headers(noStore).send(ok({ user: await viewerAfter(context, null) }));
    },
  );

  api.post(
    '/v3/users/me/switch/',
    {
      schema: {
        tags: ['auth'],
        summary: 'Switch to another account signed in on this browser',
        body: SwitchAccountBodySchema,
        response: replies(LoginResultSchema),
      },
    },
    async (request, reply) => {
      const { userId, sessionIdHash } = request.viewer;
      if (userId === null || sessionIdHash === null) throw new AppError('auth_required');
      const context = facts(request);
      const targetUserId = Number(request.body.user_id);
      const issued = await db.transaction((tx) =>
        switchAccount(tx, {
          currentSessionIdHash: sessionIdHash,
          currentUserId: userId,
          targetUserId,
          cookies: context.cookies,
          now: context.now,
        }),
      );
      setAuthCookies(reply, issued, secureCookies);
      return reply.headers(noStore).send(ok({ user: await viewerAfter(context, targetUserId, issued) }));
    },
  );
}
