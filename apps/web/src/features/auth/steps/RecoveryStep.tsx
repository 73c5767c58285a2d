import { RECOVERY_MODAL_CODES, RESET_TOKEN_TTL_MINUTES } from '@pinboard/shared';
import { Trans, useTranslation } from '../../../i18n.ts';
import { Button } from '../../../ui/Button.tsx';
import styles from '../AuthFlow.module.css';
import { StepHeading } from '../parts.tsx';
import { SUPPORT_MAILTO, type RecoveryModalCode } from '../recovery.ts';

export interface RecoveryStepProps {
  titleId: string;
  code: RecoveryModalCode;
  /** What the reset link was asked for (the sent view names it). */
  account?: string;
  /** To the forgot-password form. */
  onResetPassword: () => void;
  /** OK: back to where the person came from (the login form, or sign-up after 4 and 5). */
  onOk: () => void;
}

const C = RECOVERY_MODAL_CODES;

/**
 * The account-recovery modals (docs/product/accounts.md#account-recovery), one view by code: soft banned
 * (0), too many attempts (1), trouble logging in (2), reset email sent (3), a social account not
 * matched (4 first provider, 5 second; social login itself is elsewhere) and suspended (6).
 */
export function RecoveryStep({ titleId, code, account, onResetPassword, onOk }: RecoveryStepProps) {
  const { t } = useTranslation();
  const reset = (
    <Button variant="primary" onClick={onResetPassword} data-autofocus="">
      {t('auth.recovery.resetPassword')}
    </Button>
  );
  const ok = (primary: boolean) => (
    <Button
      variant={primary ? 'primary' : 'secondary'}
      onClick={onOk}
      data-autofocus={primary ? '' : undefined}
    >
      {t('auth.actions.ok')}
    </Button>
  );

  switch (code) {
    case C.softBanned:
      return (
        <div className={styles.step}>
          <StepHeading titleId={titleId} title={t('auth.recovery.softBanned.title')} />
          <p>{t('auth.recovery.softBanned.text')}</p>
          <p role="alert">{t('errors.account_soft_banned')}</p>
          <div className={styles.buttonRow}>{reset}</div>
        </div>
      );
    case C.rateLimited:
      return (
        <div className={styles.step}>
          <StepHeading titleId={titleId} title={t('auth.rateLimited.title')} />
          <p role="alert">{t('errors.login_rate_limited')}</p>
          <div className={styles.buttonRow}>{ok(true)}</div>
        </div>
      );
    case C.loginAssistance:
      return (
        <div className={styles.step}>
          <StepHeading titleId={titleId} title={t('auth.recovery.loginAssistance.title')} />
          <p>{t('auth.recovery.loginAssistance.text')}</p>
          <div className={styles.buttonRow}>
            {reset}
            <Button onClick={onOk}>{t('auth.recovery.loginAssistance.tryAgain')}</Button>
          </div>
        </div>
      );
    case C.passwordResetSent:
      return (
        <div className={styles.step}>
          <StepHeading titleId={titleId} title={t('auth.recovery.sent.title')} />
          <p role="status">
            {account
              ? t('auth.recovery.sent.text', { account, minutes: RESET_TOKEN_TTL_MINUTES })
              : t('auth.recovery.sent.textNoAccount', { minutes: RESET_TOKEN_TTL_MINUTES })}
          </p>
          <div className={styles.buttonRow}>{ok(true)}</div>
        </div>
      );
    case C.preventFirstProviderRegister:
    case C.preventSecondProviderRegister:
      return (
        <div className={styles.step}>
          <StepHeading titleId={titleId} title={t('auth.recovery.notMatched.title')} />
          <p role="alert">
            {code === C.preventFirstProviderRegister
              ? t('auth.recovery.notMatched.facebook')
              : t('auth.recovery.notMatched.google')}
          </p>
          <div className={styles.buttonRow}>
            {reset}
            {ok(false)}
          </div>
        </div>
      );
    case C.suspended:
      return (
        <div className={styles.step}>
          <StepHeading titleId={titleId} title={t('auth.recovery.suspended.title')} />
          <p>{t('auth.recovery.suspended.text')}</p>
          <ul className={styles.textLeft}>
            <li>{t('auth.recovery.suspended.reasons.guidelines')}</li>
            <li>{t('auth.recovery.suspended.reasons.unusualActivity')}</li>
            <li>{t('auth.recovery.suspended.reasons.closureRequest')}</li>
          </ul>
          <p>
            <Trans
              i18nKey="auth.recovery.suspended.contact"
              components={[<a key="contact" href={SUPPORT_MAILTO} />]}
            />
          </p>
          <div className={styles.buttonRow}>{ok(true)}</div>
        </div>
      );
  }
}
