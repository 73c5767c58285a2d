import {
  RECOVERY_MODAL_CODES,
  type ConsentState,
  type SocialProvider,
  type SsoInfo,
  type Viewer,
} from '@pinboard/shared';
import { trackAuthEvent } from '../analytics.ts';
import { register } from '../authApi.ts';
import type { AuthModalOptions } from '../authModalContext.ts';
import type { BotCheck } from '../botCheck/useBotCheck.ts';
import { birthdaySeconds } from '../flow.ts';
import { signupSourceOf } from '../titles.ts';
import { setUnderageFlag } from '../underageFlag.ts';
import type { LoginAttempt } from '../useLoginAttempt.ts';
import { ApiRequestError } from '../../../api/client.ts';
import {
  credentialFromPopup,
  socialRegisterBody,
  type SocialCredential,
  type SocialSignup,
} from './credentials.ts';
import { outcomeOfLogin, outcomeOfPopup, outcomeOfSignup, type SocialOutcome } from './outcomes.ts';
import { setPreventFacebookRegister } from './preventRegisterFlag.ts';
import { exchangeSsoCode } from './socialApi.ts';
import { useSocialPopup } from './useSocialPopup.ts';

interface SocialSignupDeps {
  options: AuthModalOptions;
  session: Viewer | null;
  botCheck: BotCheck;
  /** The flow's success; `stay` keeps the modal open for the interests step. */
  onSuccess: (viewer: Viewer, how?: { stay?: boolean }) => Promise<void>;
}

/** Registers through a provider; resolves where the flow goes next. */
export type SocialSignupAttempt = (signup: SocialSignup, consents?: ConsentState) => Promise<SocialOutcome>;

/**
 * `signUp` with the provider's token and what the steps collected (decision 21): the
 * consent step first where the viewer's country requires it, then the call. A sign-up in the
 * modal (a provider's button, single sign-on, a step's Continue) that made the account goes on to
 * the interests step; a one-tap one goes to the 'Welcome' state, then to the interests step when
 * it made the account (`new_account`; a known identity is a login). A Facebook prevent-register
 * answer sets the local flag that hides Facebook sign-up, an underage one the underage flag.
 */
export function useSocialSignup({
  options,
  session,
  botCheck,
  onSuccess,
}: SocialSignupDeps): SocialSignupAttempt {
  return async (signup, consents) => {
    if (session?.requires_consent && !consents) return { kind: 'step', step: 'consents', signup };
    const country = session?.client_context.country;
    const { container } = options;
    const step = signup.email ? 'EmailCollection' : signup.birthday ? 'socialSignupWithAge' : 'signup';
    trackAuthEvent({ name: 'signup_attempt', step, container });
    try {
      const birthday = signup.birthday ? birthdaySeconds(signup.birthday) : undefined;
      const result = await register(
        socialRegisterBody(signup.credential, {
          ...(signup.email ? { email: signup.email } : {}),
          ...(birthday !== undefined ? { birthday } : {}),
          ...(country ? { country } : {}),
          recaptchaV3Token: await botCheck.getToken(),
          ...(consents ? { consents } : {}),
          signup_source: signupSourceOf(options),
          container,
          ...(options.next ? { next: options.next } : {}),
        }),
      );
      trackAuthEvent({ name: 'signup_success', step, container });
      const newAccount = result.new_account;
      if (signup.credential.type === 'google_one_tap') {
        return { kind: 'welcome', viewer: result.user, newAccount };
      }
      if (!newAccount) {
        // The identity had an account already (another sign-up of it got there first): a login.
        await onSuccess(result.user);
        return { kind: 'done' };
      }
      // A new account picks interests next, as an email sign-up does; the page becomes the new
      // person's behind the step.
      await onSuccess(result.user, { stay: true });
      return { kind: 'signedUp', viewer: result.user };
    } catch (error) {
      trackAuthEvent({ name: 'signup_fail', step, container });
      botCheck.refresh();
      return remembered(outcomeOfSignup(error, signup));
    }
  };
}

/**
 * Answers this browser keeps (docs/product/accounts.md#rules): the flag that hides Facebook sign-up after a
 * first-provider prevent-register answer, and the underage flag.
 */
function remembered(outcome: SocialOutcome): SocialOutcome {
  if (outcome.kind === 'recovery' && outcome.code === RECOVERY_MODAL_CODES.preventFirstProviderRegister) {
    setPreventFacebookRegister();
  }
  if (outcome.kind === 'underage') setUnderageFlag();
  return outcome;
}

export interface SocialLogin {
  /** A provider's button: its popup (opened at once), then login, or sign-up for a new identity. */
  connect: (provider: SocialProvider) => Promise<SocialOutcome>;
  /** 'Continue with single sign-on': the organisation's popup, the code exchange, login or sign-up. */
  sso: (info: SsoInfo, email: string) => Promise<SocialOutcome>;
}

/**
 * The popups of the modal's views (decision 21 'The web flow'): a credential logs in first
 * (`attempt` with it; a code asked for is the `mfa` outcome, the code step next), and an identity no account has
 * (`social_account_not_found`) signs up with the same token.
 */
export function useSocialLogin(attempt: LoginAttempt, signUp: SocialSignupAttempt): SocialLogin {
  const popup = useSocialPopup();

  async function logIn(credential: SocialCredential): Promise<SocialOutcome> {
    const outcome = await attempt({ kind: 'social', credential });
    if (outcome.kind === 'failed' && outcome.error.kind === 'socialSignup') return signUp({ credential });
    return remembered(outcomeOfLogin(outcome, credential));
  }

  return {
    connect: (provider) =>
      popup.connect(provider).then(
        (message) => {
          const credential = credentialFromPopup(message);
          return credential ? logIn(credential) : { kind: 'error', slot: provider, code: 'popup_closed' };
        },
        (error: unknown) => outcomeOfPopup(provider, error),
      ),
    sso: (info, email) => {
      if (!info.authorization_uri) return Promise.resolve({ kind: 'error', slot: 'sso', code: 'internal' });
      return popup.sso(info.authorization_uri).then(
        async (callback): Promise<SocialOutcome> => {
          let tokens;
          try {
            tokens = await exchangeSsoCode(callback);
          } catch (error) {
            const code = error instanceof ApiRequestError ? error.code : 'internal';
            return { kind: 'error', slot: 'sso', code };
          }
          // An exchange that brought no token.
          if (!tokens.sso_id_token) return { kind: 'error', slot: 'sso', code: 'sso_no_tokens' };
          const credential: SocialCredential = {
            type: 'sso',
            sso_id_token: tokens.sso_id_token,
            sso_user_email: email,
          };
          // An existing SSO user logs in; anyone else signs up.
          return info.existing_user && info.existing_user_is_sso ? logIn(credential) : signUp({ credential });
        },
        (error: unknown) => outcomeOfPopup('sso', error),
      );
    },
  };
}
