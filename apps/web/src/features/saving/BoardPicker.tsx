import type { Board, BoardSection, PickerBoard } from '@pinboard/shared';
import { useState, type ReactNode } from 'react';
import { useTranslation } from '../../i18n.ts';
import { Button } from '../../ui/Button.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { AddSectionForm } from './AddSectionForm.tsx';
import { BoardList } from './BoardList.tsx';
import { CreateBoardForm } from './CreateBoardForm.tsx';
import styles from './BoardPicker.module.css';
import type { RowStatus } from './BoardRow.tsx';
import { SectionList } from './SectionList.tsx';
import { useBoardPicker } from './useBoardPicker.ts';

/** Where a pin goes: a board, or one of its sections. */
export interface SaveChoice {
  board: { id: string; name: string };
  section: { id: string; title: string } | null;
}

type View =
  | { name: 'boards' }
  | { name: 'sections'; board: PickerBoard }
  | { name: 'createBoard' }
  | { name: 'addSection'; board: PickerBoard };

const TITLES = {
  boards: 'saving.chooseBoard',
  sections: 'saving.chooseSection',
  createBoard: 'saving.createBoard',
  addSection: 'saving.createSection',
} as const;

export interface BoardPickerProps {
  /** The pin being saved; none when choosing a place for a pin not made yet (the pin builder). */
  pinId?: string;
  /** The id the dialog around is named by: the picker's title changes with its view. */
  titleId: string;
  /** Shown under the title ('Psst! You already saved...'). */
  banner?: ReactNode;
  statusOf: (boardId: string, sectionId: string | null) => RowStatus;
  onChoose: (choice: SaveChoice) => void;
  onBoardCreated: (board: Board) => void;
  onSectionCreated: (board: PickerBoard, section: BoardSection) => void;
  /** The pin-create page titles the section form 'Add section' (docs/product/creating.md#pin-create-page). */
  addSectionTitle?: string;
  /** What a failed board create says (the pin-create page has its own wording). */
  createBoardErrorText?: (error: unknown) => string;
}

/**
 * The board picker every save uses (docs/product/saving.md#board-picker): boards, a board's sections, and the
 * 'Create board' and 'Add section' forms. Back goes from a form to its list, from the sections
 * to the boards.
 */
export function BoardPicker(props: BoardPickerProps) {
  const { t } = useTranslation();
  const picker = useBoardPicker(props.pinId ?? null);
  const [view, setView] = useState<View>({ name: 'boards' });
  const back: View | null =
    view.name === 'sections' || view.name === 'createBoard'
      ? { name: 'boards' }
      : view.name === 'addSection'
        ? { name: 'sections', board: view.board }
        : null;
  const chooseBoard = (board: PickerBoard) => {
    if (board.sections.length > 0) setView({ name: 'sections', board });
    else props.onChoose({ board, section: null });
  };

  return (
    <div className={styles.picker}>
      <header className={styles.header}>
        {back && (
          <button
            type="button"
            className={styles.back}
            onClick={() => setView(back)}
            aria-label={t('saving.back')}
          >
            ‹
          </button>
        )}
        <h2 id={props.titleId} className={styles.title}>
          {view.name === 'addSection' && props.addSectionTitle ? props.addSectionTitle : t(TITLES[view.name])}
        </h2>
      </header>
      {props.banner}
      {view.name === 'boards' && picker.isPending && (
        <p role="status" className={styles.loading}>
          <Spinner />
          {t('saving.loading')}
        </p>
      )}
      {view.name === 'boards' && picker.isError && (
        <div role="alert" className={styles.loading}>
          <p>{t('saving.loadError')}</p>
          <Button onClick={() => void picker.refetch()}>{t('saving.retry')}</Button>
        </div>
      )}
      {view.name === 'boards' && picker.data && (
        <>
          <BoardList picker={picker.data} statusOf={props.statusOf} onBoard={chooseBoard} />
          <button type="button" className={styles.footerRow} onClick={() => setView({ name: 'createBoard' })}>
            <span className={styles.plus} aria-hidden="true">
              +
            </span>
            {t('saving.createBoard')}
          </button>
        </>
      )}
      {view.name === 'sections' && (
        <>
          <SectionList
            board={view.board}
            statusOf={props.statusOf}
            onChoose={(section) => props.onChoose({ board: view.board, section })}
          />
          <button
            type="button"
            className={styles.footerRow}
            onClick={() => setView({ name: 'addSection', board: view.board })}
          >
            <span className={styles.plus} aria-hidden="true">
              +
            </span>
            {t('saving.addSection')}
          </button>
        </>
      )}
      {view.name === 'createBoard' && (
        <CreateBoardForm
          pinId={props.pinId}
          onCreated={props.onBoardCreated}
          errorText={props.createBoardErrorText}
        />
      )}
      {view.name === 'addSection' && (
        <AddSectionForm
          pinId={props.pinId}
          board={view.board}
          onCreated={(section) => props.onSectionCreated(view.board, section)}
        />
      )}
    </div>
  );
}
