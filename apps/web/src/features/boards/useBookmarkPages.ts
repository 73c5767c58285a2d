import { useInfiniteQuery, type InfiniteData, type QueryKey } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiClient, type ApiResult, type QueryValue } from '../../api/client.ts';

interface BookmarkPagesOptions {
  pageSize: number;
  /** Extra query parameters sent with every page. */
  query?: Record<string, QueryValue>;
  enabled?: boolean;
}

function allItems<T extends { id: string }>(data: InfiniteData<ApiResult<T[]>, string | null>): T[] {
  // Keyset pages never repeat a row, but a row moved between pages (renamed, re-pinned) could.
  const seen = new Set<string>();
  return data.pages
    .flatMap((page) => page.data)
    .filter((item) => {
      if (seen.has(item.id)) return false;
      seen.add(item.id);
      return true;
    });
}

/**
 * Any bookmark-paged `/v3` list of items with ids (boards, sections): `items` is everything
 * loaded so far, `fetchMore` asks for the next page unless one is loading or the list ended.
 */
export function useBookmarkPages<T extends { id: string }>(
  queryKey: QueryKey,
  path: string,
  { pageSize, query, enabled }: BookmarkPagesOptions,
) {
  const result = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam, signal }) =>
      apiClient.get<T[]>(path, { query: { ...query, page_size: pageSize, bookmark: pageParam }, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.bookmark,
    select: allItems<T>,
    enabled,
  });
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = result;
  const fetchMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  return {
    items: result.data,
    status: result.status,
    error: result.error,
    refetch: result.refetch,
    hasMore: hasNextPage,
    isFetchingMore: isFetchingNextPage,
    fetchMoreFailed: result.isFetchNextPageError,
    fetchMore,
  };
}
