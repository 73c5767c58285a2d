import { loginPasswordProblem, type Viewer } from '@pinboard/shared';
import type { AuthModalOptions } from './authModalContext.ts';
import { trackAuthEvent } from './analytics.ts';
import { logIn } from './authApi.ts';
import type { BotCheck } from './botCheck/useBotCheck.ts';
import { placeLoginError, type LoginErrorPlacement } from './loginErrors.ts';

/**
 * Logs in with an email (or username) and password: the login form's own password rule first
 * (spec 1 section 5: too short, same as, blacklisted all read 'incorrect'), then the call with
 * the bot-check token. Resolves null after success, else where the error goes.
 */
export function useLoginAttempt(
  options: AuthModalOptions,
  botCheck: BotCheck,
  onSuccess: (viewer: Viewer) => Promise<void>,
) {
  const { container } = options;
  return async (usernameOrEmail: string, password: string): Promise<LoginErrorPlacement | null> => {
    const problem = loginPasswordProblem(password);
    if (problem) return { kind: 'field', field: 'password', code: problem };
    trackAuthEvent({ name: 'login_attempt', login_type: 'email', container });
    try {
      const result = await logIn({
        username_or_email: usernameOrEmail.trim(),
        password,
        recaptchaV3Token: await botCheck.getToken(),
        get_user: true,
        container,
        ...(options.switchAccount ? { switch_account: true } : {}),
      });
      trackAuthEvent({ name: 'login_success', login_type: 'email', container });
      await onSuccess(result.user);
      return null;
    } catch (error) {
      trackAuthEvent({ name: 'login_fail', login_type: 'email', container });
      return placeLoginError(error);
    } finally {
      // A token is good for one request.
      botCheck.refresh();
    }
  };
}
