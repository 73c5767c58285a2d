import type { TypeaheadItem, TypeaheadQuery, TypeaheadResult } from '@pinboard/shared';
import type { Executor } from '../../db/client.ts';
import { isHashtagText } from './search-text.ts';
import { presentTypeaheadBoard, presentTypeaheadUser } from './typeahead.presenter.ts';
import { findTypeaheadLists, type TypeaheadLists } from './typeahead.repository.ts';

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
 * each, in that order. Boards and people only from public boards and active accounts. All lists
 * come from one statement.
 */
export async function typeahead(
  db: Executor,
  query: TypeaheadQuery,
  viewerId: number | null,
): Promise<TypeaheadResult> {
  const prefix = query.term.toLowerCase().replace(/\s+/g, ' ');
  const namePrefix = prefix.replace(/^[#@]/, '');
  const tagPrefix = prefix.replace(/^#/, '');
  const lists = await findTypeaheadLists(db, {
    limit: query.count,
    viewerId,
    recent: prefix,
    hashtags: isHashtagText(tagPrefix) ? tagPrefix : null,
    titles: prefix.startsWith('#') ? null : prefix,
    names: namePrefix || null,
  });
  return {
    items: [
      ...suggestQueries(lists, query.count),
      ...lists.boards.map(presentTypeaheadBoard),
      ...lists.users.map(presentTypeaheadUser),
    ],
  };
}
