import './words.ts';
import type { Board } from '@pinboard/shared';
import type { QueryKey } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { useViewer } from '../viewer/useViewer.ts';
import styles from './BoardActions.module.css';
import { FollowBoardButton } from './FollowBoardButton.tsx';

// The owner's and a collaborator's menus (with their dialogs, forms and zod) are chunks of their
// own, so a visitor's board page loads only Follow.
const BoardMenu = lazy(async () => ({ default: (await import('./BoardMenu.tsx')).BoardMenu }));
const CollaboratorBoardMenu = lazy(async () => ({
  default: (await import('./CollaboratorBoardMenu.tsx')).CollaboratorBoardMenu,
}));

interface BoardActionsProps {
  board: Board;
  /** The board page's query key, which the actions update in place. */
  boardKey: QueryKey;
}

/**
 * The board page's actions, in their own lazy chunk: the owner's menu, or Follow for anyone else
 * (a visitor is asked to log in), with the collaborator's menu for a collaborator.
 */
export function BoardActions({ board, boardKey }: BoardActionsProps) {
  const { viewer, isLoading } = useViewer();
  if (isLoading) return null;
  if (viewer !== null && viewer.id === board.owner.id) {
    return (
      <div className={styles.actions}>
        <Suspense fallback={null}>
          <BoardMenu board={board} boardKey={boardKey} />
        </Suspense>
      </div>
    );
  }
  return (
    <div className={styles.actions}>
      <FollowBoardButton board={board} boardKey={boardKey} signedIn={viewer !== null} />
      {viewer !== null && board.collaborated_by_me && (
        <Suspense fallback={null}>
          <CollaboratorBoardMenu board={board} boardKey={boardKey} viewer={viewer} />
        </Suspense>
      )}
    </div>
  );
}
