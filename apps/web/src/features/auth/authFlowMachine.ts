import {
  AUTH_STEPS,
  RECOVERY_MODAL_CODES,
  type AuthStep,
  type SocialProvider,
  type Viewer,
} from '@pinboard/shared';
import type { AuthModalOptions } from './authModalContext.ts';
import { EMPTY_DRAFT, type MfaChallenge, type SignupDraft, type SignupFailure } from './flow.ts';
import type { RecoveryModalCode } from './recovery.ts';
import type { SocialSignup } from './social/credentials.ts';
import type { SocialOutcome } from './social/outcomes.ts';

/** Each step of the sign-up and login flow, with what it shows. */
export type AuthFlowStepState =
  /** The sign-up view: its email form open or behind 'Continue with email', a failure it comes back with. */
  | { step: 'signup'; formOpen: boolean; failure: SignupFailure | null; focusBirthday: boolean }
  | { step: 'login' }
  /** 'Welcome back' for a recognised browser. */
  | { step: 'personalizedLogin' }
  /** The code step, with the credentials the login repeats with the code. */
  | { step: 'loginMfa'; challenge: MfaChallenge }
  /** Consents before registering: the email form's entries (`signup` null), or a provider's sign-up. */
  | { step: 'consents'; signup: SocialSignup | null }
  /** After an underage birthday; Edit leads back to the form it came from (`signup` null: the email form). */
  | { step: 'UnderageConfirmation'; birthday: string; signup: SocialSignup | null }
  | { step: 'forgotPassword' }
  /** One of the account-recovery modals, by code. */
  | { step: 'recovery'; code: RecoveryModalCode }
  /** A provider's sign-up that still needs a birthday or an email, with the server's verdict to show. */
  | { step: 'socialSignupWithAge' | 'EmailCollection'; signup: SocialSignup; failure: SignupFailure | null }
  /** A provider's email that already has an account: log in to it (`email` '' when unknown). */
  | { step: 'EmailAlreadyExist'; email: string }
  /** 'Oops! {provider} isn't available'; its OK returns to `back`, or closes the modal opened for it (null). */
  | { step: 'providerUnavailable'; provider: SocialProvider; back: AuthFlowState | null }
  /**
   * One-tap signed in: the full-screen 'Welcome' until the page is the account's; then, when the
   * call made the account (`newAccount`), the interests step.
   */
  | { step: 'welcome'; viewer: Viewer; newAccount: boolean }
  /** A sign-up in the modal made the account (by email, or through a provider): pick interests, or skip. */
  | { step: 'interests'; viewer: Viewer };

/** What the flow keeps whatever the step. */
export interface AuthFlowMemory {
  /** Where 'back to log in' leads: 'Welcome back' for a recognised browser. */
  loginStep: 'login' | 'personalizedLogin';
  /** What the email sign-up form held when last sent on (to consents, underage, registration). */
  draft: SignupDraft;
  /** Who the forgot-password form is for: what a login form held, then what the reset was sent to. */
  account: string;
  /** The underage flag is set: the birthday fields are disabled and sign-up blocked. */
  underageBlocked: boolean;
  /** Counts a provider's moves, so a step shown again with a new verdict starts afresh (its key). */
  version: number;
}

export type AuthFlowState = AuthFlowStepState & AuthFlowMemory;

/** The steps the flow shows. */
export type FlowStep = AuthFlowState['step'];

export type AuthFlowEvent =
  /** 'Log in' under sign-up, 'Not you?' on 'Welcome back' and EmailAlreadyExist: the plain login. */
  | { type: 'showLogin' }
  /** 'Sign up' (or the business login's 'Create new account'): the sign-up view as it first shows. */
  | { type: 'showSignup' }
  /** Back from the code or forgot-password step, OK on a recovery modal: the flow's own login. */
  | { type: 'backToLogin' }
  /**
   * Back to the open email form: Back on consents, 'Not now', OK on a prevent-register modal,
   * or a registration after consents that failed (`failure` then shows on the form).
   */
  | { type: 'backToSignup'; failure?: SignupFailure }
  /** The email form passed its checks: on to consents where the country asks for them, else it registers. */
  | { type: 'signupEntered'; draft: SignupDraft; consentsNeeded: boolean }
  /** An underage birthday on the email form (the form's own check or the server's answer). */
  | { type: 'underage'; draft: SignupDraft }
  /** Edit on the underage confirmation (the flag is cleared). */
  | { type: 'editBirthday' }
  /** A login answered that a second factor is needed. */
  | { type: 'mfaNeeded'; challenge: MfaChallenge }
  | { type: 'forgotPassword'; account: string }
  /** A recovery modal in a login form's place, for the account typed there when known. */
  | { type: 'recovery'; code: RecoveryModalCode; account?: string }
  | { type: 'resetLinkSent'; account: string }
  /** OK on a recovery modal (the sent view also closes the modal, which the flow cannot do itself). */
  | { type: 'recoveryOk' }
  /** Where a provider's login or sign-up (a button, single sign-on, a step's Continue) led. */
  | { type: 'social'; outcome: SocialOutcome }
  /** OK on 'Oops! {provider} isn't available' with a step to return to. */
  | { type: 'providerUnavailableOk' }
  /** An email sign-up's registration succeeded: the interests step follows. */
  | { type: 'signedUp'; viewer: Viewer }
  /** One-tap's 'Welcome' is done (the page is the new viewer's): a new account picks interests next. */
  | { type: 'welcomed' };

/** The view sign-up starts on; the other ways back to it open the email form. */
const FIRST_SIGNUP: AuthFlowStepState = {
  step: 'signup',
  formOpen: false,
  failure: null,
  focusBirthday: false,
};

function memoryOf(state: AuthFlowState): AuthFlowMemory {
  const { loginStep, draft, account, underageBlocked, version } = state;
  return { loginStep, draft, account, underageBlocked, version };
}

/** `next` with the memory of `state`, changed by `memory`; nothing of the step left behind leaks into it. */
function to(
  state: AuthFlowState,
  next: AuthFlowStepState,
  memory: Partial<AuthFlowMemory> = {},
): AuthFlowState {
  return { ...memoryOf(state), ...memory, ...next };
}

function openSignup(
  state: AuthFlowState,
  failure: SignupFailure | null,
  focusBirthday = false,
): AuthFlowState {
  return to(state, { step: 'signup', formOpen: true, failure, focusBirthday });
}

/** A step to return to: a provider's step without the verdict it had, since its answer has been overtaken. */
function returnable(state: AuthFlowState): AuthFlowState {
  return state.step === 'socialSignupWithAge' || state.step === 'EmailCollection'
    ? { ...state, failure: null }
    : state;
}

function afterSocial(state: AuthFlowState, outcome: SocialOutcome): AuthFlowState {
  const moved = { version: state.version + 1 };
  switch (outcome.kind) {
    case 'done':
    case 'error':
      // Signed in (the success closes or moves the page), or a message for the view that asked.
      return state;
    case 'welcome':
      return to(state, { step: 'welcome', viewer: outcome.viewer, newAccount: outcome.newAccount });
    case 'signedUp':
      return to(state, { step: 'interests', viewer: outcome.viewer }, moved);
    case 'mfa': {
      const { credential, phoneNumberEnd, sendLimit } = outcome;
      const challenge: MfaChallenge = {
        credentials: { kind: 'social', credential },
        phoneNumberEnd,
        ...(sendLimit ? { sendLimit } : {}),
      };
      return to(state, { step: 'loginMfa', challenge }, moved);
    }
    case 'recovery':
      return to(state, { step: 'recovery', code: outcome.code }, moved);
    case 'underage': {
      const { signup } = outcome;
      const next = { step: 'UnderageConfirmation', birthday: signup.birthday ?? '', signup } as const;
      return to(state, next, { ...moved, underageBlocked: true });
    }
    case 'unavailable':
      return to(
        state,
        { step: 'providerUnavailable', provider: outcome.provider, back: returnable(state) },
        moved,
      );
    case 'step':
      return outcome.step === 'consents'
        ? to(state, { step: 'consents', signup: outcome.signup }, moved)
        : to(state, { step: outcome.step, signup: outcome.signup, failure: outcome.failure ?? null }, moved);
    case 'emailTaken':
      return to(state, { step: 'EmailAlreadyExist', email: outcome.email }, moved);
  }
}

/**
 * The flow's moves. A link's event that the step shown does not offer leaves the state as it
 * is; an answer (a login's, a registration's, a provider's) moves the flow from whichever step
 * it arrives at.
 */
export function authFlowReducer(state: AuthFlowState, event: AuthFlowEvent): AuthFlowState {
  switch (event.type) {
    case 'showLogin':
      return to(state, { step: 'login' });
    case 'showSignup':
      return to(state, FIRST_SIGNUP);
    case 'backToLogin':
      return to(state, { step: state.loginStep });
    case 'backToSignup':
      return openSignup(state, event.failure ?? null);
    case 'signupEntered':
      return event.consentsNeeded
        ? to(state, { step: 'consents', signup: null }, { draft: event.draft })
        : { ...state, draft: event.draft };
    case 'underage':
      return to(
        state,
        { step: 'UnderageConfirmation', birthday: event.draft.birthday, signup: null },
        { draft: event.draft, underageBlocked: true },
      );
    case 'editBirthday': {
      if (state.step !== 'UnderageConfirmation') return state;
      const unblocked = { ...state, underageBlocked: false };
      return state.signup
        ? to(unblocked, { step: 'socialSignupWithAge', signup: state.signup, failure: null })
        : openSignup(unblocked, null, true);
    }
    case 'mfaNeeded':
      return to(state, { step: 'loginMfa', challenge: event.challenge });
    case 'forgotPassword':
      return to(state, { step: 'forgotPassword' }, { account: event.account });
    case 'recovery':
      return to(
        state,
        { step: 'recovery', code: event.code },
        event.account === undefined ? {} : { account: event.account },
      );
    case 'resetLinkSent':
      return to(
        state,
        { step: 'recovery', code: RECOVERY_MODAL_CODES.passwordResetSent },
        { account: event.account },
      );
    case 'recoveryOk': {
      if (state.step !== 'recovery') return state;
      // The prevent-register modals came from a provider's sign-up: back to sign-up by email.
      const toSignup =
        state.code === RECOVERY_MODAL_CODES.preventFirstProviderRegister ||
        state.code === RECOVERY_MODAL_CODES.preventSecondProviderRegister;
      return toSignup ? openSignup(state, null) : to(state, { step: state.loginStep });
    }
    case 'social':
      return afterSocial(state, event.outcome);
    case 'providerUnavailableOk':
      if (state.step !== 'providerUnavailable' || !state.back) return state;
      return { ...state.back, ...memoryOf(state) };
    case 'signedUp':
      // Only from the steps that register by email: the form, and consents after it.
      if (state.step !== 'signup' && state.step !== 'consents') return state;
      return to(state, { step: 'interests', viewer: event.viewer });
    case 'welcomed':
      // A one-tap login has no step after 'Welcome' (the success closes the modal).
      if (state.step !== 'welcome' || !state.newAccount) return state;
      return to(state, { step: 'interests', viewer: state.viewer });
  }
}

export interface AuthFlowStart {
  /** A recognised browser (not signed in, but known): its login is 'Welcome back'. */
  recognised: boolean;
  /** The underage flag of an earlier sign-up is set. */
  underageBlocked: boolean;
}

/**
 * Where the flow opens: on a provider's outcome one-tap could not finish, on a recovery modal
 * (the `aec` parameter), on the login (its page and the prompts), else on sign-up.
 */
export function initialAuthFlowState(options: AuthModalOptions, start: AuthFlowStart): AuthFlowState {
  const loginStep = start.recognised ? 'personalizedLogin' : 'login';
  const memory: AuthFlowMemory = {
    loginStep,
    draft: EMPTY_DRAFT,
    account: '',
    underageBlocked: start.underageBlocked,
    version: 0,
  };
  const wantsLogin = options.step === 'login' || (!options.step && options.container === 'login_page');
  const first: AuthFlowStepState =
    options.recovery !== undefined
      ? { step: 'recovery', code: options.recovery }
      : wantsLogin
        ? { step: loginStep }
        : FIRST_SIGNUP;
  const opened: AuthFlowState = { ...memory, ...first };
  if (!options.continueSocial) return opened;
  const continued = afterSocial(opened, options.continueSocial);
  // The modal was opened for the provider-down modal: its OK closes it.
  return continued.step === 'providerUnavailable' ? { ...continued, back: null } : continued;
}

const TRACKED_STEPS = new Set<string>(AUTH_STEPS);

/** The steps analytics events can name (the product's own list). */
export function isAuthStep(step: FlowStep): step is Extract<FlowStep, AuthStep> {
  return TRACKED_STEPS.has(step);
}
