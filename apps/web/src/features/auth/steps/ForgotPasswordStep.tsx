import { useTranslation } from '../../../i18n.ts';
import styles from '../AuthFlow.module.css';
import { ForgotPasswordForm } from '../ForgotPasswordForm.tsx';
import { StepHeading } from '../parts.tsx';

interface ForgotPasswordStepProps {
  titleId: string;
  defaultValue: string;
  onSent: (usernameOrEmail: string) => void;
  onBack: () => void;
}

/** The modal's forgotPassword step: where to send a reset link, and the way back to log in. */
export function ForgotPasswordStep({ titleId, defaultValue, onSent, onBack }: ForgotPasswordStepProps) {
  const { t } = useTranslation();
  return (
    <div className={styles.step}>
      <StepHeading titleId={titleId} title={t('auth.recovery.forgot.title')}>
        {t('auth.recovery.forgot.text')}
      </StepHeading>
      <ForgotPasswordForm defaultValue={defaultValue} onSent={onSent} />
      <p className={styles.toggle}>
        <button type="button" className={styles.linkButton} onClick={onBack}>
          {t('auth.recovery.backToLogin')}
        </button>
      </p>
    </div>
  );
}
