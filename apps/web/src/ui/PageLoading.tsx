import { useTranslation } from 'react-i18next';
import styles from './PageLoading.module.css';

/** Shown while a page's code (or what it needs first) loads. */
export function PageLoading() {
  const { t } = useTranslation();
  return (
    <p role="status" className={styles.loading}>
      {t('app.loading')}
    </p>
  );
}
