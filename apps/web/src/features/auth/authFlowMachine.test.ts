import { RECOVERY_MODAL_CODES, type Viewer } from '@pinboard/shared';
import { describe, expect, it } from 'vitest';
import {
  authFlowReducer,
  initialAuthFlowState,
  isAuthStep,
  type AuthFlowEvent,
  type AuthFlowState,
} from './authFlowMachine.ts';
import type { AuthModalOptions } from './authModalContext.ts';
import type { MfaChallenge, SignupDraft } from './flow.ts';
import type { SocialSignup } from './social/credentials.ts';
import type { SocialOutcome } from './social/outcomes.ts';

const C = RECOVERY_MODAL_CODES;
const HOME: AuthModalOptions = { container: 'home_page' };
const LOGIN: AuthModalOptions = { container: 'login_page' };
const FRESH = { recognised: false, underageBlocked: false };
const DRAFT: SignupDraft = { email: 'ada@example.com', password: 'correct horse', birthday: '1990-02-03' };
const SIGNUP: SocialSignup = { credential: { type: 'google', google_open_id_token: 'token' } };
const CHALLENGE: MfaChallenge = {
  credentials: { kind: 'password', usernameOrEmail: 'ada@example.com', password: 'correct horse' },
  phoneNumberEnd: '0100',
};
const VIEWER = { type: 'AUTH' } as Viewer;

const start = (options: AuthModalOptions = HOME, recognised = false) =>
  initialAuthFlowState(options, { recognised, underageBlocked: false });
const run = (state: AuthFlowState, ...events: AuthFlowEvent[]) => events.reduce(authFlowReducer, state);
const social = (outcome: SocialOutcome): AuthFlowEvent => ({ type: 'social', outcome });

/** The flow's memory, without the step. */
function memory({ loginStep, draft, account, underageBlocked, version }: AuthFlowState) {
  return { loginStep, draft, account, underageBlocked, version };
}

describe('where the flow opens', () => {
  it('opens on sign-up, its email form behind Continue with email', () => {
    expect(start()).toEqual({
      step: 'signup',
      formOpen: false,
      failure: null,
      focusBirthday: false,
      loginStep: 'login',
      draft: { email: '', password: '', birthday: '' },
      account: '',
      underageBlocked: false,
      version: 0,
    });
  });

  it('opens on the login for the login step, the login page, and Welcome back for a recognised browser', () => {
    expect(start({ container: 'save', step: 'login' }).step).toBe('login');
    expect(start(LOGIN).step).toBe('login');
    expect(start({ container: 'login_page', step: 'signup' }).step).toBe('signup');
    expect(start(LOGIN, true)).toMatchObject({ step: 'personalizedLogin', loginStep: 'personalizedLogin' });
  });

  it('opens on a recovery modal (the aec parameter) before anything else', () => {
    expect(start({ container: 'home_page', step: 'login', recovery: C.softBanned })).toMatchObject({
      step: 'recovery',
      code: C.softBanned,
    });
  });

  it('keeps the underage flag it found', () => {
    expect(initialAuthFlowState(HOME, { recognised: false, underageBlocked: true }).underageBlocked).toBe(
      true,
    );
  });

  it("continues one-tap's sign-up on the step its outcome leads to", () => {
    const continueSocial: SocialOutcome = { kind: 'step', step: 'socialSignupWithAge', signup: SIGNUP };
    expect(initialAuthFlowState({ ...HOME, continueSocial }, FRESH)).toMatchObject({
      step: 'socialSignupWithAge',
      signup: SIGNUP,
      failure: null,
      version: 1,
    });
  });

  it("opened for 'provider not available', its OK has nothing to return to", () => {
    const continueSocial: SocialOutcome = { kind: 'unavailable', provider: 'google' };
    expect(initialAuthFlowState({ ...HOME, continueSocial }, FRESH)).toMatchObject({
      step: 'providerUnavailable',
      provider: 'google',
      back: null,
    });
  });

  it('opens where it would anyway when the outcome moves nowhere', () => {
    const continueSocial: SocialOutcome = { kind: 'error', slot: 'google', code: 'popup_closed' };
    expect(initialAuthFlowState({ ...HOME, continueSocial }, FRESH)).toEqual(start());
  });
});

describe('between sign-up and login', () => {
  it("'Log in' under sign-up leads to the plain login, even for a recognised browser", () => {
    expect(run(start(HOME, true), { type: 'showLogin' }).step).toBe('login');
  });

  it("'Not you?' leads from Welcome back to the plain login", () => {
    expect(run(start(LOGIN, true), { type: 'showLogin' })).toMatchObject({
      step: 'login',
      loginStep: 'personalizedLogin',
    });
  });

  it("'Sign up' shows sign-up as it first shows, keeping what the form held", () => {
    const back = run(
      start(),
      { type: 'signupEntered', draft: DRAFT, consentsNeeded: true },
      { type: 'backToSignup', failure: { field: 'email', code: 'email_invalid' } },
      { type: 'showLogin' },
      { type: 'showSignup' },
    );
    expect(back).toMatchObject({
      step: 'signup',
      formOpen: false,
      failure: null,
      focusBirthday: false,
      draft: DRAFT,
    });
  });

  it('keeps the login view the flow started with for every way back to it', () => {
    const recognised = start(LOGIN, true);
    expect(run(recognised, { type: 'mfaNeeded', challenge: CHALLENGE }, { type: 'backToLogin' }).step).toBe(
      'personalizedLogin',
    );
    expect(run(start(), { type: 'mfaNeeded', challenge: CHALLENGE }, { type: 'backToLogin' }).step).toBe(
      'login',
    );
  });
});

describe('email sign-up', () => {
  it('keeps the entries and stays while it registers when no consents are asked', () => {
    const state = run(start(), { type: 'signupEntered', draft: DRAFT, consentsNeeded: false });
    expect(state).toEqual({ ...start(), draft: DRAFT });
  });

  it('moves to consents for the email form where the country asks for them', () => {
    expect(run(start(), { type: 'signupEntered', draft: DRAFT, consentsNeeded: true })).toMatchObject({
      step: 'consents',
      signup: null,
      draft: DRAFT,
    });
  });

  it('goes back from consents to the open form, with a failed registration on it', () => {
    const consents = run(start(), { type: 'signupEntered', draft: DRAFT, consentsNeeded: true });
    expect(run(consents, { type: 'backToSignup' })).toMatchObject({
      step: 'signup',
      formOpen: true,
      failure: null,
      draft: DRAFT,
    });
    const failure = { field: 'password', code: 'password_too_common' } as const;
    expect(run(consents, { type: 'backToSignup', failure })).toMatchObject({
      step: 'signup',
      formOpen: true,
      failure,
    });
  });

  it('confirms an underage birthday with the flag set, and Edit returns to the form at the birthday', () => {
    const underage = run(start(), { type: 'underage', draft: DRAFT });
    expect(underage).toMatchObject({
      step: 'UnderageConfirmation',
      birthday: DRAFT.birthday,
      signup: null,
      underageBlocked: true,
      draft: DRAFT,
    });
    expect(run(underage, { type: 'editBirthday' })).toMatchObject({
      step: 'signup',
      formOpen: true,
      failure: null,
      focusBirthday: true,
      underageBlocked: false,
      draft: DRAFT,
    });
  });

  it('takes Edit only from the underage confirmation', () => {
    const login = run(start(), { type: 'showLogin' });
    expect(run(login, { type: 'editBirthday' })).toBe(login);
  });

  it('moves to the interests step once the account is made, from the form or from consents', () => {
    const entered = run(start(), { type: 'signupEntered', draft: DRAFT, consentsNeeded: false });
    expect(run(entered, { type: 'signedUp', viewer: VIEWER })).toEqual({
      step: 'interests',
      viewer: VIEWER,
      ...memory(entered),
    });
    const consents = run(start(), { type: 'signupEntered', draft: DRAFT, consentsNeeded: true });
    expect(run(consents, { type: 'signedUp', viewer: VIEWER })).toMatchObject({
      step: 'interests',
      draft: DRAFT,
    });
  });

  it('takes a sign-up only on the steps that register by email', () => {
    for (const state of [
      run(start(), { type: 'showLogin' }),
      run(start(), { type: 'underage', draft: DRAFT }),
    ]) {
      expect(run(state, { type: 'signedUp', viewer: VIEWER })).toBe(state);
    }
  });
});

describe('two-factor login', () => {
  it('moves to the code step with the credentials to repeat, from any login form', () => {
    for (const state of [start(), start(LOGIN), start(LOGIN, true)]) {
      const challenge = { ...CHALLENGE, sendLimit: { backupCodes: true } };
      expect(run(state, { type: 'mfaNeeded', challenge })).toMatchObject({ step: 'loginMfa', challenge });
    }
  });
});

describe('account recovery', () => {
  it('opens the forgot-password form for what the login form held', () => {
    expect(run(start(LOGIN), { type: 'forgotPassword', account: 'ada' })).toMatchObject({
      step: 'forgotPassword',
      account: 'ada',
    });
  });

  it('shows a recovery modal for the account typed, or keeps the one it had', () => {
    const modal = run(start(LOGIN), { type: 'recovery', code: C.rateLimited, account: 'ada' });
    expect(modal).toMatchObject({ step: 'recovery', code: C.rateLimited, account: 'ada' });
    expect(run(modal, { type: 'recovery', code: C.suspended })).toMatchObject({
      code: C.suspended,
      account: 'ada',
    });
  });

  it('shows the sent view for the address the link went to', () => {
    const sent = run(
      start(LOGIN),
      { type: 'forgotPassword', account: 'ada' },
      { type: 'resetLinkSent', account: 'ada@example.com' },
    );
    expect(sent).toMatchObject({ step: 'recovery', code: C.passwordResetSent, account: 'ada@example.com' });
  });

  it.each([C.softBanned, C.rateLimited, C.loginAssistance, C.passwordResetSent, C.suspended])(
    'leads OK on modal %i back to the login',
    (code) => {
      expect(run(start(LOGIN, true), { type: 'recovery', code }, { type: 'recoveryOk' }).step).toBe(
        'personalizedLogin',
      );
    },
  );

  it.each([C.preventFirstProviderRegister, C.preventSecondProviderRegister])(
    'leads OK on prevent-register modal %i back to the open email form',
    (code) => {
      expect(run(start(), { type: 'recovery', code }, { type: 'recoveryOk' })).toMatchObject({
        step: 'signup',
        formOpen: true,
        failure: null,
      });
    },
  );

  it('takes OK only on a recovery modal', () => {
    const login = start(LOGIN);
    expect(run(login, { type: 'recoveryOk' })).toBe(login);
  });
});

describe("a provider's outcomes", () => {
  it('stays where it is when signed in or when the view that asked shows an error', () => {
    const state = start();
    expect(run(state, social({ kind: 'done' }))).toBe(state);
    expect(run(state, social({ kind: 'error', slot: 'facebook', code: 'popup_closed' }))).toBe(state);
  });

  it("shows one-tap's Welcome until the page is the new viewer's, then interests for a new account only", () => {
    const made = run(start(), social({ kind: 'welcome', viewer: VIEWER, newAccount: true }));
    expect(made).toMatchObject({ step: 'welcome', viewer: VIEWER, newAccount: true });
    expect(run(made, { type: 'welcomed' })).toMatchObject({ step: 'interests', viewer: VIEWER });

    // A one-tap of a known identity is a login: no step after Welcome (the success closes the modal).
    const known = run(start(), social({ kind: 'welcome', viewer: VIEWER, newAccount: false }));
    expect(run(known, { type: 'welcomed' })).toBe(known);
    const elsewhere = start();
    expect(run(elsewhere, { type: 'welcomed' })).toBe(elsewhere);
  });

  it("takes a provider's new account to the interests step, from whichever step signed it up", () => {
    expect(run(start(), social({ kind: 'signedUp', viewer: VIEWER }))).toMatchObject({
      step: 'interests',
      viewer: VIEWER,
    });
  });

  it('moves to the code step with the provider token to repeat, and what the texting cap left', () => {
    const state = run(
      start(),
      social({
        kind: 'mfa',
        credential: SIGNUP.credential,
        phoneNumberEnd: '0100',
        sendLimit: { backupCodes: false },
      }),
    );
    expect(state).toMatchObject({
      step: 'loginMfa',
      challenge: {
        credentials: { kind: 'social', credential: SIGNUP.credential },
        phoneNumberEnd: '0100',
        sendLimit: { backupCodes: false },
      },
    });
  });

  it('shows a recovery modal, keeping the account the forgot-password form is for', () => {
    const state = run(
      start(),
      { type: 'forgotPassword', account: 'ada' },
      social({ kind: 'recovery', code: C.preventFirstProviderRegister }),
    );
    expect(state).toMatchObject({ step: 'recovery', code: C.preventFirstProviderRegister, account: 'ada' });
  });

  it.each(['socialSignupWithAge', 'EmailCollection'] as const)(
    'asks for what the sign-up lacks on %s, with the verdict to show, counting the move',
    (step) => {
      const failure = { field: step === 'EmailCollection' ? 'email' : 'birthday', code: 'x' } as const;
      const state = run(start(), social({ kind: 'step', step, signup: SIGNUP, failure }));
      expect(state).toMatchObject({ step, signup: SIGNUP, failure, version: 1 });
      // The same step again with a new verdict gets a new key.
      const again = run(state, social({ kind: 'step', step, signup: SIGNUP }));
      expect(again).toMatchObject({ step, failure: null, version: 2 });
    },
  );

  it("asks for consents before a provider's sign-up", () => {
    expect(run(start(), social({ kind: 'step', step: 'consents', signup: SIGNUP }))).toMatchObject({
      step: 'consents',
      signup: SIGNUP,
    });
  });

  it('offers the login of an email that already has an account', () => {
    const state = run(start(), social({ kind: 'emailTaken', signup: SIGNUP, email: 'ada@example.com' }));
    expect(state).toMatchObject({ step: 'EmailAlreadyExist', email: 'ada@example.com' });
    expect(run(state, { type: 'showLogin' }).step).toBe('login');
  });

  it("'Not now' on EmailCollection goes back to the open email form", () => {
    const state = run(start(), social({ kind: 'step', step: 'EmailCollection', signup: SIGNUP }));
    expect(run(state, { type: 'backToSignup' })).toMatchObject({
      step: 'signup',
      formOpen: true,
      failure: null,
    });
  });

  it('confirms an underage birthday with the flag set, and Edit returns to the birthday step', () => {
    const withBirthday = { ...SIGNUP, birthday: '2020-01-01' };
    const asked = run(start(), social({ kind: 'step', step: 'socialSignupWithAge', signup: SIGNUP }));
    const underage = run(asked, social({ kind: 'underage', signup: withBirthday }));
    expect(underage).toMatchObject({
      step: 'UnderageConfirmation',
      birthday: '2020-01-01',
      signup: withBirthday,
      underageBlocked: true,
    });
    expect(run(underage, { type: 'editBirthday' })).toMatchObject({
      step: 'socialSignupWithAge',
      signup: withBirthday,
      failure: null,
      underageBlocked: false,
    });
  });

  it("shows 'provider not available' and returns to the step it came from on OK", () => {
    const form = run(start(), { type: 'backToSignup', failure: { field: 'email', code: 'email_invalid' } });
    const down = run(form, social({ kind: 'unavailable', provider: 'facebook' }));
    expect(down).toMatchObject({ step: 'providerUnavailable', provider: 'facebook', version: 1 });
    expect(run(down, { type: 'providerUnavailableOk' })).toEqual({ ...form, version: 1 });
  });

  it("returns to a provider's step without the verdict its next answer overtook", () => {
    const failure = { field: 'birthday', code: 'birthday_invalid' } as const;
    const asked = run(
      start(),
      social({ kind: 'step', step: 'socialSignupWithAge', signup: SIGNUP, failure }),
    );
    const back = run(asked, social({ kind: 'unavailable', provider: 'google' }), {
      type: 'providerUnavailableOk',
    });
    expect(back).toMatchObject({ step: 'socialSignupWithAge', signup: SIGNUP, failure: null, version: 2 });
  });

  it('takes OK on provider not available only there, and only with a step to return to', () => {
    const login = start(LOGIN);
    expect(run(login, { type: 'providerUnavailableOk' })).toBe(login);
    const opened = initialAuthFlowState(
      { ...HOME, continueSocial: { kind: 'unavailable', provider: 'line' } },
      FRESH,
    );
    expect(run(opened, { type: 'providerUnavailableOk' })).toBe(opened);
  });
});

describe('every move', () => {
  it('keeps the memory and leaves nothing of the step before behind', () => {
    const state = run(
      start(LOGIN, true),
      { type: 'signupEntered', draft: DRAFT, consentsNeeded: false },
      { type: 'forgotPassword', account: 'ada' },
      { type: 'mfaNeeded', challenge: CHALLENGE },
      { type: 'recovery', code: C.rateLimited },
    );
    expect(state).toEqual({ step: 'recovery', code: C.rateLimited, ...memory(state) });
    expect(memory(state)).toEqual({
      loginStep: 'personalizedLogin',
      draft: DRAFT,
      account: 'ada',
      underageBlocked: false,
      version: 0,
    });
  });

  it('names in analytics only the steps of the product list', () => {
    expect(isAuthStep('loginMfa')).toBe(true);
    expect(isAuthStep('EmailAlreadyExist')).toBe(true);
    expect(isAuthStep('forgotPassword')).toBe(false);
    expect(isAuthStep('recovery')).toBe(false);
    expect(isAuthStep('providerUnavailable')).toBe(false);
    expect(isAuthStep('welcome')).toBe(false);
  });
});
