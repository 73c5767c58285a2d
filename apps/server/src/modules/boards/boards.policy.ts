import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { boards } from '../../db/schema/boards.ts';
import { AppError } from '../../lib/app-error.ts';

/** What a viewer may do with a board (docs/product/boards.md#who-may-do-what). */
export type BoardAccess = 'owner' | 'collaborator' | 'reader' | 'none';

/**
 * The viewer's access to a board: its owner, a collaborator (may save into it), a reader (a
 * public board), or none (a secret or protected board of someone else, a board of an account that
 * is not active, or no such board, which callers answer alike so ids cannot be probed).
 */
export async function boardAccessOf(
  db: Executor,
  boardId: number,
  viewerId: number | null,
): Promise<BoardAccess> {
  const [row] = await db
    .select({
      ownerId: boards.ownerId,
      ownerActive: sql<boolean>`exists (select 1 from users u where u.id = ${boards.ownerId} and u.status = 'active')`,
      privacy: boards.privacy,
      collaborator:
        viewerId === null
          ? sql<boolean>`false`
          : sql<boolean>`exists (select 1 from board_collaborators bc where bc.board_id = ${boards.id} and bc.user_id = ${viewerId})`,
    })
    .from(boards)
    .where(and(eq(boards.id, boardId)));
  // Boards of suspended or deactivated accounts are hidden from everyone (decision 5), their owner included.
  if (!row || !row.ownerActive) return 'none';
  if (viewerId !== null && row.ownerId === viewerId) return 'owner';
  if (row.collaborator) return 'collaborator';
  return row.privacy === 'public' ? 'reader' : 'none';
}

/** The board's access, refusing with board_not_found when it is `none`. */
export async function assertBoardVisible(db: Executor, boardId: number, viewerId: number | null) {
  const access = await boardAccessOf(db, boardId, viewerId);
  if (access === 'none') throw new AppError('board_not_found');
  return access;
}

/** Owner or collaborator (saving, moving pins, sections); a reader gets `forbidden`, others 404. */
export async function assertBoardWritable(db: Executor, boardId: number, viewerId: number | null) {
  const access = await assertBoardVisible(db, boardId, viewerId);
  if (access === 'reader') throw new AppError('forbidden');
  return access;
}

/** The owner only (renaming, privacy, deleting, inviting); anyone else as assertBoardWritable. */
export async function assertBoardOwner(db: Executor, boardId: number, viewerId: number | null) {
  const access = await assertBoardWritable(db, boardId, viewerId);
  if (access !== 'owner') throw new AppError('forbidden');
}
