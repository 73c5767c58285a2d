import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import styles from './RootLayout.module.css';

/** The frame every page shares: the header with the product name, then the page. */
export function RootLayout() {
  const { t } = useTranslation();
  return (
    <>
      <header className={styles.header}>
        <Link to="/" className={styles.brand} aria-label={t('app.homeLink')}>
          {t('app.name')}
        </Link>
      </header>
      <main className={styles.main}>
        <Outlet />
      </main>
    </>
  );
}

/** Shown while the first page's code loads. */
export function PageLoading() {
  const { t } = useTranslation();
  return (
    <p role="status" className={styles.loading}>
      {t('app.loading')}
    </p>
  );
}
