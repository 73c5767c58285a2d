import type { QrLoginRequest } from '@pinboard/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../i18n.ts';
import { Link } from 'react-router';
import { ApiRequestError } from '../../../api/client.ts';
import { endpointKey, queries } from '../../../api/endpoints.ts';
import { Button } from '../../../ui/Button.tsx';
import { FormError } from '../../../ui/FormError.tsx';
import { deviceOf } from '../../settings/deviceName.ts';
import { errorText } from '../errorText.ts';
import styles from './QrLogin.module.css';
import { decideQrLogin } from './qrLoginApi.ts';
import './words.ts';

const codeOf = (error: unknown) => (error instanceof ApiRequestError ? error.code : 'unknown');

/** What the approving device is told about the screen that asks: its browser, country and time. */
function RequestDetails({ request }: { request: QrLoginRequest }) {
  const { t, i18n } = useTranslation();
  const { browser, os } = deviceOf(request.user_agent ?? '');
  const device =
    browser && os ? t('qr.approve.browserOn', { browser, os }) : (browser ?? os ?? t('qr.approve.unknown'));
  let place = request.country ?? t('qr.approve.unknown');
  try {
    if (request.country)
      place = new Intl.DisplayNames([i18n.language], { type: 'region' }).of(request.country) ?? place;
  } catch {
    // Not a region Intl knows: the code itself is still better than nothing.
  }
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(request.created_at),
  );
  return (
    <dl className={styles.details}>
      <dt>{t('qr.approve.device')}</dt>
      <dd>{device}</dd>
      <dt>{t('qr.approve.location')}</dt>
      <dd>{place}</dd>
      <dt>{t('qr.approve.time')}</dt>
      <dd>{time}</dd>
    </dl>
  );
}

/** The end of the errand: a sentence and the way on. */
function Done({ text }: { text: string }) {
  const { t } = useTranslation();
  return (
    <div role="status">
      <h1 className={styles.title}>{text}</h1>
      <Link to="/" className={styles.link}>
        {t('qr.approve.home')}
      </Link>
    </div>
  );
}

/**
 * A signed-in device's answer to a QR code login (decision 21): what asks, then 'Log in'
 * (approve) or 'Cancel' (deny), then what was done. An ended or used code says it has expired.
 */
export function QrLoginApproval({ id }: { id: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const request = useQuery({
    ...queries.getQrLogin({ params: { id } }),
    retry: false,
  });
  const decide = useMutation({
    mutationFn: (decision: 'approve' | 'deny') => decideQrLogin(id, decision),
    onSuccess: (answer) => queryClient.setQueryData(endpointKey('getQrLogin', { params: { id } }), answer),
  });

  if (request.isPending) {
    return (
      <p role="status" className={styles.hint}>
        {t('app.loading')}
      </p>
    );
  }
  const failure = request.error ?? decide.error;
  const status = request.data?.status;
  if (status === 'expired' || codeOf(failure) === 'qr_login_expired')
    return <Done text={t('qr.approve.expired')} />;
  if (status === 'approved') return <Done text={t('qr.approve.approved')} />;
  if (status === 'denied') return <Done text={t('qr.approve.denied')} />;
  if (!request.data) return <FormError>{errorText(t, codeOf(failure))}</FormError>;
  return (
    <>
      <h1 className={styles.title}>{t('qr.approve.title')}</h1>
      <p>{t('qr.approve.body')}</p>
      <RequestDetails request={request.data} />
      <FormError>{decide.error && errorText(t, codeOf(decide.error))}</FormError>
      <div className={styles.buttons}>
        <Button variant="primary" disabled={decide.isPending} onClick={() => decide.mutate('approve')}>
          {t('qr.approve.logIn')}
        </Button>
        <Button disabled={decide.isPending} onClick={() => decide.mutate('deny')}>
          {t('qr.approve.cancel')}
        </Button>
      </div>
    </>
  );
}
