import type { ViewerInfo } from '@pinboard/shared';
import { useTranslation } from 'react-i18next';
import styles from '../AuthFlow.module.css';
import type { AuthModalOptions } from '../authModalContext.ts';
import type { BotCheck } from '../botCheck/useBotCheck.ts';
import { LoginForm } from '../LoginForm.tsx';
import type { LoginErrorPlacement } from '../loginErrors.ts';
import { StepHeading } from '../parts.tsx';

interface PersonalizedLoginStepProps {
  titleId: string;
  options: AuthModalOptions;
  info: ViewerInfo;
  botCheck: BotCheck;
  login: (usernameOrEmail: string, password: string) => Promise<LoginErrorPlacement | null>;
  onRateLimited: () => void;
  onNotYou: () => void;
}

/**
 * 'Welcome back' for a recognised browser (spec 1 section 4: not AUTH and has info): the
 * account's picture and name, only the password to type, and 'Not you?' for the plain login.
 */
export function PersonalizedLoginStep({
  titleId,
  options,
  info,
  onNotYou,
  ...form
}: PersonalizedLoginStepProps) {
  const { t } = useTranslation();
  const account = info.email ?? info.username ?? '';
  const name = info.firstName || account;
  return (
    <div className={styles.step}>
      {info.imageUrl ? (
        <img className={styles.avatar} src={info.imageUrl} alt={t('auth.personalized.avatar', { name })} />
      ) : (
        <span className={`${styles.avatar} ${styles.initial}`} aria-hidden="true">
          {name.charAt(0).toUpperCase()}
        </span>
      )}
      <StepHeading
        titleId={titleId}
        title={
          info.firstName
            ? t('auth.personalized.title', { name: info.firstName })
            : t('auth.personalized.titleNoName')
        }
      >
        {options.prompt ? t('auth.prompt.subheader') : account}
      </StepHeading>
      <LoginForm {...form} knownEmail={account} />
      <p className={styles.toggle}>
        <button type="button" className={styles.linkButton} onClick={onNotYou}>
          {t('auth.actions.notYou')}
        </button>
      </p>
    </div>
  );
}
