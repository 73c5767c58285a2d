import {
  infiniteQueryOptions,
  useInfiniteQuery,
  type InfiniteData,
  type QueryKey,
} from '@tanstack/react-query';
import { useCallback } from 'react';
import type { ApiResult } from './client.ts';

/**
 * A query's `meta` flag: the server render leaves it to the browser (entry-server.tsx). For a
 * list below the fold whose query is slow: a grid shows no card before it has measured its width
 * in the browser anyway, so the page is sent without waiting for it.
 */
export const DEFER_TO_BROWSER = 'deferToBrowser';

/** One page of a list: its items and the next page's bookmark, and whatever else the list says. */
export type ListPage<Item> = ApiResult<Item[]>;

/** The page after `bookmark` (null: the first), cancelled through `signal`. */
export type PageFetcher<Page> = (bookmark: string | null, signal: AbortSignal) => Promise<Page>;

/** The query behind useBookmarkedList, also for prefetching a list before its page has rendered. */
export function bookmarkedListQuery<Page extends ListPage<unknown>>(
  queryKey: QueryKey,
  fetchPage: PageFetcher<Page>,
  { enabled, deferToBrowser }: { enabled?: boolean; deferToBrowser?: boolean } = {},
) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam, signal }) => fetchPage(pageParam, signal),
    initialPageParam: null as string | null,
    // A null bookmark ends the list; TanStack Query reads null as "no next page".
    getNextPageParam: (lastPage: Page) => lastPage.bookmark,
    enabled,
    ...(deferToBrowser ? { meta: { [DEFER_TO_BROWSER]: true } } : {}),
  });
}

// Keyset pages never repeat a row, but a row that moves while someone scrolls (a pin saved, a
// result re-ranked) could come again: each id once.
function listOf<Item extends { id: string }, Page extends ListPage<Item>>({
  pages,
}: InfiniteData<Page, string | null>) {
  const seen = new Set<string>();
  return {
    items: pages.flatMap((page) => page.data).filter(({ id }) => !seen.has(id) && !!seen.add(id)),
    firstPage: pages[0],
  };
}

const NO_ITEMS: never[] = [];

export interface BookmarkedListOptions {
  enabled?: boolean;
  /** Not fetched by the server render (see DEFER_TO_BROWSER). */
  deferToBrowser?: boolean;
  /**
   * Asking for more while the whole list refetches (after an invalidation) cancels that refetch
   * and fetches the next page; by default the ask waits for the refetch instead.
   */
  interruptRefetch?: boolean;
}

/**
 * Any bookmark-paged list, page by page: `items` is everything loaded so far (each id once),
 * `firstPage` the first page (what a list says about itself, e.g. search's advisory),
 * `fetchMore` asks for the next page unless one is loading or the list has ended. The query key
 * should name everything that changes the answer (path, page size, query).
 */
export function useBookmarkedList<Item extends { id: string }, Page extends ListPage<Item> = ListPage<Item>>(
  queryKey: QueryKey,
  fetchPage: PageFetcher<Page>,
  { enabled, deferToBrowser, interruptRefetch = false }: BookmarkedListOptions = {},
) {
  const {
    data,
    hasNextPage,
    isFetchingNextPage,
    fetchNextPage,
    isFetchNextPageError,
    status,
    error,
    refetch,
  } = useInfiniteQuery({
    ...bookmarkedListQuery(queryKey, fetchPage, { enabled, deferToBrowser }),
    select: listOf<Item, Page>,
  });

  const fetchMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage({ cancelRefetch: interruptRefetch });
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, interruptRefetch]);

  return {
    items: data?.items ?? (NO_ITEMS as Item[]),
    firstPage: data?.firstPage,
    hasMore: hasNextPage,
    isFetchingMore: isFetchingNextPage,
    /** The last attempt at a next page failed: stop fetching by scroll and offer a retry. */
    fetchMoreFailed: isFetchNextPageError,
    fetchMore,
    status,
    error,
    refetch,
  };
}
