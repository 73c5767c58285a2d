import { PROVIDER_NAMES, type SocialProvider } from '@pinboard/shared';
import { useTranslation } from '../../../i18n.ts';
import { Button } from '../../../ui/Button.tsx';
import styles from '../AuthFlow.module.css';
import { StepHeading } from '../parts.tsx';

interface ProviderUnavailableStepProps {
  titleId: string;
  provider: SocialProvider;
  onOk: () => void;
}

/** 'Oops! {provider} isn't available' with an OK button, when that login is down. */
export function ProviderUnavailableStep({ titleId, provider, onOk }: ProviderUnavailableStepProps) {
  const { t } = useTranslation();
  return (
    <div className={styles.step}>
      <StepHeading
        titleId={titleId}
        title={t('auth.social.unavailable.title', { provider: PROVIDER_NAMES[provider] })}
      />
      <p>{t('auth.social.unavailable.text')}</p>
      <div className={styles.buttonRow}>
        <Button variant="primary" onClick={onOk} data-autofocus="">
          {t('auth.actions.ok')}
        </Button>
      </div>
    </div>
  );
}
