import { AUTH_LIMITS, RECOVERY_MODAL_CODES, type Viewer } from '@pinboard/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type CSSProperties } from 'react';
import { useTranslation } from '../i18n.ts';
import { useNavigate, useSearchParams } from 'react-router';
import { Button } from '../ui/Button.tsx';
import { useToast } from '../ui/toastContext.ts';
import { BackButton, DISMISS_WEBVIEW_PATH } from '../features/shell/BackButton.tsx';
import { changeViewer } from '../features/viewer/changeViewer.ts';
import styles from '../features/auth/AuthFlow.module.css';
import pageStyles from '../ui/PageCard.module.css';
import { ForgotPasswordForm } from '../features/auth/ForgotPasswordForm.tsx';
import type { MfaChallenge } from '../features/auth/flow.ts';
import { StepHeading } from '../features/auth/parts.tsx';
import { ResetPasswordForm } from '../features/auth/ResetPasswordForm.tsx';
import { RecoveryStep } from '../features/auth/steps/RecoveryStep.tsx';
import { ResetMfaStep } from '../features/auth/steps/ResetMfaStep.tsx';
import { rememberViewer } from '../features/auth/storedAccounts.ts';
import '../features/auth/words.ts';

const CARD_STYLE = { '--card-width': `${AUTH_LIMITS.modalWidth}px` } as CSSProperties;

type View = 'reset' | 'invalid' | 'forgot' | 'sent' | 'mfa';

/**
 * `/password/reset/`: with `?token=` (a mailed link) a new password, after which the browser is
 * signed in and goes home; without one the account-recovery page, the forgot-password form with
 * the email of `?ue=` filled in. `dismissWebview=true` marks a native app's web view.
 */
export function RecoveryPage() {
  const { t } = useTranslation();
  const titleId = useId();
  const [params] = useSearchParams();
  const token = params.get('token');
  const dismissWebview = params.get('dismissWebview') === 'true';
  const [view, setView] = useState<View>(token ? 'reset' : 'forgot');
  const [sentTo, setSentTo] = useState('');
  const [mfa, setMfa] = useState<MfaChallenge | null>(null);
  const toast = useToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const card = useRef<HTMLElement>(null);

  // Each view takes the focus, as the modal's steps do (the first one's field takes it at once).
  useEffect(() => {
    const root = card.current;
    if (!root || root.contains(document.activeElement)) return;
    root.querySelector<HTMLElement>('[data-autofocus]')?.focus();
  }, [view]);

  function signedIn(viewer: Viewer) {
    rememberViewer(viewer);
    void changeViewer(queryClient, viewer);
    void navigate('/', { replace: true });
  }

  return (
    <section ref={card} className={pageStyles.card} style={CARD_STYLE} aria-labelledby={titleId}>
      <title>{t('auth.pages.passwordReset')}</title>
      <BackButton fallbackUrl="/login/" dismissWebview={dismissWebview} />
      {view === 'reset' && token && (
        <div className={styles.step}>
          <StepHeading titleId={titleId} title={t('auth.recovery.reset.title')} />
          <ResetPasswordForm
            token={token}
            onDone={signedIn}
            onInvalidToken={() => setView('invalid')}
            onMfaRequired={(challenge) => {
              setMfa(challenge);
              setView('mfa');
            }}
          />
        </div>
      )}
      {view === 'mfa' && mfa && <ResetMfaStep titleId={titleId} challenge={mfa} />}
      {view === 'invalid' && (
        <div className={styles.step}>
          <StepHeading titleId={titleId} title={t('auth.recovery.reset.invalidTitle')} />
          <p role="alert">{t('errors.reset_token_invalid')}</p>
          <div className={styles.buttonRow}>
            <Button variant="primary" data-autofocus="" onClick={() => setView('forgot')}>
              {t('auth.recovery.reset.newLink')}
            </Button>
          </div>
        </div>
      )}
      {view === 'forgot' && (
        <div className={styles.step}>
          <StepHeading titleId={titleId} title={t('auth.recovery.forgot.title')}>
            {t('auth.recovery.forgot.text')}
          </StepHeading>
          <ForgotPasswordForm
            defaultValue={params.get('ue') ?? ''}
            onSent={(usernameOrEmail) => {
              setSentTo(usernameOrEmail);
              setView('sent');
              toast.show(t('auth.recovery.emailSent'), { durationMs: AUTH_LIMITS.toastMs.emailSent });
            }}
          />
        </div>
      )}
      {view === 'sent' && (
        <RecoveryStep
          titleId={titleId}
          code={RECOVERY_MODAL_CODES.passwordResetSent}
          account={sentTo}
          onResetPassword={() => setView('forgot')}
          onOk={() => void navigate(dismissWebview ? DISMISS_WEBVIEW_PATH : '/login/')}
        />
      )}
    </section>
  );
}
