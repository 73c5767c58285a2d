import {
  AUTH_LIMITS,
  RECOVERY_MODAL_CODES,
  safeNextPath,
  type ConsentState,
  type Viewer,
} from '@pinboard/shared';
import { useEffect, useReducer, useRef } from 'react';
import { useTranslation } from '../../i18n.ts';
import { useNavigate } from 'react-router';
import { useToast } from '../../ui/toastContext.ts';
import { useViewer } from '../viewer/useViewer.ts';
import { trackAuthEvent } from './analytics.ts';
import styles from './AuthFlow.module.css';
import {
  authFlowReducer,
  initialAuthFlowState,
  isAuthStep,
  type AuthFlowEvent,
  type FlowStep,
} from './authFlowMachine.ts';
import type { AuthModalOptions } from './authModalContext.ts';
import { useBotCheck } from './botCheck/useBotCheck.ts';
import type { SignupDraft, SignupFailure } from './flow.ts';
import type { LoginErrorPlacement } from './loginErrors.ts';
import type { RecoveryModalCode } from './recovery.ts';
import { providerOf } from './social/credentials.ts';
import { useSocialFlow } from './social/useSocialFlow.ts';
import { WelcomeLoading } from './social/WelcomeLoading.tsx';
import { ConsentsStep } from './steps/ConsentsStep.tsx';
import { EmailAlreadyExistStep } from './steps/EmailAlreadyExistStep.tsx';
import { EmailCollectionStep } from './steps/EmailCollectionStep.tsx';
import { ForgotPasswordStep } from './steps/ForgotPasswordStep.tsx';
import { InterestsStep } from './steps/InterestsStep.tsx';
import { LoginMfaStep } from './steps/LoginMfaStep.tsx';
import { LoginStep } from './steps/LoginStep.tsx';
import { PersonalizedLoginStep } from './steps/PersonalizedLoginStep.tsx';
import { ProviderUnavailableStep } from './steps/ProviderUnavailableStep.tsx';
import { RecoveryStep } from './steps/RecoveryStep.tsx';
import { SignupStep } from './steps/SignupStep.tsx';
import { SocialSignupWithAgeStep } from './steps/SocialSignupWithAgeStep.tsx';
import { UnderageConfirmationStep } from './steps/UnderageConfirmationStep.tsx';
import { clearUnderageFlag, hasUnderageFlag, setUnderageFlag } from './underageFlag.ts';
import { useAuthSuccess } from './useAuthSuccess.ts';
import { useEmailSignup } from './useEmailSignup.ts';
import { useLoginAttempt, type LoginCredentials } from './useLoginAttempt.ts';

interface AuthFlowProps {
  options: AuthModalOptions;
  /** The id the current step's title gets, so a dialog around it is named by it. */
  titleId: string;
  close: () => void;
  /** Told of every step shown (the modal widens for loginMfa). */
  onStep?: (step: FlowStep) => void;
}

/** The sign-up and login steps, once the viewer is known (it picks the first step). */
export function AuthFlow(props: AuthFlowProps) {
  const { t } = useTranslation();
  const { session, isLoading } = useViewer();
  if (isLoading) {
    return (
      <p role="status" className={styles.step}>
        {t('app.loading')}
      </p>
    );
  }
  return <AuthSteps {...props} session={session} />;
}

/**
 * Shows the step the flow is at (authFlowMachine.ts holds the moves) and turns what the steps
 * report into its events; the calls, toasts, cookies and navigation stay here.
 */
function AuthSteps({ options, titleId, close, onStep, session }: AuthFlowProps & { session: Viewer | null }) {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const botCheck = useBotCheck();
  const onSuccess = useAuthSuccess(options, close);
  const attempt = useLoginAttempt(options, botCheck, onSuccess);
  const recognised = session && session.type !== 'AUTH' && session.info ? session.info : null;
  const signedIn = session?.type === 'AUTH' && !options.switchAccount;
  const [state, dispatch] = useReducer(authFlowReducer, null, () =>
    initialAuthFlowState(options, { recognised: recognised !== null, underageBlocked: hasUnderageFlag() }),
  );
  const socialFlow = useSocialFlow({
    options,
    session,
    botCheck,
    onSuccess,
    attempt,
    onOutcome: (outcome) => dispatch({ type: 'social', outcome }),
  });
  // A new account by email picks interests next; the page becomes the new person's meanwhile.
  const registerEmail = useEmailSignup({
    options,
    session,
    botCheck,
    onSuccess: async (viewer) => {
      await onSuccess(viewer, { stay: true });
      dispatch({ type: 'signedUp', viewer });
    },
  });
  const root = useRef<HTMLDivElement>(null);
  // Steps that follow a sign-up: the viewer is signed in and the modal stays.
  const welcoming = state.step === 'welcome' || state.step === 'interests';
  const recoveryCode = state.step === 'recovery' ? state.code : null;

  useEffect(() => onStep?.(state.step), [state.step, onStep]);

  // A fully logged-in viewer is sent on at once (unless adding an account); after one-tap
  // sign-up the 'Welcome' state does that once the page's data is the new viewer's.
  useEffect(() => {
    if (!signedIn || welcoming) return;
    close();
    if (options.next) void navigate(safeNextPath(options.next), { replace: true });
  }, [signedIn, welcoming, close, navigate, options.next]);

  useEffect(() => {
    if (isAuthStep(state.step))
      trackAuthEvent({ name: 'step_view', step: state.step, container: options.container });
    // Each step takes the focus (the first may arrive after the dialog opened), unless one of
    // its fields already took it (the birthday after Edit).
    const container = root.current;
    if (!container || container.contains(document.activeElement)) return;
    (
      container.querySelector<HTMLElement>('[data-autofocus]') ??
      container.querySelector<HTMLElement>('input, button')
    )?.focus();
  }, [state.step, recoveryCode, options.container]);

  if (state.step === 'welcome') {
    const { viewer, newAccount } = state;
    // A one-tap sign-up that made the account picks interests next, as every sign-up does.
    const finish = async () => {
      await onSuccess(viewer, { welcome: true, stay: newAccount });
      if (newAccount) dispatch({ type: 'welcomed' });
    };
    return <WelcomeLoading finish={finish} />;
  }
  if (state.step === 'interests') {
    const { viewer } = state;
    return (
      <div ref={root}>
        <InterestsStep titleId={titleId} onDone={() => onSuccess(viewer)} />
      </div>
    );
  }
  if (signedIn) return null;

  /** A link or button that moves the flow, counted as a click on the step shown. */
  function clicked(element: string, event: AuthFlowEvent) {
    trackAuthEvent({
      name: 'step_click',
      step: isAuthStep(state.step) ? state.step : undefined,
      container: options.container,
      element,
    });
    dispatch(event);
  }

  // Every login form of the flow; a second factor asked for is the code step next.
  async function passwordLogin(
    usernameOrEmail: string,
    password: string,
  ): Promise<LoginErrorPlacement | null> {
    const credentials: LoginCredentials = {
      kind: 'password',
      usernameOrEmail: usernameOrEmail.trim(),
      password,
    };
    const outcome = await attempt(credentials);
    if (outcome.kind === 'mfaNeeded') {
      const { phoneNumberEnd, sendLimit } = outcome;
      dispatch({
        type: 'mfaNeeded',
        challenge: { credentials, phoneNumberEnd, ...(sendLimit ? { sendLimit } : {}) },
      });
    }
    return outcome.kind === 'failed' ? outcome.error : null;
  }

  function enterUnderage(draft: SignupDraft) {
    setUnderageFlag();
    dispatch({ type: 'underage', draft });
  }

  /** Registers the email form's entries; resolves the failure to show (consent_required stays on consents). */
  async function registerDraft(draft: SignupDraft, consents?: ConsentState): Promise<SignupFailure | null> {
    const outcome = await registerEmail(draft, consents);
    if (outcome.kind === 'underage') enterUnderage(draft);
    return outcome.kind === 'failed' ? outcome.failure : null;
  }

  const openRecovery = (code: RecoveryModalCode, account?: string) =>
    dispatch({ type: 'recovery', code, ...(account === undefined ? {} : { account }) });
  const forgotPassword = (account: string) => clicked('forgot_password', { type: 'forgotPassword', account });
  const notYou = () => clicked('not_you', { type: 'showLogin' });
  const loginProps = {
    options,
    botCheck,
    login: passwordLogin,
    onRecovery: openRecovery,
    onForgotPassword: forgotPassword,
    social: socialFlow.view,
  };
  const formProps = {
    botCheck,
    login: passwordLogin,
    onRecovery: openRecovery,
    onForgotPassword: forgotPassword,
  };

  function currentStep() {
    switch (state.step) {
      case 'signup': {
        const { failure } = state;
        return (
          <SignupStep
            key={failure ? `${failure.field}:${failure.code}` : 'signup'}
            titleId={titleId}
            options={options}
            place={session?.client_context ?? null}
            formOpen={state.formOpen}
            draft={state.draft}
            failure={failure}
            country={session?.client_context.country}
            underageBlocked={state.underageBlocked}
            focusBirthday={state.focusBirthday}
            {...formProps}
            social={socialFlow.view}
            onUnderage={enterUnderage}
            onReady={(draft) => {
              const consentsNeeded = session?.requires_consent === true;
              dispatch({ type: 'signupEntered', draft, consentsNeeded });
              return consentsNeeded ? Promise.resolve(null) : registerDraft(draft);
            }}
            onLogin={() => clicked('login_link', { type: 'showLogin' })}
          />
        );
      }
      case 'login':
        return (
          <LoginStep
            {...loginProps}
            titleId={titleId}
            defaultEmail={state.draft.email}
            onSignup={() => clicked('signup_link', { type: 'showSignup' })}
          />
        );
      case 'personalizedLogin':
        return recognised ? (
          <PersonalizedLoginStep {...loginProps} titleId={titleId} info={recognised} onNotYou={notYou} />
        ) : null;
      case 'loginMfa': {
        const { credentials, phoneNumberEnd, sendLimit } = state.challenge;
        return (
          <LoginMfaStep
            titleId={titleId}
            phoneNumberEnd={phoneNumberEnd}
            sendLimit={sendLimit}
            submit={(secondFactor) => attempt(credentials, secondFactor)}
            onRecovery={(code) =>
              openRecovery(code, credentials.kind === 'password' ? credentials.usernameOrEmail : undefined)
            }
            onResent={() => toast.show(t('auth.mfa.resent'), { durationMs: AUTH_LIMITS.toastMs.modalFlow })}
            onBack={() => dispatch({ type: 'backToLogin' })}
          />
        );
      }
      case 'consents': {
        const { signup } = state;
        return (
          <ConsentsStep
            titleId={titleId}
            onBack={() => dispatch({ type: 'backToSignup' })}
            onNext={async (consents) => {
              if (signup) return socialFlow.continueSignup(signup, {}, consents);
              const failure = await registerDraft(state.draft, consents);
              if (failure?.code === 'consent_required') return failure.code;
              if (failure) dispatch({ type: 'backToSignup', failure });
              return null;
            }}
          />
        );
      }
      case 'UnderageConfirmation':
        return (
          <UnderageConfirmationStep
            titleId={titleId}
            birthday={state.birthday}
            onEdit={() => {
              clearUnderageFlag();
              dispatch({ type: 'editBirthday' });
            }}
            onConfirm={() => {
              toast.show(t('auth.underage.toast'), { durationMs: AUTH_LIMITS.toastMs.underage });
              close();
              setTimeout(() => void navigate('/'), AUTH_LIMITS.underageRedirectMs);
            }}
          />
        );
      case 'forgotPassword':
        return (
          <ForgotPasswordStep
            titleId={titleId}
            defaultValue={state.account}
            onSent={(account) => {
              dispatch({ type: 'resetLinkSent', account });
              toast.show(t('auth.recovery.emailSent'), { durationMs: AUTH_LIMITS.toastMs.emailSent });
            }}
            onBack={() => dispatch({ type: 'backToLogin' })}
          />
        );
      case 'recovery': {
        const { code, account } = state;
        return (
          <RecoveryStep
            titleId={titleId}
            code={code}
            account={account}
            onResetPassword={() => forgotPassword(account)}
            onOk={() => {
              // The sent view is the end of the errand; the others lead back to where it started.
              if (code === RECOVERY_MODAL_CODES.passwordResetSent) close();
              dispatch({ type: 'recoveryOk' });
            }}
          />
        );
      }
      case 'socialSignupWithAge': {
        const { signup } = state;
        return (
          <SocialSignupWithAgeStep
            key={state.version}
            titleId={titleId}
            defaultBirthday={signup.birthday ?? ''}
            failure={state.failure}
            country={session?.client_context.country}
            underageBlocked={state.underageBlocked}
            onUnderage={(birthday) => {
              setUnderageFlag();
              dispatch({ type: 'social', outcome: { kind: 'underage', signup: { ...signup, birthday } } });
            }}
            onSubmit={(birthday) => socialFlow.continueSignup(signup, { birthday })}
          />
        );
      }
      case 'EmailCollection': {
        const { signup } = state;
        return (
          <EmailCollectionStep
            key={state.version}
            titleId={titleId}
            provider={providerOf(signup.credential)}
            defaultEmail={signup.email ?? ''}
            failure={state.failure}
            onSubmit={(email) => socialFlow.continueSignup(signup, { email })}
            onNotNow={() => clicked('not_now', { type: 'backToSignup' })}
          />
        );
      }
      case 'EmailAlreadyExist':
        return (
          <EmailAlreadyExistStep titleId={titleId} email={state.email} {...formProps} onNotYou={notYou} />
        );
      case 'providerUnavailable':
        return (
          <ProviderUnavailableStep
            titleId={titleId}
            provider={state.provider}
            onOk={() => (state.back ? dispatch({ type: 'providerUnavailableOk' }) : close())}
          />
        );
    }
  }

  return <div ref={root}>{currentStep()}</div>;
}
