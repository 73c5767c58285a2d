import { isPasswordLogin } from '@pinboard/shared';
import type { loginEndpoints } from '@pinboard/shared/api/auth';
import type { EndpointHandlers } from '../../../lib/endpoints.ts';
import { authRequestOf } from '../auth-cookies.ts';
import { answerSignedIn, type SignedInAnswerDeps } from '../signed-in.ts';
import { loginWithSocial } from '../social/social-login.service.ts';
import { socialRequestOf } from '../social/social-request.ts';
import type { SocialDeps } from '../social/social-verify.ts';
import { loginWithPassword } from './login.service.ts';

/** Logging in: a new session every time, the browser's cookies set with the answer. */
export function loginRoutes(deps: SocialDeps & SignedInAnswerDeps): EndpointHandlers<typeof loginEndpoints> {
  return {
    logIn: async ({ body, request, reply }) => {
      const context = authRequestOf(request, deps);
      const social = socialRequestOf(request, reply, deps);
      const signedIn = isPasswordLogin(body)
        ? await loginWithPassword(deps, body, context, social)
        : await loginWithSocial(deps, body, context, social);
      return answerSignedIn(deps, reply, context, signedIn);
    },
  };
}
