import { useTranslation } from '../i18n.ts';
import { useSearchParams } from 'react-router';
import { UserSurvey } from '../features/emailMail/UserSurvey.tsx';
import styles from '../features/emailMail/EmailMail.module.css';
import '../features/emailMail/words.ts';

/** `/email/user_survey/?token=`: the short feedback form a digest links to. */
export function UserSurveyPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  return (
    <section className={styles.page}>
      <title>{t('emailMail.survey.documentTitle')}</title>
      <h1 className={styles.title}>{t('emailMail.survey.title')}</h1>
      <UserSurvey token={params.get('token')} />
    </section>
  );
}
