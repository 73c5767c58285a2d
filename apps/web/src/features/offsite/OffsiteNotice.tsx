import './words.ts';
import { useId } from 'react';
import { useTranslation } from '../../i18n.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import styles from './OffsiteNotice.module.css';
import type { OffsiteStop } from './openOutboundLink.ts';

/**
 * Why a pin's link did not open (decision 28). Nothing here opens it: a suspicious link's
 * address is shown as text for a person who trusts it anyway; a blocked or adult one is not.
 */
export function OffsiteNotice({ stop, onClose }: { stop: OffsiteStop; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const bodyId = useId();
  return (
    <Dialog
      labelledBy={titleId}
      describedBy={bodyId}
      onClose={onClose}
      closeLabel={t('offsite.close')}
      width={420}
    >
      <div className={styles.content}>
        <h2 id={titleId} className={styles.title}>
          {t(`offsite.${stop.status}.title`)}
        </h2>
        <p id={bodyId}>{t(`offsite.${stop.status}.body`)}</p>
        {stop.status === 'suspicious' && <p className={styles.address}>{stop.url}</p>}
        <Button variant="primary" onClick={onClose} data-autofocus>
          {t('offsite.ok')}
        </Button>
      </div>
    </Dialog>
  );
}
