import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { boards, boardSections } from '../../db/schema/boards.ts';
import { images } from '../../db/schema/images.ts';
import { boardCollaborators } from '../../db/schema/social.ts';
import { users } from '../../db/schema/users.ts';
import { activeAccount } from '../../policies/visibility.ts';

const owner = alias(users, 'picker_owner');
const cover = alias(images, 'picker_cover');
const membership = alias(boardCollaborators, 'picker_membership');

/**
 * The boards the viewer may save to: the ones they own and the ones they collaborate on, less
 * those the viewer archived (the owner on the board, a collaborator on their membership).
 * One query, whatever the number of boards; a board without a cover shows its latest pin.
 */
export async function listPickerBoards(db: Executor, viewerId: number) {
  return db
    .select({
      id: boards.id,
      name: boards.name,
      slug: boards.slug,
      privacy: boards.privacy,
      ownerId: boards.ownerId,
      ownerUsername: owner.username,
      isCollaborative: boards.isCollaborative,
      collaboratorCount: boards.collaboratorCount,
      pinCount: boards.pinCount,
      sectionCount: boards.sectionCount,
      createdAt: boards.createdAt,
      lastPinnedToAt: boards.lastPinnedToAt,
      collaboratedByMe: sql<boolean>`${membership.userId} is not null`,
      coverSizes: sql<typeof images.$inferSelect.sizes | null>`coalesce(${cover.sizes}, (
        select i.sizes from pins p join images i on i.id = p.image_id
        where p.board_id = ${boards.id} order by p.id desc limit 1))`,
    })
    .from(boards)
    .innerJoin(owner, eq(owner.id, boards.ownerId))
    .leftJoin(membership, and(eq(membership.boardId, boards.id), eq(membership.userId, viewerId)))
    .leftJoin(cover, eq(cover.id, boards.coverImageId))
    .where(
      and(
        activeAccount(owner),
        or(
          and(eq(boards.ownerId, viewerId), isNull(boards.archivedAt)),
          and(sql`${membership.userId} is not null`, isNull(membership.archivedAt)),
        ),
      ),
    );
}

export type PickerBoardRow = Awaited<ReturnType<typeof listPickerBoards>>[number];

/** The sections of the viewer's boards, in each board's order, in one query. */
export async function listPickerSections(db: Executor, boardIds: number[]) {
  if (boardIds.length === 0) return [];
  return db
    .select({ id: boardSections.id, boardId: boardSections.boardId, title: boardSections.title })
    .from(boardSections)
    .where(inArray(boardSections.boardId, boardIds))
    .orderBy(asc(boardSections.boardId), asc(boardSections.position), asc(boardSections.id));
}

/** Every board name the viewer has (owned or collaborated, archived too), for title suggestions. */
export async function listViewerBoardNames(db: Executor, viewerId: number): Promise<string[]> {
  const rows = await db
    .select({ name: boards.name })
    .from(boards)
    .where(
      or(
        eq(boards.ownerId, viewerId),
        sql`exists (select 1 from ${boardCollaborators} c where c.board_id = ${boards.id} and c.user_id = ${viewerId})`,
      ),
    );
  return rows.map((row) => row.name);
}
