import '../saving/words.ts';
import { useId, useState } from 'react';
import { useTranslation } from '../../i18n.ts';
import { Dialog } from '../../ui/Dialog.tsx';
import { BoardPicker, type SaveChoice } from '../saving/BoardPicker.tsx';
import styles from './MoveDialog.module.css';
import { isSamePlace, type PinPlace } from './useMovePins.ts';

interface MoveDialogProps {
  from: PinPlace;
  /** One of the pins being moved: the picker marks the boards that already hold it. */
  pinId: string;
  onClose: () => void;
  onMove: (to: PinPlace, placeName: string) => void;
}

/**
 * The board picker, for choosing where pins go. A choice of the board and section they are
 * already in is refused here, in the server's words, before any call (docs/product/saving.md#rules).
 */
export function MoveDialog({ from, pinId, onClose, onMove }: MoveDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const [refused, setRefused] = useState(false);

  const choose = ({ board, section }: SaveChoice) => {
    const to = { boardId: board.id, sectionId: section?.id ?? null };
    if (isSamePlace(from, to)) {
      setRefused(true);
      return;
    }
    onMove(to, section?.title ?? board.name);
  };

  return (
    <Dialog labelledBy={titleId} onClose={onClose} closeLabel={t('moving.close')} width={500}>
      <BoardPicker
        pinId={pinId}
        titleId={titleId}
        banner={
          refused ? (
            <p role="alert" className={styles.refusal}>
              {t('errors.move_to_same_place')}
            </p>
          ) : null
        }
        statusOf={() => null}
        onChoose={choose}
        onBoardCreated={(board) => choose({ board, section: null })}
        onSectionCreated={(board, section) => choose({ board, section })}
      />
    </Dialog>
  );
}
