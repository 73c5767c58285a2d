import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import styles from './PinCloseup.module.css';

/** A pin that does not exist, or that the viewer may not see (the API does not say which). */
export function PinNotFound() {
  const { t } = useTranslation();
  return (
    <section className={styles.notFound}>
      <title>{t('closeup.notFound.documentTitle')}</title>
      <h1 className={styles.notFoundTitle}>{t('closeup.notFound.title')}</h1>
      <p>{t('closeup.notFound.body')}</p>
      <Link to="/" className={styles.homeLink}>
        {t('closeup.notFound.home')}
      </Link>
    </section>
  );
}
