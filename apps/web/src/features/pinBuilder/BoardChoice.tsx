import '../saving/words.ts';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from '../../i18n.ts';
import { endpointKey } from '../../api/endpoints.ts';
import { Dialog } from '../../ui/Dialog.tsx';
import { BoardPicker, type SaveChoice } from '../saving/BoardPicker.tsx';
import styles from './PinBuilder.module.css';

/** 'Board / Section', as the builders name a chosen place. */
export function placeName(choice: SaveChoice): string {
  return choice.section ? `${choice.board.name} / ${choice.section.title}` : choice.board.name;
}

interface BoardChoiceProps {
  value: SaveChoice | null;
  onChange: (choice: SaveChoice) => void;
  error?: string;
}

/**
 * Where the new pin goes: the saving board picker in a dialog, only choosing (nothing is saved
 * until Publish). A board or section created in the picker is chosen at once.
 */
export function BoardChoice({ value, onChange, error }: BoardChoiceProps) {
  const { t } = useTranslation();
  const id = useId();
  const titleId = `${id}-title`;
  const [open, setOpen] = useState(false);
  const queryClient = useQueryClient();
  const choose = (choice: SaveChoice) => {
    onChange(choice);
    setOpen(false);
  };
  const refreshPicker = () =>
    void queryClient.invalidateQueries({
      queryKey: endpointKey('getBoardPicker', { query: { pin_id: undefined } }),
    });

  return (
    <div className={styles.field}>
      <span id={`${id}-label`} className={styles.label}>
        {t('pinBuilder.board.label')}
      </span>
      <button
        type="button"
        className={styles.boardButton}
        aria-labelledby={`${id}-label ${id}-value`}
        aria-describedby={error ? `${id}-error` : undefined}
        aria-invalid={error ? true : undefined}
        onClick={() => setOpen(true)}
      >
        <span id={`${id}-value`}>{value ? placeName(value) : t('pinBuilder.board.choose')}</span>
        <span aria-hidden="true">▾</span>
      </button>
      {error && (
        <p id={`${id}-error`} className={styles.error}>
          {error}
        </p>
      )}
      {open && (
        <Dialog
          labelledBy={titleId}
          onClose={() => setOpen(false)}
          closeLabel={t('pinBuilder.board.dialogClose')}
          width={500}
        >
          <BoardPicker
            titleId={titleId}
            statusOf={() => null}
            onChoose={choose}
            onBoardCreated={(board) => {
              refreshPicker();
              choose({ board, section: null });
            }}
            onSectionCreated={(board, section) => {
              refreshPicker();
              choose({ board, section });
            }}
          />
        </Dialog>
      )}
    </div>
  );
}
