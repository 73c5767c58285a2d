import type { Board } from '@pinboard/shared';
import { canEditBoard } from '../boards/canEditBoard.ts';
import { useViewer } from '../viewer/useViewer.ts';

/**
 * The owner and collaborators may organize a board's pins (docs/product/saving.md#who-may-do-what); false
 * until both load.
 */
export function useCanMovePins(board: Pick<Board, 'owner' | 'collaborated_by_me'> | undefined): boolean {
  const { viewer } = useViewer();
  return board !== undefined && canEditBoard(board, viewer);
}
