import { QR_LOGIN_TTL_SECONDS } from '@pinboard/shared';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n.ts';
import { Button } from '../../../ui/Button.tsx';
import { FormError } from '../../../ui/FormError.tsx';
import { useAuthModal, type AuthModalOptions } from '../authModalContext.ts';
import { errorText } from '../errorText.ts';
import { FORM_STYLE } from '../parts.tsx';
import { useAuthSuccess } from '../useAuthSuccess.ts';
import { QrCode } from './QrCode.tsx';
import styles from './QrLogin.module.css';
import { useQrLogin } from './useQrLogin.ts';
import './words.ts';

/** m:ss */
const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/** The seconds left until `deadline`, updated every second. */
function useSecondsLeft(deadline: number) {
  const [left, setLeft] = useState(QR_LOGIN_TTL_SECONDS);
  useEffect(() => {
    const tick = () =>
      setLeft(Math.min(QR_LOGIN_TTL_SECONDS, Math.max(0, Math.ceil((deadline - Date.now()) / 1000))));
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [deadline]);
  return left;
}

function Countdown({ deadline }: { deadline: number }) {
  const { t } = useTranslation();
  const left = useSecondsLeft(deadline);
  // A timer: screen readers read it when asked, not at every tick.
  return (
    <p role="timer" className={styles.hint}>
      {t('qr.panel.expiresIn', { time: clock(left) })}
    </p>
  );
}

/**
 * 'Use QR code' (docs/product/accounts.md#qr-login): the code to scan on a signed-in phone or tablet, in
 * place of the login form. It signs this screen in as the login form does once the other device approves.
 */
export function QrLoginPanel({ options, onBack }: { options: AuthModalOptions; onBack: () => void }) {
  const { t } = useTranslation();
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const { close } = useAuthModal();
  const onSuccess = useAuthSuccess(options, close);
  const { state, restart } = useQrLogin((viewer) => onSuccess(viewer));

  // The panel replaces the form the focus was in: it moves to the panel's heading.
  useEffect(() => heading.current?.focus(), []);

  const newCode = (
    <Button variant="primary" onClick={restart} data-autofocus="">
      {t('qr.panel.newCode')}
    </Button>
  );
  return (
    <section className={styles.panel} style={FORM_STYLE} aria-labelledby={headingId}>
      <h2 id={headingId} ref={heading} tabIndex={-1} className={styles.heading}>
        {t('qr.panel.title')}
      </h2>
      {state.kind === 'unavailable' ? (
        <FormError>{t('errors.qr_login_unavailable')}</FormError>
      ) : (
        <p className={styles.text}>{t('qr.panel.instructions')}</p>
      )}
      {state.kind === 'starting' && (
        <>
          <div className={styles.code} aria-hidden="true" />
          <p role="status" className={styles.hint}>
            {t('qr.panel.loading')}
          </p>
        </>
      )}
      {state.kind === 'showing' && (
        <>
          <QrCode text={state.code.url} label={t('qr.panel.imageLabel')} />
          <Countdown key={state.code.id} deadline={state.deadline} />
        </>
      )}
      {state.kind === 'signingIn' && (
        <p role="status" className={styles.hint}>
          {t('qr.panel.signingIn')}
        </p>
      )}
      {(state.kind === 'expired' || state.kind === 'denied') && (
        <>
          <p role="alert" className={styles.text}>
            {t(state.kind === 'expired' ? 'qr.panel.expired' : 'qr.panel.denied')}
          </p>
          {newCode}
        </>
      )}
      {state.kind === 'failed' && <FormError>{errorText(t, state.code)}</FormError>}
      <div className={styles.actions}>
        <Button onClick={onBack}>{t('qr.panel.back')}</Button>
      </div>
    </section>
  );
}
