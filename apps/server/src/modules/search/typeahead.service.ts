import type { TypeaheadItem, TypeaheadQuery, TypeaheadResult } from '@pinboard/shared';
import type { Executor } from '../../db/client.ts';
import { listRecentSearches } from './recent-searches.repository.ts';
import { isHashtagText } from './search-text.ts';
import { presentTypeaheadBoard, presentTypeaheadUser } from './typeahead.presenter.ts';
import {
  listBoardsByPrefix,
  listTitlesByPrefix,
  listUsersByPrefix,
  listVocabularyHashtags,
} from './typeahead.repository.ts';

/** The viewer's own searches first, then hashtags and pin titles, without repeats. */
async function suggestQueries(db: Executor, prefix: string, count: number, viewerId: number | null) {
  const tagPrefix = prefix.replace(/^#/, '');
  const [recent, hashtags, titles] = await Promise.all([
    viewerId === null ? [] : listRecentSearches(db, viewerId, count, prefix),
    isHashtagText(tagPrefix) ? listVocabularyHashtags(db, tagPrefix, count) : [],
    prefix.startsWith('#') ? [] : listTitlesByPrefix(db, prefix, count),
  ]);
  const seen = new Set<string>();
  const items: TypeaheadItem[] = [];
  const add = (query: string, source: 'recent' | 'hashtag' | 'title') => {
    if (items.length >= count || seen.has(query)) return;
    seen.add(query);
    items.push({ type: 'query', query, source });
  };
  for (const row of recent) add(row.query, 'recent');
  // A '#' term asks for hashtags; otherwise titles read better than tags.
  for (const title of titles) add(title, 'title');
  for (const tag of hashtags) add(tag, 'hashtag');
  return items;
}

/**
 * `GET /v3/search/typeahead/`: queries, boards and people for what is typed, at most `count` of
 * each, in that order. Boards and people only from public boards and active accounts.
 */
export async function typeahead(
  db: Executor,
  query: TypeaheadQuery,
  viewerId: number | null,
): Promise<TypeaheadResult> {
  const prefix = query.term.toLowerCase().replace(/\s+/g, ' ');
  const namePrefix = prefix.replace(/^[#@]/, '');
  const [queries, boards, users] = await Promise.all([
    suggestQueries(db, prefix, query.count, viewerId),
    namePrefix ? listBoardsByPrefix(db, namePrefix, query.count) : [],
    namePrefix ? listUsersByPrefix(db, namePrefix, query.count) : [],
  ]);
  return {
    items: [...queries, ...boards.map(presentTypeaheadBoard), ...users.map(presentTypeaheadUser)],
  };
}
