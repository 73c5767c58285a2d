import { loginPasswordProblem, RECOVERY_MODAL_CODES, type LoginBody, type Viewer } from '@pinboard/shared';
import { useRef } from 'react';
import type { AuthModalOptions } from './authModalContext.ts';
import { trackAuthEvent } from './analytics.ts';
import { logIn } from './authApi.ts';
import type { BotCheck } from './botCheck/useBotCheck.ts';
import { TROUBLE_AFTER_WRONG_PASSWORDS } from './loginErrors.ts';
import { loginOutcomeOfError, type LoginOutcome } from './loginOutcome.ts';
import { loginFields, loginTypeOf, type SocialCredential } from './social/credentials.ts';

/** The second factor sent with the same credentials, or the ask for a new texted code. */
export type SecondFactor = Pick<LoginBody, 'mfa_token' | 'backup_code' | 'mfa_resend'>;

/** What a login proves who it is with: a password, or a provider's token (decision 21). */
export type LoginCredentials =
  | { kind: 'password'; usernameOrEmail: string; password: string }
  | { kind: 'social'; credential: SocialCredential };

/** Logs in; with a second factor it is the loginMfa step's call (login type `mfa`). */
export type LoginAttempt = (
  credentials: LoginCredentials,
  secondFactor?: SecondFactor,
) => Promise<LoginOutcome>;

/**
 * Logs in with an email (or username) and password, or with a provider's token: the login
 * form's own password rule first (docs/product/accounts.md#rules: too short, same as, blacklisted all read
 * 'incorrect'), then the call with the bot-check token. Resolves what the answer leads to: signed
 * in (the success already ran), a second factor to ask for, or where the error goes; the third
 * 'incorrect' answer in a row opens the trouble-logging-in modal instead.
 */
export function useLoginAttempt(
  options: AuthModalOptions,
  botCheck: BotCheck,
  onSuccess: (viewer: Viewer, how: { mfa: boolean }) => Promise<void>,
): LoginAttempt {
  const { container } = options;
  const wrongInARow = useRef(0);
  return async (credentials, secondFactor) => {
    const mfa = secondFactor !== undefined;
    const social = credentials.kind === 'social' ? credentials.credential : null;
    const login_type = mfa ? 'mfa' : social ? loginTypeOf(social) : 'email';
    if (credentials.kind === 'password') {
      const problem = loginPasswordProblem(credentials.password);
      if (problem) return { kind: 'failed', error: { kind: 'field', field: 'password', code: problem } };
    }
    trackAuthEvent({ name: 'login_attempt', login_type, container });
    try {
      const result = await logIn({
        ...(credentials.kind === 'password'
          ? { username_or_email: credentials.usernameOrEmail.trim(), password: credentials.password }
          : loginFields(credentials.credential)),
        recaptchaV3Token: await botCheck.getToken(),
        get_user: true,
        container,
        ...(options.switchAccount ? { switch_account: true } : {}),
        ...secondFactor,
      });
      wrongInARow.current = 0;
      trackAuthEvent({ name: 'login_success', login_type, container });
      await onSuccess(result.user, { mfa });
      return { kind: 'signedIn' };
    } catch (error) {
      trackAuthEvent({ name: 'login_fail', login_type, container });
      const outcome = loginOutcomeOfError(error);
      const wrong =
        outcome.kind === 'failed' &&
        outcome.error.kind === 'field' &&
        outcome.error.code === 'login_password_incorrect';
      wrongInARow.current = wrong ? wrongInARow.current + 1 : 0;
      if (wrongInARow.current >= TROUBLE_AFTER_WRONG_PASSWORDS) {
        wrongInARow.current = 0;
        return { kind: 'failed', error: { kind: 'recovery', code: RECOVERY_MODAL_CODES.loginAssistance } };
      }
      return outcome;
    } finally {
      // A token is good for one request.
      botCheck.refresh();
    }
  };
}
