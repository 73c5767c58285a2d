import type { Board } from '@pinboard/shared';
import { BoardCard } from './BoardCard.tsx';
import styles from './BoardGrid.module.css';

interface BoardGridProps {
  boards: readonly Board[];
  label: string;
  /** Each card names its owner (boards of many people, as in search). */
  showOwners?: boolean;
}

/** Board cards in as many columns as fit, named for assistive technology by `label`. */
export function BoardGrid({ boards, label, showOwners = false }: BoardGridProps) {
  return (
    <ul className={styles.grid} aria-label={label}>
      {boards.map((board) => (
        <li key={board.id}>
          <BoardCard board={board} showOwner={showOwners} />
        </li>
      ))}
    </ul>
  );
}
