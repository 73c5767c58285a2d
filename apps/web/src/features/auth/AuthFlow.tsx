import { AUTH_LIMITS, RECOVERY_MODAL_CODES, safeNextPath, type Viewer } from '@pinboard/shared';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useToast } from '../../ui/toastContext.ts';
import { useViewer } from '../viewer/useViewer.ts';
import { trackAuthEvent } from './analytics.ts';
import styles from './AuthFlow.module.css';
import type { AuthModalOptions } from './authModalContext.ts';
import { useBotCheck } from './botCheck/useBotCheck.ts';
import {
  EMPTY_DRAFT,
  isAuthStep,
  type FlowStep,
  type MfaChallenge,
  type SignupDraft,
  type SignupFailure,
} from './flow.ts';
import type { RecoveryModalCode } from './recovery.ts';
import { socialMove, type SocialMove } from './social/socialMove.ts';
import { useSocialFlow } from './social/useSocialFlow.ts';
import { WelcomeLoading } from './social/WelcomeLoading.tsx';
import { ConsentsStep } from './steps/ConsentsStep.tsx';
import { ForgotPasswordStep } from './steps/ForgotPasswordStep.tsx';
import { LoginMfaStep } from './steps/LoginMfaStep.tsx';
import { LoginStep } from './steps/LoginStep.tsx';
import { PersonalizedLoginStep } from './steps/PersonalizedLoginStep.tsx';
import { RecoveryStep } from './steps/RecoveryStep.tsx';
import { SignupStep } from './steps/SignupStep.tsx';
import { SocialSignupSteps } from './steps/SocialSignupSteps.tsx';
import { UnderageConfirmationStep } from './steps/UnderageConfirmationStep.tsx';
import { clearUnderageFlag, hasUnderageFlag, setUnderageFlag } from './underageFlag.ts';
import { useAuthSuccess } from './useAuthSuccess.ts';
import { useEmailSignup } from './useEmailSignup.ts';
import { useLoginAttempt, type LoginAttempt } from './useLoginAttempt.ts';

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

/** The steps and the moves between them (docs/product/accounts.md#rules). */
function AuthSteps({ options, titleId, close, onStep, session }: AuthFlowProps & { session: Viewer | null }) {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const botCheck = useBotCheck();
  const onSuccess = useAuthSuccess(options, close);
  const attempt = useLoginAttempt(options, botCheck, onSuccess);
  const recognised = session && session.type !== 'AUTH' && session.info ? session.info : null;
  const signedIn = session?.type === 'AUTH' && !options.switchAccount;
  const wantsLogin = options.step === 'login' || (!options.step && options.container === 'login_page');

  const loginStep = recognised ? 'personalizedLogin' : 'login';
  // A one-tap sign-up that needs the modal starts on the step its answer leads to.
  const [start] = useState(() => (options.continueSocial ? socialMove(options.continueSocial) : null));
  const [step, setStep] = useState<FlowStep>(
    start?.step ?? (options.recovery !== undefined ? 'recovery' : wantsLogin ? loginStep : 'signup'),
  );
  const [recovery, setRecovery] = useState<RecoveryModalCode>(
    start?.recovery ?? options.recovery ?? RECOVERY_MODAL_CODES.rateLimited,
  );
  // Who the forgot-password form is for: what the login form held, then what the reset was sent to.
  const [account, setAccount] = useState('');
  const [draft, setDraft] = useState<SignupDraft>(EMPTY_DRAFT);
  const [failure, setFailure] = useState<SignupFailure | null>(null);
  const [underageBlocked, setUnderageBlocked] = useState(hasUnderageFlag);
  const [formOpen, setFormOpen] = useState(false);
  const [focusBirthday, setFocusBirthday] = useState(false);
  const [mfa, setMfa] = useState<MfaChallenge | null>(start?.mfa ?? null);
  const root = useRef<HTMLDivElement>(null);

  // Every login of the flow (login forms, sign-up with an existing email, a provider's token): a
  // first answer of `mfa_required` moves to the loginMfa step with the credentials it repeats
  // (docs/product/accounts.md#messages).
  const login: LoginAttempt = async (credentials, secondFactor) => {
    const placement = await attempt(credentials, secondFactor);
    if (placement?.kind !== 'mfa' || secondFactor) return placement;
    setMfa({ credentials, phoneNumberEnd: placement.phoneNumberEnd, sendLimit: placement.sendLimit });
    setStep('loginMfa');
    return null;
  };
  const passwordLogin = (usernameOrEmail: string, password: string) =>
    login({ kind: 'password', usernameOrEmail: usernameOrEmail.trim(), password });
  const follow = (move: SocialMove) => {
    if (move.mfa) setMfa(move.mfa);
    if (move.recovery !== undefined) setRecovery(move.recovery);
    if (move.underage) setUnderageBlocked(true);
    if (move.step) setStep(move.step);
  };
  const socialFlow = useSocialFlow({ options, session, botCheck, onSuccess, login, start, step, follow });
  const { social, welcome } = socialFlow;
  const submitRegistration = useEmailSignup({
    options,
    session,
    botCheck,
    onSuccess,
    onUnderage: enterUnderage,
  });

  useEffect(() => onStep?.(step), [step, onStep]);

  // A fully logged-in viewer is sent on at once (unless adding an account);
  // after one-tap sign-up the 'Welcome' state does that once the page's data is the new viewer's.
  useEffect(() => {
    if (!signedIn || welcome) return;
    close();
    if (options.next) void navigate(safeNextPath(options.next), { replace: true });
  }, [signedIn, welcome, close, navigate, options.next]);

  useEffect(() => {
    if (isAuthStep(step)) trackAuthEvent({ name: 'step_view', step, container: options.container });
    // Each step takes the focus (the first may arrive after the dialog opened), unless one of
    // its fields already took it (the birthday after Edit).
    const container = root.current;
    if (!container || container.contains(document.activeElement)) return;
    (
      container.querySelector<HTMLElement>('[data-autofocus]') ??
      container.querySelector<HTMLElement>('input, button')
    )?.focus();
  }, [step, recovery, options.container]);

  if (welcome) return <WelcomeLoading finish={() => onSuccess(welcome, { welcome: true })} />;
  if (signedIn) return null;

  function go(next: FlowStep, element: string) {
    trackAuthEvent({
      name: 'step_click',
      step: isAuthStep(step) ? step : undefined,
      container: options.container,
      element,
    });
    setStep(next);
  }

  function enterUnderage(entered: SignupDraft) {
    setUnderageFlag();
    setUnderageBlocked(true);
    setDraft(entered);
    setStep('UnderageConfirmation');
  }

  function backToSignup(withFailure: SignupFailure | null) {
    setFailure(withFailure);
    setFormOpen(true);
    socialFlow.reset();
    setStep('signup');
  }

  function openRecovery(code: RecoveryModalCode, forAccount?: string) {
    if (forAccount !== undefined) setAccount(forAccount);
    setRecovery(code);
    setStep('recovery');
  }

  function forgotPassword(usernameOrEmail: string) {
    setAccount(usernameOrEmail);
    go('forgotPassword', 'forgot_password');
  }

  const loginProps = {
    options,
    botCheck,
    login: passwordLogin,
    onRecovery: openRecovery,
    onForgotPassword: forgotPassword,
    social: socialFlow.view,
  };

  return (
    <div ref={root}>
      {step === 'signup' && (
        <SignupStep
          key={failure ? `${failure.field}:${failure.code}` : 'signup'}
          titleId={titleId}
          options={options}
          place={session?.client_context ?? null}
          formOpen={formOpen}
          draft={draft}
          failure={failure}
          country={session?.client_context.country}
          underageBlocked={underageBlocked}
          focusBirthday={focusBirthday}
          botCheck={botCheck}
          login={passwordLogin}
          onRecovery={openRecovery}
          onForgotPassword={forgotPassword}
          social={socialFlow.view}
          onUnderage={enterUnderage}
          onReady={async (entered) => {
            setDraft(entered);
            socialFlow.reset();
            if (!session?.requires_consent) return submitRegistration(entered);
            setStep('consents');
            return null;
          }}
          onLogin={() => go('login', 'login_link')}
        />
      )}
      {step === 'login' && (
        <LoginStep
          {...loginProps}
          titleId={titleId}
          defaultEmail={draft.email}
          onSignup={() => go('signup', 'signup_link')}
        />
      )}
      {step === 'personalizedLogin' && recognised && (
        <PersonalizedLoginStep
          {...loginProps}
          titleId={titleId}
          info={recognised}
          onNotYou={() => go('login', 'not_you')}
        />
      )}
      {step === 'loginMfa' && mfa && (
        <LoginMfaStep
          titleId={titleId}
          phoneNumberEnd={mfa.phoneNumberEnd}
          sendLimit={mfa.sendLimit}
          submit={(secondFactor) => login(mfa.credentials, secondFactor)}
          onRecovery={(code) =>
            openRecovery(
              code,
              mfa.credentials.kind === 'password' ? mfa.credentials.usernameOrEmail : undefined,
            )
          }
          onResent={() => toast.show(t('auth.mfa.resent'), { durationMs: AUTH_LIMITS.toastMs.modalFlow })}
          onBack={() => setStep(loginStep)}
        />
      )}
      {step === 'consents' && (
        <ConsentsStep
          titleId={titleId}
          onBack={() => backToSignup(null)}
          onNext={async (consents) => {
            if (social.signup) return socialFlow.continueSignup({}, consents);
            const result = await submitRegistration(draft, consents);
            if (result?.code === 'consent_required') return result.code;
            if (result) backToSignup(result);
            return null;
          }}
        />
      )}
      {step === 'UnderageConfirmation' && (
        <UnderageConfirmationStep
          titleId={titleId}
          birthday={social.signup ? (social.signup.birthday ?? '') : draft.birthday}
          onEdit={() => {
            clearUnderageFlag();
            setUnderageBlocked(false);
            if (social.signup) return setStep('socialSignupWithAge');
            setFocusBirthday(true);
            backToSignup(null);
          }}
          onConfirm={() => {
            toast.show(t('auth.underage.toast'), { durationMs: AUTH_LIMITS.toastMs.underage });
            close();
            setTimeout(() => void navigate('/'), AUTH_LIMITS.underageRedirectMs);
          }}
        />
      )}
      {step === 'forgotPassword' && (
        <ForgotPasswordStep
          titleId={titleId}
          defaultValue={account}
          onSent={(sentTo) => {
            setAccount(sentTo);
            openRecovery(RECOVERY_MODAL_CODES.passwordResetSent);
            toast.show(t('auth.recovery.emailSent'), { durationMs: AUTH_LIMITS.toastMs.emailSent });
          }}
          onBack={() => setStep(loginStep)}
        />
      )}
      {step === 'recovery' && (
        <RecoveryStep
          titleId={titleId}
          code={recovery}
          account={account}
          onResetPassword={() => forgotPassword(account)}
          onOk={() => {
            // The sent view is the end of the errand; the others lead back to where it started.
            if (recovery === RECOVERY_MODAL_CODES.passwordResetSent) close();
            const toSignup =
              recovery === RECOVERY_MODAL_CODES.preventFirstProviderRegister ||
              recovery === RECOVERY_MODAL_CODES.preventSecondProviderRegister;
            if (toSignup) backToSignup(null);
            else setStep(loginStep);
          }}
        />
      )}
      <SocialSignupSteps
        step={step}
        titleId={titleId}
        social={social}
        country={session?.client_context.country}
        underageBlocked={underageBlocked}
        botCheck={botCheck}
        login={passwordLogin}
        onRecovery={openRecovery}
        onForgotPassword={forgotPassword}
        continueSignup={(added) => socialFlow.continueSignup(added)}
        onUnderage={(birthday) => {
          setUnderageFlag();
          if (social.signup) socialFlow.apply({ kind: 'underage', signup: { ...social.signup, birthday } });
        }}
        onNotNow={() => {
          go('signup', 'not_now');
          backToSignup(null);
        }}
        onNotYou={() => go('login', 'not_you')}
        onUnavailableOk={() => (social.back ? setStep(social.back) : close())}
      />
    </div>
  );
}
