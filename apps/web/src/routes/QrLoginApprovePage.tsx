import { useEffect } from 'react';
import { useTranslation } from '../i18n.ts';
import { useLocation, useParams } from 'react-router';
import { useAuthModal } from '../features/auth/authModalContext.ts';
import { QrLoginApproval } from '../features/auth/qr/QrLoginApproval.tsx';
import styles from '../features/auth/qr/QrLogin.module.css';
import { useViewer } from '../features/viewer/useViewer.ts';
import { Button } from '../ui/Button.tsx';
import { PageLoading } from '../ui/PageLoading.tsx';
import '../features/auth/qr/words.ts';

/**
 * `/login/qr/{id}`: the page a QR code opens on a phone or tablet. A signed-in viewer approves
 * or cancels the login it shows; a visitor is asked to log in first and comes back here.
 */
export function QrLoginApprovePage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const { pathname, search } = useLocation();
  const { session, isLoading } = useViewer();
  const modal = useAuthModal();
  const visitor = !isLoading && session?.type !== 'AUTH';
  const logIn = () => modal.open({ container: 'login_page', step: 'login', next: `${pathname}${search}` });

  useEffect(() => {
    if (visitor) logIn();
    // Once per visit of the page as a visitor, not on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [visitor]);

  if (isLoading) return <PageLoading />;
  return (
    <section className={styles.page}>
      <title>{t('qr.approve.documentTitle')}</title>
      {visitor ? (
        <>
          <h1 className={styles.title}>{t('qr.approve.gateTitle')}</h1>
          <Button variant="primary" onClick={logIn}>
            {t('qr.approve.gateLogIn')}
          </Button>
        </>
      ) : (
        <QrLoginApproval id={id} />
      )}
    </section>
  );
}
