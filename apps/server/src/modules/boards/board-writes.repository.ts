import { and, eq, like, ne, or, sql, type SQL } from 'drizzle-orm';
import type { BoardPrivacy } from '@pinboard/shared';
import type { Executor } from '../../db/client.ts';
import { boards } from '../../db/schema/boards.ts';
import { boardCollaborators, boardFollows } from '../../db/schema/social.ts';
import { followerIsNotBoardMember } from '../../policies/visibility.ts';
import { users } from '../../db/schema/users.ts';

/** `like` pattern of `base-…`, with the base's own wildcards escaped. */
export function slugFamilyPattern(base: string): string {
  return `${base.replace(/[\\%_]/g, (c) => `\\${c}`)}-%`;
}

/** The owner's slugs that are `base` or `base-…` (other than the board being renamed). */
export async function takenBoardSlugs(db: Executor, ownerId: number, base: string, exceptId?: number) {
  const rows = await db
    .select({ slug: boards.slug })
    .from(boards)
    .where(
      and(
        eq(boards.ownerId, ownerId),
        or(eq(boards.slug, base), like(boards.slug, slugFamilyPattern(base))),
        exceptId === undefined ? undefined : ne(boards.id, exceptId),
      ),
    );
  return new Set(rows.map((row) => row.slug));
}

export interface NewBoard {
  ownerId: number;
  name: string;
  slug: string;
  description: string;
  privacy: BoardPrivacy;
}

export async function insertBoard(db: Executor, board: NewBoard): Promise<number> {
  const [row] = await db.insert(boards).values(board).returning({ id: boards.id });
  return row!.id;
}

export interface BoardChanges {
  name?: string;
  slug?: string;
  description?: string;
  privacy?: BoardPrivacy;
}

/**
 * A board that stops being public loses the follows of everyone who is not its owner or a
 * collaborator, in the same transaction: they could no longer see it, nor unfollow it.
 */
export async function updateBoard(db: Executor, id: number, changes: BoardChanges) {
  const update = (tx: Executor) =>
    tx
      .update(boards)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(boards.id, id));
  if (changes.privacy === undefined || changes.privacy === 'public') {
    await update(db);
    return;
  }
  await db.transaction(async (tx) => {
    await update(tx);
    await tx.delete(boardFollows).where(and(eq(boardFollows.boardId, id), followerIsNotBoardMember(id)));
  });
}

/** Deletes a board; its pins, sections, follows and collaborators go with it (foreign keys). */
export async function deleteBoard(db: Executor, id: number) {
  await db.delete(boards).where(eq(boards.id, id));
}

const boardArchivedAtOrNow = sql`coalesce(${boards.archivedAt}, now())`;
const collaboratorArchivedAtOrNow = sql`coalesce(${boardCollaborators.archivedAt}, now())`;

/** The owner's archive: the board is archived for everyone. Archiving again keeps the first time. */
export async function setBoardArchived(db: Executor, id: number, archived: boolean) {
  const when: SQL | null = archived ? boardArchivedAtOrNow : null;
  await db.update(boards).set({ archivedAt: when }).where(eq(boards.id, id));
}

/** A collaborator's own archive of a group board. */
export async function setCollaboratorArchived(
  db: Executor,
  boardId: number,
  userId: number,
  archived: boolean,
) {
  await db
    .update(boardCollaborators)
    .set({ archivedAt: archived ? collaboratorArchivedAtOrNow : null })
    .where(and(eq(boardCollaborators.boardId, boardId), eq(boardCollaborators.userId, userId)));
}

export async function findUsernameById(db: Executor, id: number): Promise<string | null> {
  const [row] = await db.select({ username: users.username }).from(users).where(eq(users.id, id));
  return row?.username ?? null;
}
