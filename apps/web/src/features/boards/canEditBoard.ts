import type { Board, UserSummary } from '@pinboard/shared';

/**
 * The owner and the board's collaborators may change its sections and organize
 * its pins. One rule, so the board page keeps space for exactly the controls that will arrive.
 */
export function canEditBoard(
  board: Pick<Board, 'owner' | 'collaborated_by_me'>,
  viewer: UserSummary | null,
): boolean {
  return viewer !== null && (viewer.id === board.owner.id || board.collaborated_by_me);
}
