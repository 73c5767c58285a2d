import { BOARD_SORTS, isBoardSort, type BoardSort } from '@pinboard/shared/board-sorts';
import { useId } from 'react';
import { useTranslation } from '../../i18n.ts';
import styles from './BoardSortMenu.module.css';

interface BoardSortMenuProps {
  value: BoardSort;
  onChange: (sort: BoardSort) => void;
}

/**
 * The six board orders (docs/product/boards.md#board-sorts), as a native select: keyboard and screen reader
 * ready.
 */
export function BoardSortMenu({ value, onChange }: BoardSortMenuProps) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className={styles.menu}>
      <label htmlFor={id} className={styles.label}>
        {t('board.sortLabel')}
      </label>
      <select
        id={id}
        className={styles.select}
        value={value}
        onChange={(event) => {
          if (isBoardSort(event.target.value)) onChange(event.target.value);
        }}
      >
        {BOARD_SORTS.map((sort) => (
          <option key={sort} value={sort}>
            {t(`board.sorts.${sort}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
