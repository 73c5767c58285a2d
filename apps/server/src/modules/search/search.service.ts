import {
  ADVISORY_SEVERITIES,
  normaliseSearchTerm,
  RECENT_SEARCHES_MAX,
  type Advisory,
  type Board,
  type Pin,
  type SearchQuery,
  type UserProfile,
} from '@pinboard/shared';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { decodeBookmark, encodeBookmark } from '../../lib/bookmark.ts';
import { inIdOrder } from '../../lib/id-order.ts';
import { loadBoardExtras } from '../boards/boards.repository.ts';
import { presentBoard } from '../boards/boards.presenter.ts';
import { presentPin } from '../pins/pins.presenter.ts';
import { listPublicPinsInOrder } from '../pins/pins.repository.ts';
import { findProfilesByIds } from '../users/users.repository.ts';
import { presentProfile } from '../users/users.presenter.ts';
import { advisoryFor } from './advisories.service.ts';
import { recordRecentSearch } from './recent-searches.repository.ts';
import { findBoardsByIds } from './search-rows.repository.ts';
import {
  findCorrections,
  searchBoardIds,
  searchPinIds,
  searchUserIds,
  type RankedId,
  type SearchKey,
  type SearchText,
} from './search.repository.ts';
import { applyCorrections, correctableWords, hashtagOf } from './search-text.ts';

export interface SearchPage<T> {
  results: T[];
  advisory: Advisory | null;
  bookmark: string | null;
}

function keyOf(bookmark: string | undefined): SearchKey | null {
  const key = decodeBookmark(bookmark);
  if (key === null) return null;
  const [tier, rank, id] = key;
  if (
    key.length !== 3 ||
    typeof tier !== 'number' ||
    typeof rank !== 'string' ||
    !/^-?\d{1,12}(\.\d{1,12})?$/.test(rank) ||
    typeof id !== 'number' ||
    !Number.isSafeInteger(id)
  ) {
    throw new AppError('invalid_bookmark', { field: 'bookmark' });
  }
  return [tier, rank, id];
}

/** The page's ids in order and the next bookmark, from rows fetched with one extra. */
function pageIds(rows: RankedId[], pageSize: number) {
  const page = rows.slice(0, pageSize);
  const last = page[page.length - 1];
  const bookmark = rows.length > pageSize && last ? encodeBookmark([last.tier, last.rank, last.id]) : null;
  return { ids: page.map((row) => row.id), bookmark };
}

/** The exact text and, unless disabled, the text with unknown words corrected. */
async function searchTextOf(db: Executor, query: SearchQuery): Promise<SearchText> {
  if (query.auto_correction_disabled) return { exact: query.q, corrected: null };
  const corrections = await findCorrections(db, correctableWords(query.q));
  return { exact: query.q, corrected: corrections.size ? applyCorrections(query.q, corrections) : null };
}

/**
 * Runs the start of every search: the advisory, and the viewer's recent searches (first page
 * only). An abusive term's answer has the advisory and no results.
 */
async function beginSearch(db: Executor, query: SearchQuery, viewerId: number | null) {
  const advisory = await advisoryFor(db, query.q);
  if (viewerId !== null && query.bookmark === undefined) {
    await recordRecentSearch(db, viewerId, normaliseSearchTerm(query.q), RECENT_SEARCHES_MAX);
  }
  return { advisory, blocked: advisory?.severity === ADVISORY_SEVERITIES.ABUSIVE };
}

/** `GET /v3/search/pins/`: pins on public boards matching the query (decision 27). */
export async function searchPins(
  db: Executor,
  query: SearchQuery,
  viewerId: number | null,
): Promise<SearchPage<Pin>> {
  const { advisory, blocked } = await beginSearch(db, query, viewerId);
  if (blocked) return { results: [], advisory, bookmark: null };
  const hashtag = hashtagOf(query.q);
  const rows = await searchPinIds(db, {
    text: hashtag ? { exact: query.q, corrected: null } : await searchTextOf(db, query),
    hashtag,
    domains: (query.domains ?? []).map((domain) => domain.toLowerCase().replace(/^www\./, '')),
    videosOnly: query.filters?.includes('videos') ?? false,
    ideaPinsOnly: query.filters?.includes('idea_pins') ?? false,
    topPinId: query.top_pin_id === undefined ? null : Number(query.top_pin_id),
    after: keyOf(query.bookmark),
    limit: query.page_size + 1,
  });
  const { ids, bookmark } = pageIds(rows, query.page_size);
  const pins = await listPublicPinsInOrder(db, ids);
  return { results: pins.map(presentPin), advisory, bookmark };
}

/** `GET /v3/search/boards/`: public boards matching the query. */
export async function searchBoards(
  db: Executor,
  query: SearchQuery,
  viewerId: number | null,
): Promise<SearchPage<Board>> {
  const { advisory, blocked } = await beginSearch(db, query, viewerId);
  if (blocked) return { results: [], advisory, bookmark: null };
  const rows = await searchBoardIds(db, {
    text: await searchTextOf(db, query),
    typos: !query.auto_correction_disabled,
    after: keyOf(query.bookmark),
    limit: query.page_size + 1,
  });
  const { ids, bookmark } = pageIds(rows, query.page_size);
  const boards = inIdOrder(ids, await findBoardsByIds(db, ids, viewerId));
  const extras = await loadBoardExtras(db, ids);
  return { results: boards.map((row) => presentBoard(row, extras, viewerId)), advisory, bookmark };
}

/** `GET /v3/search/users/`: active people by username or name. */
export async function searchUsers(
  db: Executor,
  query: SearchQuery,
  viewerId: number | null,
): Promise<SearchPage<UserProfile>> {
  const { advisory, blocked } = await beginSearch(db, query, viewerId);
  if (blocked) return { results: [], advisory, bookmark: null };
  const rows = await searchUserIds(db, {
    term: normaliseSearchTerm(query.q.replace(/^@/, '')),
    after: keyOf(query.bookmark),
    limit: query.page_size + 1,
  });
  const { ids, bookmark } = pageIds(rows, query.page_size);
  const users = inIdOrder(ids, await findProfilesByIds(db, ids, viewerId));
  return { results: users.map((row) => presentProfile(row, viewerId)), advisory, bookmark };
}
