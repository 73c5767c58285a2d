import { useTranslation } from '../../../i18n.ts';
import styles from '../AuthFlow.module.css';
import type { BotCheck } from '../botCheck/useBotCheck.ts';
import { LoginForm } from '../LoginForm.tsx';
import type { LoginErrorPlacement } from '../loginErrors.ts';
import { StepHeading } from '../parts.tsx';
import type { RecoveryModalCode } from '../recovery.ts';

interface EmailAlreadyExistStepProps {
  titleId: string;
  /** The address an account already has ('' when the server did not say which). */
  email: string;
  botCheck: BotCheck;
  login: (usernameOrEmail: string, password: string) => Promise<LoginErrorPlacement | null>;
  onRecovery: (code: RecoveryModalCode, usernameOrEmail: string) => void;
  onForgotPassword: (usernameOrEmail: string) => void;
  onNotYou: () => void;
}

/**
 * EmailAlreadyExist (docs/product/accounts.md#screens): the provider's email already has an account here,
 * which a provider's say-so never joins (decision 21); the person logs in to it with its
 * password instead ('Not you' leads to the plain login).
 */
export function EmailAlreadyExistStep({ titleId, email, onNotYou, ...form }: EmailAlreadyExistStepProps) {
  const { t } = useTranslation();
  return (
    <div className={styles.step}>
      <StepHeading titleId={titleId} title={t('auth.social.emailTaken.title')}>
        {email ? t('auth.social.emailTaken.text', { email }) : t('auth.social.emailTaken.textNoEmail')}
      </StepHeading>
      <LoginForm {...form} {...(email ? { knownEmail: email } : {})} />
      <p className={styles.toggle}>
        <button type="button" className={styles.linkButton} onClick={onNotYou}>
          {t('auth.actions.notYou')}
        </button>
      </p>
    </div>
  );
}
