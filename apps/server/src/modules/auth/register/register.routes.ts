import { DEFAULT_PASSWORD_RULES } from '@pinboard/shared';
import type { signUpEndpoints } from '@pinboard/shared/api/auth';
import type { EndpointHandlers } from '../../../lib/endpoints.ts';
import { ok } from '../../../lib/envelope.ts';
import { authRequestOf } from '../auth-cookies.ts';
import { answerSignedIn, type SignedInAnswerDeps } from '../signed-in.ts';
import { registerWithSocial } from '../social/social-register.service.ts';
import { socialRequestOf } from '../social/social-request.ts';
import type { SocialDeps } from '../social/social-verify.ts';
import { isEmailTaken, isEmailValid, recordAuthEvents } from './checks.service.ts';
import { registerWithEmail } from './register.service.ts';
import type { EmailVerificationDeps } from '../../settings/email-verification.service.ts';

/**
 * Signing up (the browser is signed in with the answer), and the sign-up form's helpers: email
 * checks, password rules, the bot-check challenge, analytics.
 */
export function signUpRoutes(
  deps: SocialDeps & SignedInAnswerDeps & EmailVerificationDeps,
): EndpointHandlers<typeof signUpEndpoints> {
  const { db } = deps;
  return {
    signUp: async ({ body, request, reply }) => {
      const context = authRequestOf(request, deps);
      // An email sign-up always makes the account; a provider's may sign a known identity in.
      const { newAccount, ...signedIn } =
        body.type === 'email'
          ? { ...(await registerWithEmail(deps, body, context)), newAccount: true }
          : await registerWithSocial(deps, body, context, socialRequestOf(request, reply, deps));
      return answerSignedIn(deps, reply, context, signedIn, { new_account: newAccount });
    },
    checkEmailExists: async ({ query }) => ok(await isEmailTaken(db, query.email)),
    validateEmail: async ({ query }) => ok({ is_valid: isEmailValid(query.email) }),
    getPasswordRules: async () => ok(DEFAULT_PASSWORD_RULES),
    getBotCheckChallenge: async () => ok(await deps.botCheck.challenge()),
    recordAuthEvents: async ({ body, viewer, request }) => {
      const country = deps.countries.countryOf({ headers: request.headers, ip: request.ip });
      const stored = await recordAuthEvents(db, body.events, { userId: viewer.userId, country });
      return ok({ stored });
    },
  };
}
