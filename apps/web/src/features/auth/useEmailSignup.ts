import { firstNameFromEmail, type ConsentState, type Viewer } from '@pinboard/shared';
import { ApiRequestError } from '../../api/client.ts';
import { trackAuthEvent } from './analytics.ts';
import { register } from './authApi.ts';
import type { AuthModalOptions } from './authModalContext.ts';
import type { BotCheck } from './botCheck/useBotCheck.ts';
import { birthdaySeconds, type SignupDraft, type SignupFailure } from './flow.ts';
import { signupSourceOf } from './titles.ts';

const FIELDS = new Set(['email', 'password', 'birthday']);

interface EmailSignupDeps {
  options: AuthModalOptions;
  session: Viewer | null;
  botCheck: BotCheck;
  onSuccess: (viewer: Viewer) => Promise<void>;
  /** The server said underage: the flag and the confirmation step. */
  onUnderage: (draft: SignupDraft) => void;
}

/**
 * `POST /v3/register/` with email and password (docs/product/accounts.md#sign-up); resolves
 * null after success (or the underage path), else the failure to show on the form.
 */
export function useEmailSignup({ options, session, botCheck, onSuccess, onUnderage }: EmailSignupDeps) {
  return async (entered: SignupDraft, consents?: ConsentState): Promise<SignupFailure | null> => {
    const country = session?.client_context.country;
    const { container } = options;
    trackAuthEvent({ name: 'signup_attempt', step: 'signup', container });
    try {
      const result = await register({
        type: 'email',
        email: entered.email,
        password: entered.password,
        birthday: birthdaySeconds(entered.birthday),
        first_name: firstNameFromEmail(entered.email, { country }),
        ...(country ? { country } : {}),
        recaptchaV3Token: await botCheck.getToken(),
        ...(consents ? { consents } : {}),
        signup_source: signupSourceOf(options),
        container,
        ...(options.next ? { next: options.next } : {}),
      });
      trackAuthEvent({ name: 'signup_success', step: 'signup', container });
      await onSuccess(result.user);
      return null;
    } catch (error) {
      trackAuthEvent({ name: 'signup_fail', step: 'signup', container });
      // A new token after a failed sign-up.
      botCheck.refresh();
      const code = error instanceof ApiRequestError ? error.code : 'signup_failed';
      if (code === 'underage') {
        onUnderage(entered);
        return null;
      }
      const field =
        error instanceof ApiRequestError && error.field && FIELDS.has(error.field) ? error.field : 'form';
      return { field: field as SignupFailure['field'], code };
    }
  };
}
