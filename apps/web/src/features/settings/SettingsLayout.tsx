import './words.ts';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from '../../i18n.ts';
import { Link, useLocation } from 'react-router';
import { PageLoading } from '../../ui/PageLoading.tsx';
import { Button } from '../../ui/Button.tsx';
import { useAuthModal } from '../auth/authModalContext.ts';
import { useViewer } from '../viewer/useViewer.ts';
import { SettingsNav } from './SettingsNav.tsx';
import styles from './Settings.module.css';

/**
 * The frame of every settings page: AUTH only (a visitor gets the login modal, which comes back
 * here), the settings navigation, then the page. On phones the navigation is the `/settings/`
 * page alone and every other page links back to it.
 */
export function SettingsLayout({
  title,
  children,
  index = false,
}: {
  title: string;
  children: ReactNode;
  /** The `/settings/` page itself: on phones its list is the page. */
  index?: boolean;
}) {
  const { t } = useTranslation();
  const { session, isLoading } = useViewer();
  const { pathname, search } = useLocation();
  const modal = useAuthModal();
  const visitor = !isLoading && session?.type !== 'AUTH';

  useEffect(() => {
    if (visitor) modal.open({ container: 'login_page', step: 'login', next: `${pathname}${search}` });
    // Once per visit of the page as a visitor, not on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [visitor]);

  if (isLoading) return <PageLoading />;
  if (visitor) {
    return (
      <section className={styles.page}>
        <title>{title}</title>
        <div>
          <h1 className={styles.title}>{t('settings.gate.title')}</h1>
          <Button
            variant="primary"
            onClick={() =>
              modal.open({ container: 'login_page', step: 'login', next: `${pathname}${search}` })
            }
          >
            {t('settings.gate.logIn')}
          </Button>
        </div>
      </section>
    );
  }
  return (
    <div className={index ? `${styles.page} ${styles.indexPage}` : styles.page}>
      <title>{title}</title>
      <SettingsNav className={styles.nav} />
      <div className={styles.content}>
        {/* Phones show one page at a time: the list is the `/settings/` page, a way back from the others. */}
        {!index && (
          <Link to="/settings/" className={styles.back}>
            {t('accountSettings.nav.back')}
          </Link>
        )}
        {children}
      </div>
    </div>
  );
}
