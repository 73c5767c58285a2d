import type { TypeaheadItem, TypeaheadQuery, TypeaheadResult } from '@pinboard/shared';
import type { Executor } from '../../db/client.ts';
import { isHashtagText } from './search-text.ts';
import { presentTypeaheadBoard, presentTypeaheadUser } from './typeahead.presenter.ts';
import { clearWithSignedOutAnswers, SIGNED_OUT_TTL_MS } from '../../lib/signed-out-answers.ts';
import { createShortCache, type ShortCache } from '../../lib/short-cache.ts';
import {
  findSharedTypeaheadLists,
  findViewerTypeaheadLists,
  listTypeaheadPeople,
  SPARE_PEOPLE,
  type SharedTypeaheadLists,
  type TypeaheadLists,
} from './typeahead.repository.ts';

/** How many prefixes' shared lists one instance keeps at most. */
const SHARED_LISTS_KEPT = 5000;

// Per database (tests run several apps in one process), weakly held.
const sharedListsByDb = new WeakMap<object, ShortCache<SharedTypeaheadLists>>();

/**
 * The lists every viewer is shown for the same prefix (titles, hashtags, boards, people before
 * blocks), kept for a moment per instance: a short TTL (that of the signed-out answers), and
 * cleared at once with the signed-out answers (on this instance and, through the invalidation bus, every other) by
 * every write that changes what a visitor may see (a board turning secret, archived or deleted,
 * pins leaving it, an account suspended or deactivated). Nothing per viewer is kept here: blocks
 * are applied to the people per request.
 */
function sharedListsOf(db: Executor): ShortCache<SharedTypeaheadLists> {
  let cache = sharedListsByDb.get(db);
  if (!cache) {
    cache = createShortCache({ ttlMs: SIGNED_OUT_TTL_MS, maxEntries: SHARED_LISTS_KEPT });
    clearWithSignedOutAnswers(cache);
    sharedListsByDb.set(db, cache);
  }
  return cache;
}

/** The viewer's own searches first, then pin titles and hashtags, without repeats. */
function suggestQueries(lists: TypeaheadLists, count: number) {
  const seen = new Set<string>();
  const items: TypeaheadItem[] = [];
  const add = (query: string, source: 'recent' | 'hashtag' | 'title') => {
    if (items.length >= count || seen.has(query)) return;
    seen.add(query);
    items.push({ type: 'query', query, source });
  };
  for (const query of lists.recent) add(query, 'recent');
  // A '#' term asks for hashtags; otherwise titles read better than tags.
  for (const title of lists.titles) add(title, 'title');
  for (const tag of lists.hashtags) add(tag, 'hashtag');
  return items;
}

/**
 * `GET /v3/search/typeahead/`: queries, boards and people for what is typed, at most `count` of
 * each, in that order. Boards and people only from public boards and active accounts. The lists
 * that are the same for everyone come from one statement (kept for a moment: `sharedListsOf`),
 * the signed-in viewer's own (recent searches, which of those people are blocked either way) from
 * another, every time.
 */
export async function typeahead(
  db: Executor,
  query: TypeaheadQuery,
  viewerId: number | null,
): Promise<TypeaheadResult> {
  const prefix = query.term.toLowerCase().replace(/\s+/g, ' ');
  const namePrefix = prefix.replace(/^[#@]/, '');
  const tagPrefix = prefix.replace(/^#/, '');
  const names = namePrefix || null;
  const limit = query.count;
  const shared = {
    limit,
    hashtags: isHashtagText(tagPrefix) ? tagPrefix : null,
    titles: prefix.startsWith('#') ? null : prefix,
    names,
  };
  const sharedLists = await sharedListsOf(db).get(JSON.stringify(shared), () =>
    findSharedTypeaheadLists(db, shared),
  );
  const lists: TypeaheadLists = { ...sharedLists, recent: [], users: sharedLists.users.slice(0, limit) };
  if (viewerId !== null) {
    const mine = await findViewerTypeaheadLists(db, {
      limit,
      viewerId,
      recent: prefix,
      people: sharedLists.users.map((user) => user.id),
    });
    lists.recent = mine.recent;
    const blocked = new Set(mine.blocked);
    const people = sharedLists.users.filter((user) => !blocked.has(user.id));
    // The shared list had more people than remain: the viewer's own list, read in full.
    const short = people.length < limit && sharedLists.users.length === limit + SPARE_PEOPLE;
    lists.users =
      short && names ? await listTypeaheadPeople(db, names, limit, viewerId) : people.slice(0, limit);
  }
  return {
    items: [
      ...suggestQueries(lists, query.count),
      ...lists.boards.map(presentTypeaheadBoard),
      ...lists.users.map(presentTypeaheadUser),
    ],
  };
}
