import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from '../../i18n.ts';
import { Link } from 'react-router';
import { api, endpointKey } from '../../api/endpoints.ts';
import { errorMessage } from '../../api/errorMessage.ts';
import { Button } from '../../ui/Button.tsx';
import styles from './Settings.module.css';

/** The account's address and whether it is confirmed, with a new link on request (decision 46). */
export function EmailStatusSection({ email, verified }: { email: string; verified: boolean }) {
  const { t } = useTranslation();
  const headingId = useId();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  async function resend() {
    setSending(true);
    try {
      const { data } = await api.resendEmailVerification();
      setStatus(t('accountSettings.emailStatus.sent', { email: data.email }));
    } catch (error) {
      setStatus(errorMessage(t, error, 'auth.errors.generic'));
      // Confirmed meanwhile (another tab): show it.
      void queryClient.invalidateQueries({ queryKey: endpointKey('getUserSettings') });
    } finally {
      setSending(false);
    }
  }

  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId}>{t('accountSettings.emailStatus.title')}</h2>
      <p>
        {verified
          ? t('accountSettings.emailStatus.confirmed', { email })
          : t('accountSettings.emailStatus.unconfirmed', { email })}
      </p>
      {!verified && (
        <div className={styles.row}>
          <Button onClick={() => void resend()} disabled={sending}>
            {t('accountSettings.emailStatus.resend')}
          </Button>
        </div>
      )}
      <p role="status">{status}</p>
      <Link to="/settings/security/">{t('accountSettings.emailStatus.change')}</Link>
    </section>
  );
}
