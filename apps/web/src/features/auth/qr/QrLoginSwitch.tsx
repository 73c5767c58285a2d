import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from '../../../i18n.ts';
import { Button } from '../../../ui/Button.tsx';
import { useExperimentGroup } from '../../experiments/useExperimentGroup.ts';
import type { AuthModalOptions } from '../authModalContext.ts';
import { QrLoginPanel } from './QrLoginPanel.tsx';
import styles from './QrLogin.module.css';
import './words.ts';

/**
 * The login form (`children`) with a 'Use QR code' button under it, shown only in the experiment
 * web_login_qr_code (docs/product/accounts.md#qr-login); the button puts the QR code view in the form's
 * place, and its Back button brings the form back.
 */
export function QrLoginSwitch({ options, children }: { options: AuthModalOptions; children: ReactNode }) {
  const { t } = useTranslation();
  const enabled = useExperimentGroup('web_login_qr_code') === 'enabled';
  const [open, setOpen] = useState(false);
  const buttonId = useId();

  if (enabled && open) {
    return (
      <QrLoginPanel
        options={options}
        onBack={() => {
          setOpen(false);
          // Back where the person left: on the button that opened the view.
          requestAnimationFrame(() => document.getElementById(buttonId)?.focus());
        }}
      />
    );
  }
  return (
    <>
      {children}
      {enabled && (
        <Button id={buttonId} className={styles.option} onClick={() => setOpen(true)}>
          {t('qr.useQrCode')}
        </Button>
      )}
    </>
  );
}
