import type { ConsentState, Viewer } from '@pinboard/shared';
import type { AuthModalOptions } from '../authModalContext.ts';
import type { BotCheck } from '../botCheck/useBotCheck.ts';
import type { LoginAttempt } from '../useLoginAttempt.ts';
import type { SocialSignup } from './credentials.ts';
import type { SocialError, SocialOutcome } from './outcomes.ts';
import { useSocialLogin, useSocialSignup } from './useSocialAuth.ts';
import type { SocialViewProps } from './useSocialButtons.ts';

interface SocialFlowDeps {
  options: AuthModalOptions;
  session: Viewer | null;
  botCheck: BotCheck;
  onSuccess: (viewer: Viewer, how?: { stay?: boolean }) => Promise<void>;
  /** The flow's login call; a code asked for comes back as the `mfa` outcome. */
  attempt: LoginAttempt;
  /** Moves the flow on an outcome (the flow's `social` event). */
  onOutcome: (outcome: SocialOutcome) => void;
}

/**
 * The modal's social sign-up and login (decision 21 'The web flow'): the provider buttons' and
 * single sign-on's calls, and the sign-up continued from its steps (socialSignupWithAge,
 * EmailCollection, consents). Every outcome goes to the flow; an error also goes back to the
 * view that asked, which shows it.
 */
export function useSocialFlow({ options, session, botCheck, onSuccess, attempt, onOutcome }: SocialFlowDeps) {
  const signUp = useSocialSignup({ options, session, botCheck, onSuccess });
  const socialLogin = useSocialLogin(attempt, signUp);

  function apply(outcome: SocialOutcome): SocialError | null {
    onOutcome(outcome);
    return outcome.kind === 'error' ? { slot: outcome.slot, code: outcome.code } : null;
  }

  // Each opens its popup before its first await (a popup opened later is blocked).
  const view: SocialViewProps = {
    connect: (provider) => socialLogin.connect(provider).then(apply),
    sso: (info, email) => socialLogin.sso(info, email).then((outcome) => apply(outcome)?.code ?? null),
    country: session?.client_context.country,
  };

  return {
    view,
    /** Signs the kept sign-up up with what a step added; resolves the step's error code, or null. */
    async continueSignup(
      signup: SocialSignup,
      added: { email?: string; birthday?: string },
      consents?: ConsentState,
    ): Promise<string | null> {
      return apply(await signUp({ ...signup, ...added }, consents))?.code ?? null;
    },
  };
}
