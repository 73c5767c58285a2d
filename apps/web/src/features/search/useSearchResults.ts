import type { Advisory, SearchScope } from '@pinboard/shared';
import { useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiClient, type ApiResult } from '../../api/client.ts';
import { PIN_PAGE_SIZE } from '../pins/usePinPages.ts';
import { searchKeys } from './searchKeys.ts';

/** One page of `GET /v3/search/{scope}/`: its results and the query's advisory (null without one). */
interface SearchAnswer<T> {
  results: T[];
  advisory: Advisory | null;
}

type SearchPages<T> = InfiniteData<ApiResult<SearchAnswer<T>>, string | null>;

interface SearchResults<T> {
  items: T[];
  advisory: Advisory | null;
}

// Keyset pages do not repeat a row, but one re-ranked between two pages (a new save) could.
function resultsOf<T extends { id: string }>(data: SearchPages<T>): SearchResults<T> {
  const seen = new Set<string>();
  const items = data.pages
    .flatMap((page) => page.data.results)
    .filter((item) => {
      if (seen.has(item.id)) return false;
      seen.add(item.id);
      return true;
    });
  return { items, advisory: data.pages[0]?.data.advisory ?? null };
}

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
  const result = useInfiniteQuery({
    queryKey: searchKeys.results(scope, query),
    queryFn: ({ pageParam, signal }) =>
      apiClient.get<SearchAnswer<T>>(`/v3/search/${scope}/`, {
        query: { q: query, rs: source, page_size: PIN_PAGE_SIZE, bookmark: pageParam },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.bookmark,
    select: resultsOf<T>,
    enabled: query !== '',
  });
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = result;
  const fetchMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage({ cancelRefetch: false });
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  return {
    items: result.data?.items ?? [],
    advisory: result.data?.advisory ?? null,
    status: result.status,
    refetch: result.refetch,
    hasMore: hasNextPage,
    isFetchingMore: isFetchingNextPage,
    fetchMoreFailed: result.isFetchNextPageError,
    fetchMore,
  };
}
