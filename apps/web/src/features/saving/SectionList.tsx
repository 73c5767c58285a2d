import type { PickerBoard } from '@pinboard/shared';
import { useId } from 'react';
import { useTranslation } from '../../i18n.ts';
import { RowEnd, type RowStatus } from './BoardRow.tsx';
import styles from './BoardPicker.module.css';
import { usePickerKeys } from './usePickerKeys.ts';
import { WindowedListbox } from './WindowedListbox.tsx';

type SectionItem =
  { kind: 'board'; id: null; title: string } | { kind: 'section'; id: string; title: string };

const isAlways = () => true;

interface SectionListProps {
  board: PickerBoard;
  statusOf: (boardId: string, sectionId: string | null) => RowStatus;
  /** `section` null: the board itself. */
  onChoose: (section: { id: string; title: string } | null) => void;
}

/**
 * A board's sections (docs/product/saving.md#board-picker), after the board itself, which stays choosable.
 */
export function SectionList({ board, statusOf, onChoose }: SectionListProps) {
  const { t } = useTranslation();
  const id = useId();
  const items: SectionItem[] = [
    { kind: 'board', id: null, title: board.name },
    ...board.sections.map((section) => ({ kind: 'section' as const, ...section })),
  ];
  const choose = (index: number) => {
    const item = items[index]!;
    onChoose(item.id === null ? null : { id: item.id, title: item.title });
  };
  const keys = usePickerKeys(items, choose);

  return (
    <WindowedListbox<SectionItem>
      id={`${id}-list`}
      label={t('saving.sectionsLabel', { boardName: board.name })}
      items={items}
      isOption={isAlways}
      itemKey={(item) => item.id ?? 'board'}
      activeIndex={keys.activeIndex}
      optionId={(index) => `${id}-option-${index}`}
      onActivate={keys.setActiveIndex}
      onChoose={choose}
      focusable
      onKeyDown={keys.onKeyDown}
      renderItem={(item, active) => (
        <>
          <span className={styles.text}>
            <span className={styles.name}>{item.title}</span>
            {item.kind === 'board' && <span className={styles.counts}>{t('saving.wholeBoard')}</span>}
          </span>
          <RowEnd status={statusOf(board.id, item.id)} opensSections={false} active={active} />
        </>
      )}
    />
  );
}
