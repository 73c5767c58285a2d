import type { recoveryEndpoints } from '@pinboard/shared/api/auth';
import type { EndpointHandlers } from '../../../lib/endpoints.ts';
import { ok } from '../../../lib/envelope.ts';
import { authRequestOf } from '../auth-cookies.ts';
import { answerSignedIn, type SignedInAnswerDeps } from '../signed-in.ts';
import { requestPasswordReset, resetPassword, type RecoveryDeps } from './recovery.service.ts';

/** A forgotten password: the mailed link, and the new password that signs the browser in. */
export function recoveryRoutes(
  deps: RecoveryDeps & SignedInAnswerDeps,
): EndpointHandlers<typeof recoveryEndpoints> {
  return {
    requestPasswordReset: async ({ body, request }) =>
      ok(await requestPasswordReset(deps, body, authRequestOf(request, deps))),
    resetPassword: async ({ body, request, reply }) => {
      const context = authRequestOf(request, deps);
      return answerSignedIn(deps, reply, context, await resetPassword(deps, body, context));
    },
  };
}
