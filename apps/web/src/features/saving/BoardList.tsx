import type { BoardPicker, PickerBoard } from '@pinboard/shared';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../i18n.ts';
import { BoardRow, type RowStatus } from './BoardRow.tsx';
import styles from './BoardPicker.module.css';
import { buildPickerItems, type PickerItem } from './pickerItems.ts';
import { usePickerKeys } from './usePickerKeys.ts';
import { WindowedListbox } from './WindowedListbox.tsx';

interface BoardListProps {
  picker: BoardPicker;
  statusOf: (boardId: string, sectionId: string | null) => RowStatus;
  onBoard: (board: PickerBoard) => void;
}

const isBoard = (item: PickerItem) => item.kind === 'board';

/** The search field over the viewer's boards; the list filters in memory as they type. */
export function BoardList({ picker, statusOf, onBoard }: BoardListProps) {
  const { t } = useTranslation();
  const id = useId();
  const [query, setQuery] = useState('');
  const search = useRef<HTMLInputElement>(null);
  // The boards arrive after the dialog opened (and come back after a form): the field takes the focus then.
  useEffect(() => search.current?.focus(), []);
  const items = useMemo(() => buildPickerItems(picker, query), [picker, query]);
  const choose = (index: number) => {
    const item = items[index];
    if (item?.kind === 'board') onBoard(item.board);
  };
  const keys = usePickerKeys(items, choose);
  const listId = `${id}-list`;
  const optionId = (index: number) => `${id}-option-${index}`;

  return (
    <>
      <input
        type="search"
        role="combobox"
        className={styles.search}
        placeholder={t('saving.search')}
        aria-label={t('saving.searchLabel')}
        aria-controls={listId}
        aria-expanded="true"
        aria-autocomplete="list"
        aria-activedescendant={keys.activeIndex >= 0 ? optionId(keys.activeIndex) : undefined}
        autoComplete="off"
        ref={search}
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          keys.setActiveIndex(-1);
        }}
        onKeyDown={keys.onKeyDown}
      />
      {items.length === 0 && query.trim() !== '' && (
        <p className={styles.empty}>{t('saving.noMatches', { query: query.trim() })}</p>
      )}
      <WindowedListbox<PickerItem>
        id={listId}
        label={t('saving.boardsLabel')}
        items={items}
        isOption={isBoard}
        itemKey={(item) => item.key}
        activeIndex={keys.activeIndex}
        optionId={optionId}
        onActivate={keys.setActiveIndex}
        onChoose={choose}
        renderItem={(item, active) =>
          item.kind === 'heading' ? (
            t(`saving.${item.label}`)
          ) : (
            <BoardRow
              board={item.board}
              status={statusOf(item.board.id, null)}
              opensSections={item.board.sections.length > 0}
              active={active}
            />
          )
        }
      />
    </>
  );
}
