import type { Board } from '@pinboard/shared';
import { BoardCard } from './BoardCard.tsx';
import styles from './BoardGrid.module.css';

/** Board cards in as many columns as fit, named for assistive technology by `label`. */
export function BoardGrid({ boards, label }: { boards: readonly Board[]; label: string }) {
  return (
    <ul className={styles.grid} aria-label={label}>
      {boards.map((board) => (
        <li key={board.id}>
          <BoardCard board={board} />
        </li>
      ))}
    </ul>
  );
}
