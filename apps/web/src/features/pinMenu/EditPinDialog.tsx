import type { Pin } from '@pinboard/shared';
import { useId } from 'react';
import { useTranslation } from '../../i18n.ts';
import { Dialog } from '../../ui/Dialog.tsx';
import styles from './PinMenu.module.css';
import { PinEditForm } from './PinEditForm.tsx';

interface EditPinDialogProps {
  pin: Pin;
  onClose: () => void;
  onDeleted: () => void;
}

/** 'Edit Pin' from the "…" menu: the picture beside the editor. */
export function EditPinDialog({ pin, onClose, onDeleted }: EditPinDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const image = pin.images['236x'];
  return (
    <Dialog labelledBy={titleId} onClose={onClose} closeLabel={t('pinMenu.close')} width={720}>
      <h2 id={titleId} className={styles.title}>
        {t('pinMenu.editor.title')}
      </h2>
      <div className={styles.dialogBody}>
        <img
          className={styles.preview}
          src={image.url}
          width={image.width}
          height={image.height}
          alt={pin.alt_text || pin.title}
        />
        <PinEditForm pin={pin} onSaved={onClose} onDeleted={onDeleted} onCancel={onClose} />
      </div>
    </Dialog>
  );
}
