import {
  EMAIL_VERIFICATION_FAILURES,
  type EmailVerificationFailure,
} from '@pinboard/shared/account-settings';
import { useTranslation } from '../i18n.ts';
import { Link, useSearchParams } from 'react-router';
import { useResendEmailLink } from '../features/emailVerification/useResendEmailLink.ts';
import { useViewer } from '../features/viewer/useViewer.ts';
import { Button } from '../ui/Button.tsx';
import styles from './StatusPage.module.css';

const isFailure = (reason: string | null): reason is EmailVerificationFailure =>
  (EMAIL_VERIFICATION_FAILURES as readonly string[]).includes(reason ?? '');

/**
 * `/email_verification_error/?reason=invalid|expired|used`: why a confirmation link did not work
 * (a missing or unknown reason reads as `invalid`), and the way to a new link: Resend for a
 * signed-in person whose email still waits, the account settings or the login otherwise.
 */
export function EmailVerificationErrorPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const given = params.get('reason');
  const reason = isFailure(given) ? given : 'invalid';
  const { session } = useViewer();
  const { status, sending, resend } = useResendEmailLink();
  const signedIn = session?.type === 'AUTH';
  const waiting = signedIn && session.info?.emailVerified === false;

  return (
    <section className={styles.page}>
      <title>{t('emailVerification.error.documentTitle')}</title>
      <h1 className={styles.title}>{t(`emailVerification.error.${reason}Title`)}</h1>
      <p>{t(`emailVerification.error.${reason}Text`)}</p>
      {waiting ? (
        <Button variant="primary" disabled={sending} onClick={() => void resend()}>
          {t('emailVerification.error.resend')}
        </Button>
      ) : (
        <Link
          to={signedIn ? '/settings/account/' : '/login/?next=/settings/account/'}
          className={styles.link}
        >
          {signedIn ? t('emailVerification.error.settings') : t('emailVerification.error.logIn')}
        </Link>
      )}
      <p role="status">{status}</p>
      <Link to="/">{t('emailVerification.error.home')}</Link>
    </section>
  );
}
