import { useTranslation } from '../i18n.ts';
import { useSearchParams } from 'react-router';
import { EmailSubscription } from '../features/emailMail/EmailSubscription.tsx';
import styles from '../features/emailMail/EmailMail.module.css';
import '../features/emailMail/words.ts';

/** `/email/subscription/?token=`: what we email a person about, by a mail's link or signed in. */
export function EmailSubscriptionPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  return (
    <section className={styles.page}>
      <title>{t('emailMail.subscription.documentTitle')}</title>
      <h1 className={styles.title}>{t('emailMail.subscription.title')}</h1>
      <EmailSubscription token={params.get('token')} />
    </section>
  );
}
