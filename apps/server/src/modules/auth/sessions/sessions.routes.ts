import type { sessionEndpoints } from '@pinboard/shared/api/auth';
import type { EndpointHandlers } from '../../../lib/endpoints.ts';
import { ok } from '../../../lib/envelope.ts';
import { authRequestOf, clearSessionCookie } from '../auth-cookies.ts';
import type { AuthDeps } from '../auth-deps.ts';
import { answerSignedIn, presentSignedIn, type SignedInAnswerDeps } from '../signed-in.ts';
import { endSession, switchAccount } from './sessions.service.ts';

/** Logging out, and switching to another account signed in on this browser. */
export function sessionRoutes(
  deps: AuthDeps & SignedInAnswerDeps,
): EndpointHandlers<typeof sessionEndpoints> {
  const { db } = deps;
  return {
    logOut: async ({ viewer, request, reply }) => {
      const context = authRequestOf(request, deps);
      await endSession(db, viewer.sessionIdHash);
      clearSessionCookie(reply, deps.secureCookies);
      return ok(await presentSignedIn(deps, context, null));
    },
    switchAccount: async ({ body, viewer, request, reply }) => {
      const context = authRequestOf(request, deps);
      const userId = Number(body.user_id);
      const cookies = await switchAccount(db, {
        currentSessionIdHash: viewer.sessionIdHash,
        currentUserId: viewer.userId,
        targetUserId: userId,
        cookies: context.cookies,
        now: context.now,
      });
      return answerSignedIn(deps, reply, context, { userId, cookies });
    },
  };
}
