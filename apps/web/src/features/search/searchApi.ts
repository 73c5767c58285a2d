import type { RecentSearches, SearchScope } from '@pinboard/shared';
import { api } from '../../api/endpoints.ts';

/**
 * Suggestions of each kind the header asks for (typeahead default count 5; docs/product/search.md#limits).
 */
export const TYPEAHEAD_COUNT = 5;

/** The typeahead: queries, boards and people for what is typed, in that order. */
export async function fetchTypeahead(scope: SearchScope, term: string, signal?: AbortSignal) {
  const { data } = await api.getTypeahead(
    { query: { term, pin_scope: scope, count: TYPEAHEAD_COUNT } },
    { signal },
  );
  return data.items;
}

/** The signed-in viewer's recent searches, newest first. */
export async function fetchRecentSearches(signal?: AbortSignal): Promise<RecentSearches> {
  return (await api.listRecentSearches({}, { signal })).data;
}

/** Forgets them all. */
export async function clearRecentSearches(): Promise<void> {
  await api.clearRecentSearches();
}
