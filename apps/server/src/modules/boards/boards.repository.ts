import { and, asc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { BoardSort, RenditionName } from '@pinboard/shared';
import type { Executor } from '../../db/client.ts';
import { preparedPerDatabase } from '../../db/prepared.ts';
import { int8Array, selectRows } from '../../db/sql-helpers.ts';
import { boards, boardSections } from '../../db/schema/boards.ts';
import { images, type StoredRendition } from '../../db/schema/images.ts';
import { boardCollaborators, boardFollows } from '../../db/schema/social.ts';
import { users } from '../../db/schema/users.ts';
import { activeAccount, boardVisibleTo, type ViewerIdParam } from '../../policies/visibility.ts';
import { userSummaryColumns, type UserSummaryRow } from '../users/users.repository.ts';
import { afterKey, BOARD_SORT_SPECS, orderBySort, sortKeySelect } from './board-sorts.ts';

const owner = alias(users, 'owner');
const ownerAvatar = alias(images, 'owner_avatar');
const cover = alias(images, 'cover');

function memberFlag(viewerId: ViewerIdParam | null): SQL<boolean> {
  if (viewerId === null) return sql<boolean>`false`;
  return sql<boolean>`exists (select 1 from ${boardCollaborators} c where c.board_id = ${boards.id} and c.user_id = ${viewerId})`;
}

const NO_SORT_KEY = sql<string[]>`array[]::text[]`;

/** Board rows with their owner and cover, for any list; callers add where, order and limit. */
export function selectBoards(
  db: Executor,
  viewerId: ViewerIdParam | null,
  sortKey: SQL<string[]> = NO_SORT_KEY,
) {
  return db
    .select({
      sortKey,
      id: boards.id,
      name: boards.name,
      slug: boards.slug,
      description: boards.description,
      privacy: boards.privacy,
      layout: boards.layout,
      isCollaborative: boards.isCollaborative,
      collaboratorCount: boards.collaboratorCount,
      pinCount: boards.pinCount,
      sectionCount: boards.sectionCount,
      followerCount: boards.followerCount,
      hasCustomCover: boards.hasCustomCover,
      archivedAt: boards.archivedAt,
      createdAt: boards.createdAt,
      lastPinnedToAt: boards.lastPinnedToAt,
      boardOrderModifiedAt: boards.boardOrderModifiedAt,
      coverSizes: cover.sizes,
      owner: userSummaryColumns(owner, ownerAvatar),
      collaboratedByMe: memberFlag(viewerId),
      followedByMe:
        viewerId === null
          ? sql<boolean>`false`
          : sql<boolean>`exists (select 1 from ${boardFollows} f where f.board_id = ${boards.id} and f.user_id = ${viewerId})`,
      myCollaboratorArchivedAt:
        viewerId === null
          ? sql<string | null>`null`
          : sql<
              string | null
            >`(select c.archived_at::text from ${boardCollaborators} c where c.board_id = ${boards.id} and c.user_id = ${viewerId})`,
    })
    .from(boards)
    .innerJoin(owner, eq(owner.id, boards.ownerId))
    .leftJoin(ownerAvatar, eq(ownerAvatar.id, owner.avatarImageId))
    .leftJoin(cover, eq(cover.id, boards.coverImageId));
}

export type BoardRow = Awaited<ReturnType<ReturnType<typeof selectBoards>['execute']>>[number];

function prepareBoardById(viewerId: ViewerIdParam | null, name: string) {
  return preparedPerDatabase((db) =>
    selectBoards(db, viewerId)
      .where(and(eq(boards.id, sql.placeholder('id')), boardVisibleTo(viewerId, owner)))
      .limit(1)
      .prepare(name),
  );
}
const publicBoardById = prepareBoardById(null, 'public_board_by_id');
const viewerBoardById = prepareBoardById(sql.placeholder('viewerId'), 'viewer_board_by_id');

export async function findBoardById(
  db: Executor,
  id: number,
  viewerId: number | null,
): Promise<BoardRow | null> {
  const [row] =
    viewerId === null
      ? await publicBoardById(db).execute({ id })
      : await viewerBoardById(db).execute({ id, viewerId });
  return row ?? null;
}

/** A board by its owner's username (case-insensitive) and its slug, if the viewer may see it. */
export async function findBoardByOwnerAndSlug(
  db: Executor,
  username: string,
  slug: string,
  viewerId: number | null,
): Promise<BoardRow | null> {
  const [row] = await selectBoards(db, viewerId)
    .where(
      and(
        sql`lower(${owner.username}) = lower(${username})`,
        eq(boards.slug, slug),
        boardVisibleTo(viewerId, owner),
      ),
    )
    .limit(1);
  return row ?? null;
}

export interface UserBoardsPage {
  userId: number;
  viewerId: number | null;
  sort: BoardSort;
  privacy: 'all' | 'public' | 'secret' | 'protected';
  includeArchived: boolean;
  after: string[] | null;
  limit: number;
}

/**
 * Boards a user owns or collaborates on, as the viewer may see them, in one of the
 * product's sort orders. Archived means archived by that user (owner or collaborator).
 */
export async function listUserBoards(db: Executor, page: UserBoardsPage) {
  const spec = BOARD_SORT_SPECS[page.sort];
  const collaborates = sql`exists (select 1 from ${boardCollaborators} m where m.board_id = ${boards.id} and m.user_id = ${page.userId})`;
  const archivedByUser = sql`(case when ${boards.ownerId} = ${page.userId} then ${boards.archivedAt}
    else (select m.archived_at from ${boardCollaborators} m where m.board_id = ${boards.id} and m.user_id = ${page.userId}) end)`;
  return selectBoards(db, page.viewerId, sortKeySelect(spec))
    .where(
      and(
        or(eq(boards.ownerId, page.userId), collaborates),
        boardVisibleTo(page.viewerId, owner),
        page.privacy === 'all' ? undefined : eq(boards.privacy, page.privacy),
        page.includeArchived ? undefined : sql`${archivedByUser} is null`,
        page.after ? afterKey(spec, page.after) : undefined,
      ),
    )
    .orderBy(...orderBySort(spec))
    .limit(page.limit);
}

export interface BoardExtras {
  collaborators: Map<number, UserSummaryRow[]>;
  thumbnails: Map<number, { sizes: Record<RenditionName, StoredRendition>; dominantColor: string }[]>;
}

const COLLABORATOR_AVATARS = 3;
const BOARD_THUMBNAILS = 5;

/** The first three collaborators of each board (its avatars), by when they joined, in one query. */
export async function loadCollaboratorAvatars(
  db: Executor,
  boardIds: number[],
): Promise<Map<number, UserSummaryRow[]>> {
  const byBoard = new Map<number, UserSummaryRow[]>();
  if (boardIds.length === 0) return byBoard;
  const collaborator = alias(users, 'collaborator');
  const avatar = alias(images, 'collaborator_avatar');
  const ranked = db
    .select({
      boardId: boardCollaborators.boardId,
      userId: boardCollaborators.userId,
      rank: sql<number>`row_number() over (partition by ${boardCollaborators.boardId} order by ${boardCollaborators.createdAt}, ${boardCollaborators.userId})`.as(
        'rank',
      ),
    })
    .from(boardCollaborators)
    .where(inArray(boardCollaborators.boardId, boardIds))
    .as('ranked');
  const rows = await db
    .select({ boardId: ranked.boardId, user: userSummaryColumns(collaborator, avatar) })
    .from(ranked)
    .innerJoin(collaborator, eq(collaborator.id, ranked.userId))
    .leftJoin(avatar, eq(avatar.id, collaborator.avatarImageId))
    .where(and(sql`${ranked.rank} <= ${COLLABORATOR_AVATARS}`, activeAccount(collaborator)))
    .orderBy(asc(ranked.boardId), asc(ranked.rank));
  for (const { boardId, user } of rows) byBoard.set(boardId, [...(byBoard.get(boardId) ?? []), user]);
  return byBoard;
}

/** Collaborator avatars and latest pin thumbnails for a page of boards, in two queries. */
export async function loadBoardExtras(db: Executor, boardIds: number[]): Promise<BoardExtras> {
  const extras: BoardExtras = { collaborators: new Map(), thumbnails: new Map() };
  if (boardIds.length === 0) return extras;
  extras.collaborators = await loadCollaboratorAvatars(db, boardIds);

  const thumbs = await selectRows<{
    board_id: number;
    sizes: Record<RenditionName, StoredRendition>;
    dominant_color: string;
  }>(
    db,
    sql`
    select b.id as board_id, t.sizes, t.dominant_color
    from unnest(${int8Array(boardIds.map(Number))}) as b(id)
    cross join lateral (
      select i.sizes, p.dominant_color from pins p join images i on i.id = p.image_id
      where p.board_id = b.id order by p.id desc limit ${BOARD_THUMBNAILS}
    ) t`,
  );
  for (const row of thumbs) {
    const boardId = Number(row.board_id);
    extras.thumbnails.set(boardId, [
      ...(extras.thumbnails.get(boardId) ?? []),
      { sizes: row.sizes, dominantColor: row.dominant_color },
    ]);
  }
  return extras;
}

export async function findSectionById(db: Executor, id: number) {
  const [row] = await db.select().from(boardSections).where(eq(boardSections.id, id)).limit(1);
  return row ?? null;
}

export type SectionRow = typeof boardSections.$inferSelect;

/** Follows a board; following twice is a no-op. */
export async function insertBoardFollow(db: Executor, userId: number, boardId: number) {
  await db.insert(boardFollows).values({ userId, boardId }).onConflictDoNothing();
}

export async function deleteBoardFollow(db: Executor, userId: number, boardId: number) {
  await db
    .delete(boardFollows)
    .where(and(eq(boardFollows.userId, userId), eq(boardFollows.boardId, boardId)));
}
