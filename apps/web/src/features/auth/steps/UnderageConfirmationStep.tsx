import { useTranslation } from '../../../i18n.ts';
import { Button } from '../../../ui/Button.tsx';
import styles from '../AuthFlow.module.css';
import { StepHeading } from '../parts.tsx';

interface UnderageConfirmationStepProps {
  titleId: string;
  /** The birthday as entered, YYYY-MM-DD. */
  birthday: string;
  onEdit: () => void;
  onConfirm: () => void;
}

function formatBirthday(day: string, language: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}

/** The underage confirmation: a title from the birthday, Edit and Confirm. */
export function UnderageConfirmationStep({
  titleId,
  birthday,
  onEdit,
  onConfirm,
}: UnderageConfirmationStepProps) {
  const { t, i18n } = useTranslation();
  return (
    <div className={styles.step}>
      <StepHeading
        titleId={titleId}
        title={t('auth.underage.title', { date: formatBirthday(birthday, i18n.language) })}
      />
      <p>{t('auth.underage.text')}</p>
      <div className={styles.buttonRow}>
        <Button onClick={onEdit}>{t('auth.underage.edit')}</Button>
        <Button variant="primary" onClick={onConfirm} data-autofocus="">
          {t('auth.underage.confirm')}
        </Button>
      </div>
    </div>
  );
}
