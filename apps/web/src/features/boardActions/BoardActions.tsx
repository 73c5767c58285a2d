import './words.ts';
import type { Board } from '@pinboard/shared';
import type { QueryKey } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { useViewer } from '../viewer/useViewer.ts';
import styles from './BoardActions.module.css';
import { BoardInviteBar } from './BoardInviteBar.tsx';
import { FollowBoardButton } from './FollowBoardButton.tsx';

// The owner's and a collaborator's menus (with their dialogs, forms and zod) are chunks of their
// own, so a visitor's board page loads only Follow.
const BoardMenu = lazy(async () => ({ default: (await import('./BoardMenu.tsx')).BoardMenu }));
const CollaboratorBoardMenu = lazy(async () => ({
  default: (await import('./CollaboratorBoardMenu.tsx')).CollaboratorBoardMenu,
}));
const ReportBoardMenu = lazy(async () => ({
  default: (await import('./ReportBoardMenu.tsx')).ReportBoardMenu,
}));

interface BoardActionsProps {
  board: Board;
  /** The board page's query key, which the actions update in place. */
  boardKey: QueryKey;
}

/**
 * The board page's actions, in their own lazy chunk: the owner's menu, or Follow for anyone else
 * (a visitor is asked to sign up), with the collaborator's menu for a collaborator, a menu with
 * Report board for any other signed-in person, and Accept and Decline for a person invited to it.
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
      {viewer !== null && !board.collaborated_by_me && (
        <BoardInviteBar board={board} boardKey={boardKey} username={viewer.username} />
      )}
      {viewer !== null && board.collaborated_by_me && (
        <Suspense fallback={null}>
          <CollaboratorBoardMenu board={board} boardKey={boardKey} viewer={viewer} />
        </Suspense>
      )}
      {viewer !== null && !board.collaborated_by_me && (
        <Suspense fallback={null}>
          <ReportBoardMenu board={board} />
        </Suspense>
      )}
    </div>
  );
}
