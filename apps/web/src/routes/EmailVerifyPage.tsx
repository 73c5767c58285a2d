import {
  EMAIL_VERIFICATION_ERROR_PATH,
  EMAIL_VERIFICATION_FAILURES,
  type EmailVerificationFailure,
} from '@pinboard/shared/account-settings';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../i18n.ts';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiRequestError } from '../api/client.ts';
import { api, endpointKey } from '../api/endpoints.ts';
import { refreshViewer } from '../features/viewer/changeViewer.ts';
import { errorMessage } from '../api/errorMessage.ts';
import styles from './StatusPage.module.css';

const FAILURE_OF: Record<string, EmailVerificationFailure> = Object.fromEntries(
  EMAIL_VERIFICATION_FAILURES.map((reason) => [`email_verification_${reason}`, reason]),
);

/**
 * `/email/verify/?token=`: the confirmation mail's link. Confirms once (the token is single use),
 * then says so; a bad, expired or used link goes to `/email_verification_error/` with the reason.
 */
export function EmailVerifyPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [email, setEmail] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(
    token ? null : t('emailVerification.verify.missingToken'),
  );
  // One try per token, also when React runs effects twice in development.
  const tried = useRef<string | null>(null);

  useEffect(() => {
    if (!token || tried.current === token) return;
    tried.current = token;
    api.verifyEmail({ body: { token } }).then(
      ({ data }) => {
        setEmail(data.email);
        void refreshViewer(queryClient);
        void queryClient.invalidateQueries({ queryKey: endpointKey('getUserSettings') });
      },
      (error: unknown) => {
        const reason = error instanceof ApiRequestError ? FAILURE_OF[error.code] : undefined;
        if (reason) void navigate(`${EMAIL_VERIFICATION_ERROR_PATH}?reason=${reason}`, { replace: true });
        else setProblem(errorMessage(t, error, 'auth.errors.generic'));
      },
    );
  }, [token, navigate, queryClient, t]);

  return (
    <section className={styles.page}>
      <title>{t('emailVerification.verify.documentTitle')}</title>
      {email ? (
        <>
          <h1 className={styles.title}>{t('emailVerification.verify.doneTitle')}</h1>
          <p>{t('emailVerification.verify.doneText', { email })}</p>
          <Link to="/" className={styles.link}>
            {t('emailVerification.verify.home')}
          </Link>
        </>
      ) : problem ? (
        <p role="alert">{problem}</p>
      ) : (
        <p role="status">{t('emailVerification.verify.working')}</p>
      )}
    </section>
  );
}
