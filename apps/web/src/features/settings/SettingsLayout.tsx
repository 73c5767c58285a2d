import './words.ts';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import { PageLoading } from '../../ui/PageLoading.tsx';
import { Button } from '../../ui/Button.tsx';
import { useAuthModal } from '../auth/authModalContext.ts';
import { useViewer } from '../viewer/useViewer.ts';
import styles from './Settings.module.css';

/**
 * The frame of every settings page: AUTH only (a visitor gets the login modal, which comes back
 * here), the settings navigation, then the page.
 */
export function SettingsLayout({ title, children }: { title: string; children: ReactNode }) {
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
    <div className={styles.page}>
      <title>{title}</title>
      <nav className={styles.nav} aria-label={t('settings.nav.label')}>
        <ul>
          <li>
            <NavLink to="/settings/security/">{t('settings.nav.security')}</NavLink>
          </li>
          <li>
            <NavLink to="/settings/account/">{t('settings.nav.account')}</NavLink>
          </li>
        </ul>
      </nav>
      <div>{children}</div>
    </div>
  );
}
