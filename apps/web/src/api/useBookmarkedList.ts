import {
  infiniteQueryOptions,
  useInfiniteQuery,
  type InfiniteData,
  type QueryKey,
} from '@tanstack/react-query';
import { useCallback } from 'react';
import type { ApiResult } from './client.ts';

/** One page of a list: the page after `bookmark` (null: the first), cancelled through `signal`. */
export type PageFetcher<Page> = (bookmark: string | null, signal: AbortSignal) => Promise<ApiResult<Page>>;

type Pages<Page> = InfiniteData<ApiResult<Page>, string | null>;

/** The query behind useBookmarkedList, also for prefetching a list before its page has rendered. */
export function bookmarkedListQuery<Page>(
  queryKey: QueryKey,
  fetchPage: PageFetcher<Page>,
  { enabled }: { enabled?: boolean } = {},
) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam, signal }) => fetchPage(pageParam, signal),
    initialPageParam: null as string | null,
    // A null bookmark ends the list; TanStack Query reads null as "no next page".
    getNextPageParam: (lastPage: ApiResult<Page>) => lastPage.bookmark,
    enabled,
  });
}

export interface BookmarkedListOptions<Page, Item> {
  enabled?: boolean;
  /** A page's items, when the page is more than its array (search: results and an advisory). */
  itemsOf?: (page: Page) => Item[];
  /**
   * Each id once (the default). Keyset pages never repeat a row, but a row that moves while
   * someone scrolls (a pin saved, a board renamed, a result re-ranked) could come again.
   */
  dedupeById?: boolean;
  /**
   * Asking for more while the whole list refetches (after an invalidation) cancels that refetch
   * and fetches the next page; by default the ask waits for the refetch instead.
   */
  interruptRefetch?: boolean;
}

const asItems = <Item>(page: unknown) => page as Item[];

function eachIdOnce<Item extends { id: string }>(items: Item[]): Item[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    if (seen.has(item.id)) return false;
    seen.add(item.id);
    return true;
  });
}

const NO_ITEMS: never[] = [];

/**
 * Any bookmark-paged list, page by page: `items` is everything loaded so far, `firstPage` the
 * first page's data (what a list says about itself, e.g. search's advisory), `fetchMore` asks
 * for the next page unless one is loading or the list has ended. The query key should name
 * everything that changes the answer (path, page size, query).
 */
export function useBookmarkedList<Item extends { id: string }, Page = Item[]>(
  queryKey: QueryKey,
  fetchPage: PageFetcher<Page>,
  options: BookmarkedListOptions<Page, Item> = {},
) {
  const { enabled, itemsOf = asItems<Item>, dedupeById = true, interruptRefetch = false } = options;
  // Kept stable so TanStack Query selects again only when the pages (or these options) change.
  const select = useCallback(
    (data: Pages<Page>) => {
      const items = data.pages.flatMap((page) => itemsOf(page.data));
      return { items: dedupeById ? eachIdOnce(items) : items, firstPage: data.pages[0]?.data };
    },
    [itemsOf, dedupeById],
  );
  const result = useInfiniteQuery({ ...bookmarkedListQuery(queryKey, fetchPage, { enabled }), select });
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = result;

  const fetchMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage({ cancelRefetch: interruptRefetch });
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, interruptRefetch]);

  return {
    items: result.data?.items ?? (NO_ITEMS as Item[]),
    firstPage: result.data?.firstPage,
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
