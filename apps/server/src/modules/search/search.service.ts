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
import type { SQL } from 'drizzle-orm';
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
import { presentAdvisory } from './advisories.presenter.ts';
import { findBoardsByIds } from './search-rows.repository.ts';
import {
  rankedIds,
  searchBoardIdsQuery,
  searchPinIdsQuery,
  searchUserIdsQuery,
  startSearch,
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

/**
 * The start of every search, in one statement (`startSearch`): the advisory, the viewer's recent
 * search recorded (signed in, first page only), the corrections of `words`, and the page of the
 * ids query built for a text by `idsFor` (the text as typed). When a word has a correction, the
 * ids query runs again with the corrected text. An abusive term's answer has the advisory and
 * no results.
 */
async function runSearch(
  db: Executor,
  query: SearchQuery,
  viewerId: number | null,
  words: string[],
  idsFor: (text: SearchText) => SQL,
) {
  const start = await startSearch(db, {
    term: normaliseSearchTerm(query.q),
    record:
      viewerId !== null && query.bookmark === undefined
        ? { userId: viewerId, keep: RECENT_SEARCHES_MAX }
        : null,
    words,
    ids: idsFor({ exact: query.q, corrected: null }),
  });
  const advisory = start.advisory && presentAdvisory(start.advisory);
  if (advisory?.severity === ADVISORY_SEVERITIES.ABUSIVE) return { advisory, ids: [], bookmark: null };
  const rows = start.corrections.size
    ? await rankedIds(db, idsFor({ exact: query.q, corrected: applyCorrections(query.q, start.corrections) }))
    : start.ids;
  return { advisory, ...pageIds(rows, query.page_size) };
}

/** The words of the query typos may be in, none when corrections are turned off. */
function wordsToCorrect(query: SearchQuery): string[] {
  return query.auto_correction_disabled ? [] : correctableWords(query.q);
}

/** `GET /v3/search/pins/`: pins on public boards matching the query (decision 27). */
export async function searchPins(
  db: Executor,
  query: SearchQuery,
  viewerId: number | null,
): Promise<SearchPage<Pin>> {
  const hashtag = hashtagOf(query.q);
  const { advisory, ids, bookmark } = await runSearch(
    db,
    query,
    viewerId,
    hashtag ? [] : wordsToCorrect(query),
    (text) =>
      searchPinIdsQuery({
        text,
        hashtag,
        domains: (query.domains ?? []).map((domain) => domain.toLowerCase().replace(/^www\./, '')),
        videosOnly: query.filters?.includes('videos') ?? false,
        ideaPinsOnly: query.filters?.includes('idea_pins') ?? false,
        topPinId: query.top_pin_id === undefined ? null : Number(query.top_pin_id),
        after: keyOf(query.bookmark),
        limit: query.page_size + 1,
      }),
  );
  const pins = ids.length ? await listPublicPinsInOrder(db, ids, viewerId) : [];
  return { results: pins.map(presentPin), advisory, bookmark };
}

/** `GET /v3/search/boards/`: public boards matching the query. */
export async function searchBoards(
  db: Executor,
  query: SearchQuery,
  viewerId: number | null,
): Promise<SearchPage<Board>> {
  const { advisory, ids, bookmark } = await runSearch(db, query, viewerId, wordsToCorrect(query), (text) =>
    searchBoardIdsQuery({
      text,
      typos: !query.auto_correction_disabled,
      after: keyOf(query.bookmark),
      limit: query.page_size + 1,
    }),
  );
  const boards = inIdOrder(ids, await findBoardsByIds(db, ids, viewerId));
  const extras = await loadBoardExtras(db, boards);
  return { results: boards.map((row) => presentBoard(row, extras, viewerId)), advisory, bookmark };
}

/** `GET /v3/search/users/`: active people by username or name. */
export async function searchUsers(
  db: Executor,
  query: SearchQuery,
  viewerId: number | null,
): Promise<SearchPage<UserProfile>> {
  const { advisory, ids, bookmark } = await runSearch(db, query, viewerId, [], () =>
    searchUserIdsQuery({
      term: normaliseSearchTerm(query.q.replace(/^@/, '')),
      after: keyOf(query.bookmark),
      limit: query.page_size + 1,
      viewerId,
    }),
  );
  const users = inIdOrder(ids, await findProfilesByIds(db, ids, viewerId));
  return { results: users.map((row) => presentProfile(row, viewerId)), advisory, bookmark };
}
