import type { SocialProvider, Viewer } from '@pinboard/shared';
import type { FlowStep, MfaChallenge, SignupFailure } from '../flow.ts';
import type { RecoveryModalCode } from '../recovery.ts';
import type { SocialSignup } from './credentials.ts';
import type { SocialError, SocialOutcome } from './outcomes.ts';

/** What the modal keeps about a social sign-up between its steps. */
export interface SocialFlowState {
  signup: SocialSignup | null;
  /** The server's verdict the step shows on arrival (a refused birthday or email). */
  failure: SignupFailure | null;
  /** The address EmailAlreadyExist names. */
  email: string;
  /** Whose 'Oops! {provider} isn't available' shows. */
  unavailable: SocialProvider | null;
  /** Where that modal's OK leads (null: it closes, the modal was opened for it). */
  back: FlowStep | null;
  /** Counts moves, so a step shown again with a new failure starts afresh. */
  version: number;
}

export const NO_SOCIAL: SocialFlowState = {
  signup: null,
  failure: null,
  email: '',
  unavailable: null,
  back: null,
  version: 0,
};

/** An outcome as changes to the flow's state; `error` stays with the view that asked. */
export interface SocialMove {
  step?: FlowStep;
  social?: Partial<SocialFlowState>;
  mfa?: MfaChallenge;
  recovery?: RecoveryModalCode;
  underage?: boolean;
  welcome?: Viewer;
  error?: SocialError;
}

/** Where a social login or sign-up's outcome leads the modal (decision 21 'The web flow'). */
export function socialMove(outcome: SocialOutcome): SocialMove {
  switch (outcome.kind) {
    case 'done':
      return {};
    case 'error':
      return { error: { slot: outcome.slot, code: outcome.code } };
    case 'welcome':
      return { welcome: outcome.viewer };
    case 'mfa':
      return {
        step: 'loginMfa',
        mfa: {
          credentials: { kind: 'social', credential: outcome.credential },
          phoneNumberEnd: outcome.phoneNumberEnd,
        },
      };
    case 'recovery':
      return { step: 'recovery', recovery: outcome.code };
    case 'underage':
      return { step: 'UnderageConfirmation', social: { signup: outcome.signup }, underage: true };
    case 'unavailable':
      return { step: 'providerUnavailable', social: { unavailable: outcome.provider } };
    case 'step':
      return { step: outcome.step, social: { signup: outcome.signup, failure: outcome.failure ?? null } };
    case 'emailTaken':
      return { step: 'EmailAlreadyExist', social: { signup: outcome.signup, email: outcome.email } };
  }
}

/** The social state after a move from `from` (null: the modal opened on it). */
export function afterMove(state: SocialFlowState, move: SocialMove, from: FlowStep | null): SocialFlowState {
  return {
    ...state,
    failure: null,
    ...move.social,
    back: move.step === 'providerUnavailable' ? from : state.back,
    version: state.version + 1,
  };
}
