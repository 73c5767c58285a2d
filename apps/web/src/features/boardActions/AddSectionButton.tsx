import '../saving/words.ts';
import './words.ts';
import type { Board } from '@pinboard/shared';
import type { QueryKey } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from '../../i18n.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { AddSectionForm } from '../saving/AddSectionForm.tsx';
import { canEditBoard } from '../boards/canEditBoard.ts';
import { useViewer } from '../viewer/useViewer.ts';
import styles from './BoardActions.module.css';
import { useSectionWrites } from './useSectionWrites.ts';

/**
 * 'Add section' on a board page, for its owner and collaborators: the picker's add-section form
 * in a modal titled 'Create section' (docs/product/boards.md#screens).
 */
export function AddSectionButton({ board, boardKey }: { board: Board; boardKey: QueryKey }) {
  const { t } = useTranslation();
  const { viewer } = useViewer();
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const sectionsChanged = useSectionWrites(board.id, boardKey);
  if (!canEditBoard(board, viewer)) return null;
  return (
    <>
      <Button onClick={() => setOpen(true)}>{t('saving.addSection')}</Button>
      {open && (
        <Dialog
          labelledBy={titleId}
          onClose={() => setOpen(false)}
          closeLabel={t('boardActions.close')}
          width={500}
        >
          <h2 id={titleId} className={styles.title}>
            {t('saving.createSection')}
          </h2>
          <AddSectionForm
            board={board}
            onCreated={() => {
              setOpen(false);
              sectionsChanged(1);
            }}
          />
        </Dialog>
      )}
    </>
  );
}
