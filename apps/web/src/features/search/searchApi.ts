import type { RecentSearches, SearchScope, TypeaheadResult } from '@pinboard/shared';
import { apiClient } from '../../api/client.ts';

/**
 * Suggestions of each kind the header asks for (typeahead default count 5; docs/product/search.md#limits).
 */
export const TYPEAHEAD_COUNT = 5;

/** `GET /v3/search/typeahead/`: queries, boards and people for what is typed, in that order. */
export async function fetchTypeahead(scope: SearchScope, term: string, signal?: AbortSignal) {
  const { data } = await apiClient.get<TypeaheadResult>('/v3/search/typeahead/', {
    query: { term, pin_scope: scope, count: TYPEAHEAD_COUNT },
    signal,
  });
  return data.items;
}

/** `GET /v3/search/recent/`: the signed-in viewer's recent searches, newest first. */
export async function fetchRecentSearches(signal?: AbortSignal): Promise<RecentSearches> {
  return (await apiClient.get<RecentSearches>('/v3/search/recent/', { signal })).data;
}

/** `DELETE /v3/search/recent/`: forgets them all. */
export async function clearRecentSearches(): Promise<void> {
  await apiClient.delete('/v3/search/recent/');
}
