import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { boards } from '../db/schema/boards.ts';
import { AppError } from '../lib/app-error.ts';
import { activeAccountWithId, boardAccess, collaboratesOnBoard, type BoardAccess } from './visibility.ts';

export type { BoardAccess } from './visibility.ts';

/**
 * What a viewer may do with a board, and through it with its sections:
 * - `read`: see it (owner, collaborator, anyone for a public board);
 * - `write`: save, move and create pins and sections in it, archive it for oneself, see and
 *   manage its collaborators (owner or collaborator);
 * - `manage`: rename it, change its privacy, delete it, invite to it (owner only).
 */
export type BoardAction = 'read' | 'write' | 'manage';

const ALLOWED: Record<BoardAction, readonly BoardAccess[]> = {
  read: ['owner', 'collaborator', 'reader'],
  write: ['owner', 'collaborator'],
  manage: ['owner'],
};

/**
 * The object an action is on: a board by id, or a section of the board `boardId` (the board's
 * rule, but what the viewer may not see is a missing section rather than a missing board).
 */
export type BoardObject = { board: number } | { sectionOfBoard: number };

/**
 * The viewer's access to a board (`boardAccess` over its row), `none` for a board that does not
 * exist too: callers answer both alike so that ids cannot be probed.
 */
export async function boardAccessOf(
  db: Executor,
  boardId: number,
  viewerId: number | null,
): Promise<BoardAccess> {
  const [row] = await db
    .select({
      ownerId: boards.ownerId,
      ownerActive: sql<boolean>`${activeAccountWithId(boards.ownerId)}`,
      privacy: boards.privacy,
      removed: sql<boolean>`${boards.removedAt} is not null`,
      viewerCollaborates:
        viewerId === null ? sql<boolean>`false` : sql<boolean>`${collaboratesOnBoard(viewerId)}`,
    })
    .from(boards)
    .where(eq(boards.id, boardId));
  return row ? boardAccess(viewerId, row) : 'none';
}

/**
 * Allows `action` on `object` or throws: what the viewer may not see answers as missing
 * (`board_not_found`, `section_not_found`), and a viewer who sees it but may not do the action
 * gets `forbidden`. Answers the viewer's access for rules that depend on it.
 */
export async function authorize(
  db: Executor,
  viewerId: number | null,
  action: BoardAction,
  object: BoardObject,
): Promise<Exclude<BoardAccess, 'none'>> {
  const section = 'sectionOfBoard' in object;
  const access = await boardAccessOf(db, section ? object.sectionOfBoard : object.board, viewerId);
  if (access === 'none') throw new AppError(section ? 'section_not_found' : 'board_not_found');
  if (!ALLOWED[action].includes(access)) throw new AppError('forbidden');
  return access;
}
