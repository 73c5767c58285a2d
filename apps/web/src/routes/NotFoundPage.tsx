import { useTranslation } from '../i18n.ts';
import { Link } from 'react-router';
import styles from './StatusPage.module.css';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <section className={styles.page}>
      <title>{t('notFound.documentTitle')}</title>
      <h1 className={styles.title}>{t('notFound.title')}</h1>
      <p>{t('notFound.body')}</p>
      <Link to="/" className={styles.link}>
        {t('notFound.home')}
      </Link>
    </section>
  );
}
