import {
  AUTH_LIMITS,
  firstNameFromEmail,
  RECOVERY_MODAL_CODES,
  safeNextPath,
  type ConsentState,
  type Viewer,
} from '@pinboard/shared';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiRequestError } from '../../api/client.ts';
import { useToast } from '../../ui/toastContext.ts';
import { useViewer } from '../viewer/useViewer.ts';
import { trackAuthEvent } from './analytics.ts';
import styles from './AuthFlow.module.css';
import { register } from './authApi.ts';
import type { AuthModalOptions } from './authModalContext.ts';
import { useBotCheck } from './botCheck/useBotCheck.ts';
import {
  birthdaySeconds,
  EMPTY_DRAFT,
  isAuthStep,
  type FlowStep,
  type MfaChallenge,
  type SignupDraft,
  type SignupFailure,
} from './flow.ts';
import type { RecoveryModalCode } from './recovery.ts';
import { ConsentsStep } from './steps/ConsentsStep.tsx';
import { ForgotPasswordStep } from './steps/ForgotPasswordStep.tsx';
import { LoginMfaStep } from './steps/LoginMfaStep.tsx';
import { LoginStep } from './steps/LoginStep.tsx';
import { PersonalizedLoginStep } from './steps/PersonalizedLoginStep.tsx';
import { RecoveryStep } from './steps/RecoveryStep.tsx';
import { SignupStep } from './steps/SignupStep.tsx';
import { UnderageConfirmationStep } from './steps/UnderageConfirmationStep.tsx';
import { signupSourceOf } from './titles.ts';
import { clearUnderageFlag, hasUnderageFlag, setUnderageFlag } from './underageFlag.ts';
import { useAuthSuccess } from './useAuthSuccess.ts';
import { useLoginAttempt, type LoginAttempt } from './useLoginAttempt.ts';

const FIELDS = new Set(['email', 'password', 'birthday']);

interface AuthFlowProps {
  options: AuthModalOptions;
  /** The id the current step's title gets, so a dialog around it is named by it. */
  titleId: string;
  close: () => void;
  /** Told of every step shown (the modal widens for loginMfa). */
  onStep?: (step: FlowStep) => void;
}

/** The steps of spec 1 for email sign-up and login, once the viewer is known (it picks the first step). */
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

/** The steps and the moves between them (section 4). */
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
  const [step, setStep] = useState<FlowStep>(
    options.recovery !== undefined ? 'recovery' : wantsLogin ? loginStep : 'signup',
  );
  const [recovery, setRecovery] = useState<RecoveryModalCode>(
    options.recovery ?? RECOVERY_MODAL_CODES.rateLimited,
  );
  // Who the forgot-password form is for: what the login form held, then what the reset was sent to.
  const [account, setAccount] = useState('');
  const [draft, setDraft] = useState<SignupDraft>(EMPTY_DRAFT);
  const [failure, setFailure] = useState<SignupFailure | null>(null);
  const [underageBlocked, setUnderageBlocked] = useState(hasUnderageFlag);
  const [formOpen, setFormOpen] = useState(false);
  const [focusBirthday, setFocusBirthday] = useState(false);
  const [mfa, setMfa] = useState<MfaChallenge | null>(null);
  const root = useRef<HTMLDivElement>(null);

  // Every login of the flow (login forms, sign-up with an existing email): a first answer of
  // `mfa_required` moves to the loginMfa step with the credentials it repeats (spec 1 section 8).
  const login: LoginAttempt = async (usernameOrEmail, password, secondFactor) => {
    const placement = await attempt(usernameOrEmail, password, secondFactor);
    if (placement?.kind !== 'mfa' || secondFactor) return placement;
    setMfa({ usernameOrEmail: usernameOrEmail.trim(), password, phoneNumberEnd: placement.phoneNumberEnd });
    setStep('loginMfa');
    return null;
  };

  useEffect(() => onStep?.(step), [step, onStep]);

  // Spec 1 section 4: a fully logged-in viewer is sent on at once (unless adding an account).
  useEffect(() => {
    if (!signedIn) return;
    close();
    if (options.next) void navigate(safeNextPath(options.next), { replace: true });
  }, [signedIn, close, navigate, options.next]);

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

  async function submitRegistration(
    entered: SignupDraft,
    consents?: ConsentState,
  ): Promise<SignupFailure | null> {
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
      // Spec 1 section 7: a new token after a failed sign-up.
      botCheck.refresh();
      const code = error instanceof ApiRequestError ? error.code : 'signup_failed';
      if (code === 'underage') {
        enterUnderage(entered);
        return null;
      }
      const field =
        error instanceof ApiRequestError && error.field && FIELDS.has(error.field) ? error.field : 'form';
      return { field: field as SignupFailure['field'], code };
    }
  }

  function backToSignup(withFailure: SignupFailure | null) {
    setFailure(withFailure);
    setFormOpen(true);
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

  const loginProps = { options, botCheck, login, onRecovery: openRecovery, onForgotPassword: forgotPassword };

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
          login={login}
          onRecovery={openRecovery}
          onForgotPassword={forgotPassword}
          onUnderage={enterUnderage}
          onReady={async (entered) => {
            setDraft(entered);
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
          submit={(secondFactor) => login(mfa.usernameOrEmail, mfa.password, secondFactor)}
          onResent={() => toast.show(t('auth.mfa.resent'), { durationMs: AUTH_LIMITS.toastMs.modalFlow })}
          onBack={() => setStep(loginStep)}
        />
      )}
      {step === 'consents' && (
        <ConsentsStep
          titleId={titleId}
          onBack={() => backToSignup(null)}
          onNext={async (consents) => {
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
          birthday={draft.birthday}
          onEdit={() => {
            clearUnderageFlag();
            setUnderageBlocked(false);
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
            const social =
              recovery === RECOVERY_MODAL_CODES.preventFirstProviderRegister ||
              recovery === RECOVERY_MODAL_CODES.preventSecondProviderRegister;
            setStep(social ? 'signup' : loginStep);
          }}
        />
      )}
    </div>
  );
}
