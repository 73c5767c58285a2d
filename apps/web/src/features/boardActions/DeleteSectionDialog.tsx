import type { BoardSection } from '@pinboard/shared';
import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import styles from './BoardActions.module.css';
import { boardActionErrorText, isBoardBusy, deleteSection } from './boardActionsApi.ts';
import { useErrorToast } from './useBoardWrites.ts';

interface DeleteSectionDialogProps {
  section: BoardSection;
  onDeleted: () => void;
  onClose: () => void;
}

/** Asks before deleting a section (its pins stay on the board), then deletes it. */
export function DeleteSectionDialog({ section, onDeleted, onClose }: DeleteSectionDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const bodyId = useId();
  const showError = useErrorToast();
  const remove = useMutation({
    mutationFn: () => deleteSection(section.id),
    onSuccess: onDeleted,
    // A board action still running is a toast (spec 2 section 8); the rest shows in the dialog.
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
        {t('boardActions.deleteSectionTitle')}
      </h2>
      <div className={styles.form}>
        <p id={bodyId}>{t('boardActions.deleteSectionBody', { title: section.title })}</p>
        {remove.isError && !isBoardBusy(remove.error) && (
          <p role="alert" className={styles.error}>
            {boardActionErrorText(t, remove.error)}
          </p>
        )}
        <div className={styles.buttons}>
          <Button data-autofocus onClick={onClose}>
            {t('boardActions.cancel')}
          </Button>
          <Button
            variant="primary"
            aria-disabled={remove.isPending || undefined}
            onClick={() => {
              if (!remove.isPending) remove.mutate();
            }}
          >
            {t('boardActions.deleteConfirm')}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
