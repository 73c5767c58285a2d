import { feedKeys } from '../../api/query-keys.ts';
import type { QueryClient } from '@tanstack/react-query';
import { PIN_PAGE_SIZE, pinPagesQueryOptions, usePinPages } from '../pins/usePinPages.ts';

export const HOME_FEED_PATH = '/v3/feeds/home/';

/** The home feed, page by page: `pins` is every pin loaded so far. */
export function useHomeFeed() {
  return usePinPages(feedKeys.home(PIN_PAGE_SIZE), HOME_FEED_PATH, { pageSize: PIN_PAGE_SIZE });
}

/**
 * Starts the first page while the home page's code is still loading (called from the route's
 * loader), so the request does not wait for the lazy chunk: the feed is the page's LCP.
 */
export function prefetchHomeFeed(queryClient: QueryClient): Promise<void> {
  return queryClient.prefetchInfiniteQuery(
    pinPagesQueryOptions(feedKeys.home(PIN_PAGE_SIZE), HOME_FEED_PATH, { pageSize: PIN_PAGE_SIZE }),
  );
}
