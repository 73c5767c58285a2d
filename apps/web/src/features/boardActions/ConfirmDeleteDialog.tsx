import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from '../../i18n.ts';
import { errorMessage } from '../../api/errorMessage.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import styles from './BoardActions.module.css';
import { isBoardBusy } from './boardActionsApi.ts';
import { useErrorToast } from './useBoardWrites.ts';

interface ConfirmDeleteDialogProps {
  title: string;
  /** What goes with it, or what stays (a board takes its pins; a section's pins stay). */
  body: string;
  remove: () => Promise<unknown>;
  /** The confirming button's words; 'Delete' unless given ('Leave' for leaving a board). */
  confirmLabel?: string;
  onDeleted: () => void;
  onClose: () => void;
}

/** Asks before deleting a board or a section (or leaving a board), then does it. */
export function ConfirmDeleteDialog({
  title,
  body,
  remove,
  confirmLabel,
  onDeleted,
  onClose,
}: ConfirmDeleteDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const bodyId = useId();
  const showError = useErrorToast();
  const deletion = useMutation({
    mutationFn: remove,
    onSuccess: onDeleted,
    // A board action still running is a toast (docs/product/boards.md#messages); the rest shows in the
    // dialog.
    onError: (error: unknown) => {
      if (isBoardBusy(error)) showError(error);
    },
  });
  return (
    <Dialog
      labelledBy={titleId}
      describedBy={bodyId}
      onClose={onClose}
      closeLabel={t('boardActions.close')}
      width={400}
    >
      <h2 id={titleId} className={styles.title}>
        {title}
      </h2>
      <div className={styles.form}>
        <p id={bodyId}>{body}</p>
        {deletion.isError && !isBoardBusy(deletion.error) && (
          <p role="alert" className={styles.error}>
            {errorMessage(t, deletion.error, 'boardActions.failed')}
          </p>
        )}
        <div className={styles.buttons}>
          <Button data-autofocus onClick={onClose}>
            {t('boardActions.cancel')}
          </Button>
          <Button
            variant="primary"
            aria-disabled={deletion.isPending || undefined}
            onClick={() => {
              if (!deletion.isPending) deletion.mutate();
            }}
          >
            {confirmLabel ?? t('boardActions.deleteConfirm')}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
