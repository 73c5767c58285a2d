import { loginPasswordProblem, RECOVERY_MODAL_CODES, type Viewer } from '@pinboard/shared';
import { useRef } from 'react';
import type { AuthModalOptions } from './authModalContext.ts';
import { trackAuthEvent } from './analytics.ts';
import { logIn } from './authApi.ts';
import type { BotCheck } from './botCheck/useBotCheck.ts';
import { placeLoginError, TROUBLE_AFTER_WRONG_PASSWORDS, type LoginErrorPlacement } from './loginErrors.ts';

/**
 * Logs in with an email (or username) and password: the login form's own password rule first
 * (spec 1 section 5: too short, same as, blacklisted all read 'incorrect'), then the call with
 * the bot-check token. Resolves null after success, else where the error goes; the third
 * 'incorrect' answer in a row opens the trouble-logging-in modal instead.
 */
export function useLoginAttempt(
  options: AuthModalOptions,
  botCheck: BotCheck,
  onSuccess: (viewer: Viewer) => Promise<void>,
) {
  const { container } = options;
  const wrongInARow = useRef(0);
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
      wrongInARow.current = 0;
      trackAuthEvent({ name: 'login_success', login_type: 'email', container });
      await onSuccess(result.user);
      return null;
    } catch (error) {
      trackAuthEvent({ name: 'login_fail', login_type: 'email', container });
      const placement = placeLoginError(error);
      const wrong = placement.kind === 'field' && placement.code === 'login_password_incorrect';
      wrongInARow.current = wrong ? wrongInARow.current + 1 : 0;
      if (wrongInARow.current >= TROUBLE_AFTER_WRONG_PASSWORDS) {
        wrongInARow.current = 0;
        return { kind: 'recovery', code: RECOVERY_MODAL_CODES.loginAssistance };
      }
      return placement;
    } finally {
      // A token is good for one request.
      botCheck.refresh();
    }
  };
}
