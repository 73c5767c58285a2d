import { and, asc, eq, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { DEFAULT_PAGE_SIZE, type BoardSort, type RenditionName } from '@pinboard/shared';
import type { Executor } from '../../db/client.ts';
import { literalLimit, opaqueParam, preparedPerDatabase } from '../../db/prepared.ts';
import { boards, boardSections } from '../../db/schema/boards.ts';
import { images, type StoredRendition } from '../../db/schema/images.ts';
import { boardCollaborators, boardFollows } from '../../db/schema/social.ts';
import { users } from '../../db/schema/users.ts';
import {
  activeAccount,
  activeAccountAs,
  boardVisibleTo,
  pinNotRemovedAs,
  type ViewerIdParam,
} from '../../policies/visibility.ts';
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
      removedAt: boards.removedAt,
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

type UserBoardsFilter = Omit<UserBoardsPage, 'userId' | 'viewerId' | 'limit'> & {
  userId: number | Placeholder;
  viewerId: ViewerIdParam | null;
};

function userBoardsQuery(db: Executor, page: UserBoardsFilter) {
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
    .orderBy(...orderBySort(spec));
}

/**
 * The call a profile makes (decision 39): the first page of every board the person has not
 * archived, at the default page size, prepared per sort and audience (at most 12 statements).
 * Planning it took longer than running it. The person is found by username inside the statement
 * (decision 60): no statement of its own to look their id up first.
 */
const FIRST_PAGE_LIMIT = DEFAULT_PAGE_SIZE + 1;
const firstUserBoardsPages = new Map<string, ReturnType<typeof prepareFirstUserBoardsPage>>();

/** An active person's id by username (case-insensitive), inside a statement; null for none. */
const activeUserIdByUsername = sql`(select bu.id from ${users} bu
  where lower(bu.username) = lower(${sql.placeholder('username')}) and ${activeAccountAs('bu')})`;

function prepareFirstUserBoardsPage(sort: BoardSort, audience: 'visitor' | 'viewer') {
  const viewerId = audience === 'visitor' ? null : sql.placeholder('viewerId');
  return preparedPerDatabase((db) =>
    userBoardsQuery(db, {
      // Typed as the placeholder it stands for (`userBoardsQuery` writes it into its conditions).
      userId: activeUserIdByUsername as unknown as Placeholder,
      viewerId,
      sort,
      privacy: 'all',
      includeArchived: false,
      after: null,
    })
      .limit(literalLimit(FIRST_PAGE_LIMIT))
      .prepare(`user_boards_first_${sort}_${audience}`),
  );
}

function firstUserBoardsPage(sort: BoardSort, audience: 'visitor' | 'viewer') {
  const name = `${sort}:${audience}`;
  let prepared = firstUserBoardsPages.get(name);
  if (!prepared) firstUserBoardsPages.set(name, (prepared = prepareFirstUserBoardsPage(sort, audience)));
  return prepared;
}

/** Whether a page of a person's boards is the one a profile asks for (`listFirstUserBoards`). */
export function isFirstUserBoardsPage(page: Omit<UserBoardsPage, 'userId' | 'viewerId'>): boolean {
  return (
    page.privacy === 'all' && !page.includeArchived && page.after === null && page.limit === FIRST_PAGE_LIMIT
  );
}

/**
 * The first page of the boards of the active person `username`, as `listUserBoards` reads it
 * (`isFirstUserBoardsPage`), in one prepared statement. Empty for a name no active person has.
 */
export async function listFirstUserBoards(
  db: Executor,
  page: { username: string; viewerId: number | null; sort: BoardSort },
) {
  const { username, viewerId, sort } = page;
  return viewerId === null
    ? firstUserBoardsPage(sort, 'visitor')(db).execute({ username })
    : firstUserBoardsPage(sort, 'viewer')(db).execute({ username, viewerId });
}

/**
 * Boards a user owns or collaborates on, as the viewer may see them, in one of the
 * product's sort orders. Archived means archived by that user (owner or collaborator).
 */
export async function listUserBoards(db: Executor, page: UserBoardsPage) {
  return userBoardsQuery(db, page).limit(page.limit);
}

export interface BoardExtras {
  collaborators: Map<number, UserSummaryRow[]>;
  thumbnails: Map<number, { sizes: Record<RenditionName, StoredRendition>; dominantColor: string }[]>;
}

const COLLABORATOR_AVATARS = 3;
const BOARD_THUMBNAILS = 5;

// Prepared (decision 39): every list of boards asks for these, and planning them took longer
// than running them (0.4 ms against 0.1-0.2 ms on the 100,000-pin seed). The ids through
// `opaqueParam`: a plan made for the array's length was priced below the generic plan, so each
// run was planned again.
const collaboratorAvatars = preparedPerDatabase((db) => {
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
    .where(sql`${boardCollaborators.boardId} = any(${opaqueParam('boardIds', 'int8[]')})`)
    .as('ranked');
  return db
    .select({ boardId: ranked.boardId, user: userSummaryColumns(collaborator, avatar) })
    .from(ranked)
    .innerJoin(collaborator, eq(collaborator.id, ranked.userId))
    .leftJoin(avatar, eq(avatar.id, collaborator.avatarImageId))
    .where(and(sql`${ranked.rank} <= ${sql.raw(String(COLLABORATOR_AVATARS))}`, activeAccount(collaborator)))
    .orderBy(asc(ranked.boardId), asc(ranked.rank))
    .prepare('board_collaborator_avatars');
});

/** The first three collaborators of each board (its avatars), by when they joined, in one query. */
export async function loadCollaboratorAvatars(
  db: Executor,
  boardIds: number[],
): Promise<Map<number, UserSummaryRow[]>> {
  const byBoard = new Map<number, UserSummaryRow[]>();
  if (boardIds.length === 0) return byBoard;
  const rows = await collaboratorAvatars(db).execute({ boardIds: boardIds.map(Number) });
  for (const { boardId, user } of rows) byBoard.set(boardId, [...(byBoard.get(boardId) ?? []), user]);
  return byBoard;
}

// Prepared (decision 39), the ids through `opaqueParam` as above: every list of boards asks for
// them, and planned per request this took longer than running it.
const boardThumbnails = preparedPerDatabase((db) =>
  db
    .select({
      boardId: sql<number>`b.id`.mapWith(Number),
      sizes: sql<Record<RenditionName, StoredRendition>>`t.sizes`,
      dominantColor: sql<string>`t.dominant_color`,
    })
    .from(
      sql`unnest(${opaqueParam('boardIds', 'int8[]')}) as b(id)
    cross join lateral (
      select i.sizes, p.dominant_color, p.id from pins p join images i on i.id = p.image_id
      where p.board_id = b.id and ${pinNotRemovedAs('p')} order by p.id desc limit ${sql.raw(String(BOARD_THUMBNAILS))}
    ) t`,
    )
    .orderBy(sql`b.id`, sql`t.id desc`)
    .prepare('board_thumbnails'),
);

/**
 * Collaborator avatars and latest pin thumbnails for a page of boards, in one or two prepared
 * queries: the avatars only when a board of the page has collaborators (its kept
 * `collaborator_count` counts the active ones, the only ones the avatars show).
 */
export async function loadBoardExtras(
  db: Executor,
  page: readonly { id: number; collaboratorCount: number }[],
): Promise<BoardExtras> {
  const extras: BoardExtras = { collaborators: new Map(), thumbnails: new Map() };
  if (page.length === 0) return extras;
  const collaborative = page.filter((board) => board.collaboratorCount > 0).map((board) => board.id);
  if (collaborative.length > 0) extras.collaborators = await loadCollaboratorAvatars(db, collaborative);
  const thumbs = await boardThumbnails(db).execute({ boardIds: page.map((board) => Number(board.id)) });
  for (const row of thumbs) {
    const list = extras.thumbnails.get(row.boardId);
    const thumb = { sizes: row.sizes, dominantColor: row.dominantColor };
    if (list) list.push(thumb);
    else extras.thumbnails.set(row.boardId, [thumb]);
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
