import type { Pin } from '@pinboard/shared';
import type { QueryKey } from '@tanstack/react-query';
import {
  bookmarkedListQuery,
  useBookmarkedList,
  type ListPage,
  type PageFetcher,
} from '../../api/useBookmarkedList.ts';

/** The API's default page size (not imported from shared/pagination, which would bundle zod). */
export const PIN_PAGE_SIZE = 25;

/** Which page a pin list endpoint is asked for: the bookmark (absent for the first) and its size. */
export interface PinPage {
  page_size: number;
  bookmark?: string;
}

/**
 * One page of a pin list endpoint, e.g.
 * `(page, signal) => api.listBoardPins({ params: { id }, query: page }, { signal })`.
 */
export type PinPageCall = (page: PinPage, signal: AbortSignal) => Promise<ListPage<Pin>>;

export interface PinPagesOptions {
  pageSize?: number;
  enabled?: boolean;
  /** Not fetched by the server render (`DEFER_TO_BROWSER`). */
  deferToBrowser?: boolean;
}

function pinPageFetcher(call: PinPageCall, pageSize = PIN_PAGE_SIZE): PageFetcher<ListPage<Pin>> {
  return (bookmark, signal) => call({ page_size: pageSize, bookmark: bookmark ?? undefined }, signal);
}

/** The query behind usePinPages, also for prefetching a list before its page has rendered. */
export function pinPagesQueryOptions(queryKey: QueryKey, call: PinPageCall, options: PinPagesOptions = {}) {
  return bookmarkedListQuery(queryKey, pinPageFetcher(call, options.pageSize), { enabled: options.enabled });
}

/**
 * Any bookmark-paged list of pins, page by page: `pins` is every pin loaded so far (each once),
 * `fetchMore` loads the next page unless one is loading or the list has ended. The query key
 * should name everything that changes the answer (the endpoint, its parameters, the page size).
 */
export function usePinPages(queryKey: QueryKey, call: PinPageCall, options: PinPagesOptions = {}) {
  const list = useBookmarkedList<Pin>(queryKey, pinPageFetcher(call, options.pageSize), {
    enabled: options.enabled,
    deferToBrowser: options.deferToBrowser,
  });
  return { ...list, pins: list.items };
}
