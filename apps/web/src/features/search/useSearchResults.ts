import type { Advisory, SearchScope } from '@pinboard/shared';
import { callEndpoint, endpointKey } from '../../api/endpoints.ts';
import { useBookmarkedList, type ListPage } from '../../api/useBookmarkedList.ts';
import { PIN_PAGE_SIZE } from '../pins/usePinPages.ts';

const SEARCH_ENDPOINTS = { pins: 'searchPins', boards: 'searchBoards', users: 'searchUsers' } as const;

/** One page of a search: its results and the query's advisory (null without one). */
interface SearchAnswer<T> {
  results: T[];
  advisory: Advisory | null;
}

// The list's items are the results; the advisory rides along on each page.
type SearchPage<T> = ListPage<T> & { advisory: Advisory | null };

/**
 * One scope's results for `query`, 25 at a time by bookmark, with the query's advisory from the
 * first page. `source` is the search options' `rs` (where the search came from); it does not
 * change the answer, so it is not part of the key.
 */
export function useSearchResults<T extends { id: string }>(
  scope: SearchScope,
  query: string,
  source?: string,
) {
  const {
    firstPage,
    error: _error,
    ...results
  } = useBookmarkedList<T, SearchPage<T>>(
    endpointKey(SEARCH_ENDPOINTS[scope], { query: { q: query, page_size: PIN_PAGE_SIZE } }),
    (bookmark, signal) =>
      callEndpoint(
        SEARCH_ENDPOINTS[scope],
        { query: { q: query, rs: source, page_size: PIN_PAGE_SIZE, bookmark: bookmark ?? undefined } },
        { signal },
      ).then(({ data, bookmark: next }) => {
        const answer = data as unknown as SearchAnswer<T>;
        return { data: answer.results, advisory: answer.advisory, bookmark: next };
      }),
    { enabled: query !== '' },
  );
  return { ...results, advisory: firstPage?.advisory ?? null };
}
