import './words.ts';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from '../../i18n.ts';
import { useLocation } from 'react-router';
import { PageLoading } from '../../ui/PageLoading.tsx';
import { Button } from '../../ui/Button.tsx';
import { useAuthModal } from '../auth/authModalContext.ts';
import { useViewer } from '../viewer/useViewer.ts';
import styles from './PinBuilder.module.css';

/**
 * The builders are for signed-in people (AUTH): a visitor gets the login modal, which comes back
 * to the same page, and a 'Log in' button behind it (as the settings pages do).
 */
export function SignedInGate({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation();
  const { session, isLoading } = useViewer();
  const { pathname, search } = useLocation();
  const modal = useAuthModal();
  const visitor = !isLoading && session?.type !== 'AUTH';
  const openLogin = () =>
    modal.open({ container: 'login_page', step: 'login', next: `${pathname}${search}` });

  useEffect(() => {
    if (visitor) openLogin();
    // Once per visit of the page as a visitor, not on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [visitor]);

  if (isLoading) return <PageLoading />;
  if (visitor) {
    return (
      <section className={styles.gate}>
        <title>{title}</title>
        <h1 className={styles.title}>{t('pinBuilder.gate.title')}</h1>
        <Button variant="primary" onClick={openLogin}>
          {t('pinBuilder.gate.logIn')}
        </Button>
      </section>
    );
  }
  return children;
}
