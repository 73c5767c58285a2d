import { useTranslation } from '../i18n.ts';
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
