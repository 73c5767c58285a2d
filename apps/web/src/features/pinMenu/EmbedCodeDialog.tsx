import type { Pin } from '@pinboard/shared';
import { useId } from 'react';
import { useTranslation } from '../../i18n.ts';
import { Button } from '../../ui/Button.tsx';
import { CodeField } from '../../ui/CodeField.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { useCopyText } from '../../ui/useCopyText.ts';
import { displayName } from '../pins/pinText.ts';
import { embedCode } from './embedCode.ts';
import styles from './PinMenu.module.css';
import { TOAST_MS } from './toast.ts';

/** 'Get Pin embed code': the snippet in a read-only field, and Copy. */
export function EmbedCodeDialog({ pin, onClose }: { pin: Pin; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const bodyId = useId();
  const copyText = useCopyText();
  const code = embedCode(window.location.origin, pin, t('pin.untitled', { name: displayName(pin.pinner) }));
  const copy = async () => {
    const words = {
      copied: t('pinMenu.embedDialog.copied'),
      failed: t('pinMenu.copyFailed'),
      durationMs: TOAST_MS,
    };
    if (await copyText(code, words)) onClose();
  };
  return (
    <Dialog
      labelledBy={titleId}
      describedBy={bodyId}
      onClose={onClose}
      closeLabel={t('pinMenu.close')}
      width={520}
    >
      <h2 id={titleId} className={styles.title}>
        {t('pinMenu.embedDialog.title')}
      </h2>
      <div className={styles.form}>
        <p id={bodyId}>{t('pinMenu.embedDialog.body')}</p>
        <CodeField label={t('pinMenu.embedDialog.codeLabel')} value={code} rows={6} />
        <div className={styles.buttons}>
          <Button onClick={onClose}>{t('pinMenu.cancel')}</Button>
          <Button variant="primary" data-autofocus onClick={() => void copy()}>
            {t('pinMenu.embedDialog.copy')}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
