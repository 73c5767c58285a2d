import type { Board, BoardSection, Pin, UserBoardsQuery } from '@pinboard/shared';
import type { Executor } from '../../db/client.ts';
import type { PageOptions } from '../../lib/bookmark.ts';
import { AppError } from '../../lib/app-error.ts';
import { decodeBookmark, pageOf } from '../../lib/bookmark.ts';
import { pinFilters } from '../pins/pins.repository.ts';
import { pagePins, type PinPage } from '../pins/pins.service.ts';
import { findActiveUserByUsername } from '../users/users.repository.ts';
import { BOARD_SORT_SPECS, isSortKeyOf } from './board-sorts.ts';
import { presentBoard, presentSection } from './boards.presenter.ts';
import {
  deleteBoardFollow,
  findBoardById,
  findBoardByOwnerAndSlug,
  findSectionById,
  insertBoardFollow,
  isFirstUserBoardsPage,
  listFirstUserBoards,
  listUserBoards,
  loadBoardExtras,
  type BoardRow,
} from './boards.repository.ts';
import { findSectionBySlug, findSectionWithPreviewsById, listBoardSections } from './sections.repository.ts';
import { findRemovalNotice } from '../moderation/moderation.repository.ts';
import { notifyBoardFollowed } from '../notifications/notify.ts';

interface Page<T> {
  items: T[];
  bookmark: string | null;
}

async function requireVisibleBoard(db: Executor, id: number, viewerId: number | null): Promise<BoardRow> {
  const row = await findBoardById(db, id, viewerId);
  if (!row) throw new AppError('board_not_found');
  return row;
}

export async function getBoard(db: Executor, id: number, viewerId: number | null): Promise<Board> {
  return presentOneBoard(db, await requireVisibleBoard(db, id, viewerId), viewerId);
}

/**
 * One board as its page shows it. A board an operator removed is seen by its owner alone, and
 * told to them with its removal and appeal (decision 54), as a removed pin's closeup is.
 */
async function presentOneBoard(db: Executor, row: BoardRow, viewerId: number | null): Promise<Board> {
  const [extras, removal] = await Promise.all([
    loadBoardExtras(db, [row]),
    row.removedAt && viewerId === row.owner.id ? findRemovalNotice(db, { type: 'board', id: row.id }) : null,
  ]);
  const board = presentBoard(row, extras, viewerId);
  return removal ? { ...board, removal } : board;
}

/**
 * A board by its web address, `/{username}/{slug}/`. Secret and protected boards answer 404
 * to anyone but their owner and collaborators, as by id.
 */
export async function getBoardBySlug(
  db: Executor,
  username: string,
  slug: string,
  viewerId: number | null,
): Promise<Board> {
  const row = await findBoardByOwnerAndSlug(db, username, slug, viewerId);
  if (!row) throw new AppError('board_not_found');
  return presentOneBoard(db, row, viewerId);
}

/** One section of a board the viewer may see, by its slug (the section page's address). */
export async function getSectionBySlug(
  db: Executor,
  boardId: number,
  slug: string,
  viewerId: number | null,
): Promise<BoardSection> {
  await requireVisibleBoard(db, boardId, viewerId);
  const found = await findSectionBySlug(db, boardId, slug);
  if (!found) throw new AppError('section_not_found');
  return presentSection(found);
}

/** A section by its id, when the viewer may see its board; else as missing. */
export async function getSectionById(
  db: Executor,
  sectionId: number,
  viewerId: number | null,
): Promise<BoardSection> {
  const found = await findSectionWithPreviewsById(db, sectionId);
  if (!found || !(await findBoardById(db, found.section.boardId, viewerId)))
    throw new AppError('section_not_found');
  return presentSection(found);
}

/** A user's boards as the viewer may see them, in the requested sort order. */
export async function pageUserBoards(
  db: Executor,
  username: string,
  query: UserBoardsQuery,
  viewerId: number | null,
): Promise<Page<Board>> {
  const filter = {
    sort: query.sort,
    privacy: query.privacy_filter,
    includeArchived: query.include_archived,
    after: null,
    limit: query.page_size + 1,
  };
  let rows;
  if (!query.bookmark && isFirstUserBoardsPage(filter)) {
    // What a profile asks for: one statement finds the person and their boards; only an empty
    // page asks whether the person exists.
    rows = await listFirstUserBoards(db, { username, viewerId, sort: query.sort });
    if (rows.length === 0 && !(await findActiveUserByUsername(db, username))) {
      throw new AppError('user_not_found');
    }
  } else {
    const user = await findActiveUserByUsername(db, username);
    if (!user) throw new AppError('user_not_found');
    const key = decodeBookmark(query.bookmark);
    if (key && !isSortKeyOf(BOARD_SORT_SPECS[query.sort], key)) {
      throw new AppError('invalid_bookmark', { field: 'bookmark' });
    }
    rows = await listUserBoards(db, { ...filter, after: key as string[] | null, userId: user.id, viewerId });
  }
  const page = pageOf(rows, query.page_size, (row) => row.sortKey);
  const extras = await loadBoardExtras(db, page.items);
  return { items: page.items.map((row) => presentBoard(row, extras, viewerId)), bookmark: page.bookmark };
}

/**
 * A page of a board's pins. Every pin the list reads passed `pinVisibleTo`, which holds the board
 * rule of `findBoardById` (its privacy for the viewer, an active owner): a page with pins shows
 * the board may be seen, so only an empty page, or a refused bookmark, reads the board to tell
 * a missing board (404) from an empty one.
 */
export async function pageBoardPins(db: Executor, boardId: number, options: PageOptions): Promise<PinPage> {
  let page: PinPage;
  try {
    page = await pagePins(db, pinFilters.onBoard(boardId), options);
  } catch (error) {
    // A board the viewer may not see answers as missing, whatever else is wrong with the call.
    await requireVisibleBoard(db, boardId, options.viewerId);
    throw error;
  }
  if (page.items.length === 0) await requireVisibleBoard(db, boardId, options.viewerId);
  return page;
}

export async function pageBoardSections(
  db: Executor,
  boardId: number,
  options: PageOptions,
): Promise<Page<BoardSection>> {
  await requireVisibleBoard(db, boardId, options.viewerId);
  const key = decodeBookmark(options.bookmark);
  const after =
    key?.length === 2 && key.every((v) => typeof v === 'number') ? (key as [number, number]) : null;
  if (key && !after) throw new AppError('invalid_bookmark', { field: 'bookmark' });
  const rows = await listBoardSections(db, { boardId, after, limit: options.pageSize + 1 });
  const page = pageOf(rows, options.pageSize, ({ section }) => [section.position, section.id]);
  return { items: page.items.map(presentSection), bookmark: page.bookmark };
}

export async function pageSectionPins(
  db: Executor,
  sectionId: number,
  options: PageOptions,
): Promise<Page<Pin>> {
  const section = await findSectionById(db, sectionId);
  // A section of a board the viewer cannot see does not exist for them.
  if (!section || !(await findBoardById(db, section.boardId, options.viewerId))) {
    throw new AppError('section_not_found');
  }
  return pagePins(db, pinFilters.inSection(sectionId), options);
}

/** Follows or unfollows a board the viewer can see and does not own; answers the board as it now is. */
export async function setBoardFollow(db: Executor, boardId: number, viewerId: number, follow: boolean) {
  const board = await requireVisibleBoard(db, boardId, viewerId);
  if (board.owner.id === viewerId)
    throw new AppError('forbidden', { detail: 'You cannot follow your own board.' });
  await (follow ? insertBoardFollow : deleteBoardFollow)(db, viewerId, boardId);
  if (follow) await notifyBoardFollowed(db, { boardId, ownerId: board.owner.id, followerId: viewerId });
  return getBoard(db, boardId, viewerId);
}
