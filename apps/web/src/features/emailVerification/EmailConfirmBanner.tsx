import { useTranslation } from '../../i18n.ts';
import { useViewer } from '../viewer/useViewer.ts';
import styles from './EmailConfirmBanner.module.css';
import { useResendEmailLink } from './useResendEmailLink.ts';

/**
 * Above every page while the signed-in person's email waits for its confirmation link
 * (decision 46), with Resend. Drawn from the viewer answer, as on the server, so it hydrates in place.
 */
export function EmailConfirmBanner() {
  const { t } = useTranslation();
  const { session } = useViewer();
  const { status, sending, resend } = useResendEmailLink();
  const info = session?.type === 'AUTH' ? session.info : null;
  if (!info?.email || info.emailVerified !== false) return null;
  return (
    <aside className={styles.banner} aria-label={t('emailVerification.banner.label')}>
      <span>{t('emailVerification.banner.text', { email: info.email })}</span>
      <button type="button" className={styles.resend} disabled={sending} onClick={() => void resend()}>
        {t('emailVerification.banner.resend')}
      </button>
      <span role="status">{status}</span>
    </aside>
  );
}
