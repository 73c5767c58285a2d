import { api } from '../../api/endpoints.ts';

/**
 * Suggestions of each kind the header asks for (typeahead default count 5; docs/product/search.md#limits).
 */
export const TYPEAHEAD_COUNT = 5;

/** Forgets them all. */
export async function clearRecentSearches(): Promise<void> {
  await api.clearRecentSearches();
}
