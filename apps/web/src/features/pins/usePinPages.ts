import type { Pin } from '@pinboard/shared';
import type { QueryKey } from '@tanstack/react-query';
import { apiClient } from '../../api/client.ts';
import {
  bookmarkedListQuery,
  useBookmarkedList,
  type ListPage,
  type PageFetcher,
} from '../../api/useBookmarkedList.ts';

/** The API's default page size (not imported from shared/pagination, which would bundle zod). */
export const PIN_PAGE_SIZE = 25;

export interface PinPagesOptions {
  pageSize?: number;
  /** Extra query parameters sent with every page (a sort order, a search term). */
  query?: Record<string, string | number | boolean | undefined>;
  enabled?: boolean;
}

function pinPageFetcher(
  path: string,
  { pageSize = PIN_PAGE_SIZE, query }: PinPagesOptions,
): PageFetcher<ListPage<Pin>> {
  return (bookmark, signal) =>
    apiClient.get<Pin[]>(path, { query: { ...query, page_size: pageSize, bookmark }, signal });
}

/** The query behind usePinPages, also for prefetching a list before its page has rendered. */
export function pinPagesQueryOptions(queryKey: QueryKey, path: string, options: PinPagesOptions = {}) {
  return bookmarkedListQuery(queryKey, pinPageFetcher(path, options), { enabled: options.enabled });
}

/**
 * Any bookmark-paged `/v3` list of pins, page by page: `pins` is every pin loaded so far
 * (each once), `fetchMore` loads the next page unless one is loading or the list has ended.
 * The query key should name everything that changes the answer (path, page size, query).
 */
export function usePinPages(queryKey: QueryKey, path: string, options: PinPagesOptions = {}) {
  const list = useBookmarkedList<Pin>(queryKey, pinPageFetcher(path, options), { enabled: options.enabled });
  return { ...list, pins: list.items };
}
