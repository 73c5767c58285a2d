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
}

/** What an email sign-up led to: an account (the success already ran), the underage path, or a failure to show. */
export type EmailSignupOutcome =
  { kind: 'signedUp' } | { kind: 'underage' } | { kind: 'failed'; failure: SignupFailure };

/** `signUp` with email and password; resolves what the answer leads to. */
export function useEmailSignup({ options, session, botCheck, onSuccess }: EmailSignupDeps) {
  return async (entered: SignupDraft, consents?: ConsentState): Promise<EmailSignupOutcome> => {
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
      return { kind: 'signedUp' };
    } catch (error) {
      trackAuthEvent({ name: 'signup_fail', step: 'signup', container });
      // docs/product/accounts.md#bot-check: a new token after a failed sign-up.
      botCheck.refresh();
      const code = error instanceof ApiRequestError ? error.code : 'signup_failed';
      if (code === 'underage') return { kind: 'underage' };
      const field =
        error instanceof ApiRequestError && error.field && FIELDS.has(error.field) ? error.field : 'form';
      return { kind: 'failed', failure: { field: field as SignupFailure['field'], code } };
    }
  };
}
