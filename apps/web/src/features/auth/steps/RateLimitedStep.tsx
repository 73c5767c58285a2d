import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/Button.tsx';
import styles from '../AuthFlow.module.css';
import { StepHeading } from '../parts.tsx';

/** Spec 1 section 8: the too-many-attempts modal, in place of the login form. */
export function RateLimitedStep({ titleId, onOk }: { titleId: string; onOk: () => void }) {
  const { t } = useTranslation();
  return (
    <div className={styles.step}>
      <StepHeading titleId={titleId} title={t('auth.rateLimited.title')} />
      <p role="alert">{t('errors.login_rate_limited')}</p>
      <div className={styles.buttonRow}>
        <Button variant="primary" onClick={onOk} data-autofocus="">
          {t('auth.actions.ok')}
        </Button>
      </div>
    </div>
  );
}
