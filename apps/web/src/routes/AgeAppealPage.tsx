import '../features/moderation/words.ts';
import { useTranslation } from '../i18n.ts';
import { AgeAppealForm } from '../features/moderation/AgeAppealForm.tsx';
import styles from '../features/moderation/Moderation.module.css';

/** `/age-appeal/`: someone the age rule kept from signing up asks for a review (no account needed). */
export function AgeAppealPage() {
  const { t } = useTranslation();
  return (
    <section className={styles.page}>
      <title>{t('moderation.age.documentTitle')}</title>
      <h1>{t('moderation.age.heading')}</h1>
      <AgeAppealForm />
    </section>
  );
}
