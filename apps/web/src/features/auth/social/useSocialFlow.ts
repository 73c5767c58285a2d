import type { ConsentState, Viewer } from '@pinboard/shared';
import { useState } from 'react';
import type { AuthModalOptions } from '../authModalContext.ts';
import type { BotCheck } from '../botCheck/useBotCheck.ts';
import type { FlowStep } from '../flow.ts';
import type { LoginAttempt } from '../useLoginAttempt.ts';
import type { SocialOutcome } from './outcomes.ts';
import { afterMove, NO_SOCIAL, socialMove, type SocialFlowState, type SocialMove } from './socialMove.ts';
import { useSocialLogin, useSocialSignup } from './useSocialAuth.ts';
import type { SocialViewProps } from './useSocialButtons.ts';

interface SocialFlowDeps {
  options: AuthModalOptions;
  session: Viewer | null;
  botCheck: BotCheck;
  onSuccess: (viewer: Viewer) => Promise<void>;
  /** The modal's login (it moves to loginMfa itself when a code is asked). */
  login: LoginAttempt;
  /** Where the modal opened (a one-tap sign-up that continues here), or null. */
  start: SocialMove | null;
  /** The step shown now: where a provider-down modal's OK returns. */
  step: FlowStep;
  /** Moves the modal: its step and what that step shows (a code's challenge, a recovery modal, the underage flag). */
  follow: (move: SocialMove) => void;
}

/**
 * The modal's social sign-up and login (decision 21 'The web flow'): the provider buttons' and
 * single sign-on's calls, and the sign-up kept between its steps (socialSignupWithAge,
 * EmailCollection, consents, EmailAlreadyExist, UnderageConfirmation).
 */
export function useSocialFlow({
  options,
  session,
  botCheck,
  onSuccess,
  login,
  start,
  step,
  follow,
}: SocialFlowDeps) {
  const [social, setSocial] = useState<SocialFlowState>(() =>
    start ? afterMove(NO_SOCIAL, start, null) : NO_SOCIAL,
  );
  const [welcome, setWelcome] = useState<Viewer | null>(null);
  const signUp = useSocialSignup({ options, session, botCheck, onSuccess });
  const socialLogin = useSocialLogin(login, signUp);

  /** Follows an outcome; resolves the error the view that asked shows. */
  function apply(outcome: SocialOutcome) {
    const move = socialMove(outcome);
    if (move.welcome) setWelcome(move.welcome);
    if (move.step) setSocial((state) => afterMove(state, move, step));
    follow(move);
    return move.error ?? null;
  }

  // Each opens its popup before its first await (a popup opened later is blocked).
  const view: SocialViewProps = {
    connect: (provider) => socialLogin.connect(provider).then(apply),
    sso: (info, email) => socialLogin.sso(info, email).then((outcome) => apply(outcome)?.code ?? null),
    country: session?.client_context.country,
  };

  return {
    social,
    /** Forgets the sign-up (back to the email form). */
    reset: () => setSocial(NO_SOCIAL),
    /** One-tap's sign-up succeeded: the viewer the 'Welcome' state finishes with. */
    welcome,
    apply,
    view,
    /** Signs the kept sign-up up with what a step added; resolves the step's error code, or null. */
    async continueSignup(added: { email?: string; birthday?: string }, consents?: ConsentState) {
      if (!social.signup) return null;
      return apply(await signUp({ ...social.signup, ...added }, consents))?.code ?? null;
    },
  };
}
