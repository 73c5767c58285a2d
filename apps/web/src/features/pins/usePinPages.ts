import type { Pin } from '@pinboard/shared';
import {
  infiniteQueryOptions,
  useInfiniteQuery,
  type InfiniteData,
  type QueryKey,
} from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiClient, type ApiResult } from '../../api/client.ts';

type PinPages = InfiniteData<ApiResult<Pin[]>, string | null>;

/** The API's default page size (not imported from shared/pagination, which would bundle zod). */
export const PIN_PAGE_SIZE = 25;
const NO_PINS: Pin[] = [];

// A pin saved while someone scrolls shifts the list, so a later page can repeat one already shown.
function uniquePins(data: PinPages): Pin[] {
  const seen = new Set<string>();
  return data.pages
    .flatMap((page) => page.data)
    .filter((pin) => {
      if (seen.has(pin.id)) return false;
      seen.add(pin.id);
      return true;
    });
}

export interface PinPagesOptions {
  pageSize?: number;
  /** Extra query parameters sent with every page (a sort order, a search term). */
  query?: Record<string, string | number | boolean | undefined>;
  enabled?: boolean;
}

/** The query behind usePinPages, also for prefetching a list before its page has rendered. */
export function pinPagesQueryOptions(queryKey: QueryKey, path: string, options: PinPagesOptions = {}) {
  const { pageSize = PIN_PAGE_SIZE, query, enabled } = options;
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam, signal }) =>
      apiClient.get<Pin[]>(path, { query: { ...query, page_size: pageSize, bookmark: pageParam }, signal }),
    initialPageParam: null as string | null,
    // A null bookmark ends the list; TanStack Query reads null as "no next page".
    getNextPageParam: (lastPage: ApiResult<Pin[]>) => lastPage.bookmark,
    enabled,
  });
}

/**
 * Any bookmark-paged `/v3` list of pins, page by page: `pins` is every pin loaded so far
 * (each once), `fetchMore` loads the next page unless one is loading or the list has ended.
 * The query key should name everything that changes the answer (path, page size, query).
 */
export function usePinPages(queryKey: QueryKey, path: string, options: PinPagesOptions = {}) {
  const result = useInfiniteQuery({ ...pinPagesQueryOptions(queryKey, path, options), select: uniquePins });
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = result;

  const fetchMore = useCallback(() => {
    // cancelRefetch: false makes a second call while one page loads a no-op, not a restart.
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage({ cancelRefetch: false });
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  return {
    pins: result.data ?? NO_PINS,
    hasMore: hasNextPage,
    isFetchingMore: isFetchingNextPage,
    /** The last attempt at a next page failed: stop fetching by scroll and offer a retry. */
    fetchMoreFailed: result.isFetchNextPageError,
    fetchMore,
    status: result.status,
    error: result.error,
    refetch: result.refetch,
  };
}
