import { useState } from 'react';
import { useTranslation } from '../../i18n.ts';
import { api } from '../../api/endpoints.ts';
import { errorMessageLater } from '../../api/errorMessageLater.ts';

/** Mails a new confirmation link (rate-limited by the server); `status` says what happened. */
export function useResendEmailLink() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  async function resend() {
    setSending(true);
    try {
      await api.resendEmailVerification();
      setStatus(t('emailVerification.banner.sent'));
    } catch (error) {
      setStatus(await errorMessageLater(t, error, 'auth.errors.generic'));
    } finally {
      setSending(false);
    }
  }
  return { status, sending, resend };
}
