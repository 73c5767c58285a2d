import { feedKeys } from '../../api/query-keys.ts';
import type { QueryClient } from '@tanstack/react-query';
import { api } from '../../api/endpoints.ts';
import { PIN_PAGE_SIZE, pinPagesQueryOptions, usePinPages, type PinPageCall } from '../pins/usePinPages.ts';
import { takeInlinedHomeFeed } from './inlinedHomeFeed.ts';

const homeFeedPage: PinPageCall = (page, signal) => api.listHomeFeed({ query: page }, { signal });

/** The home feed, page by page: `pins` is every pin loaded so far. */
export function useHomeFeed() {
  return usePinPages(feedKeys.home(PIN_PAGE_SIZE), homeFeedPage, { pageSize: PIN_PAGE_SIZE });
}

/**
 * Starts the first page while the home page's code is still loading (called from the route's
 * loader), so the request does not wait for the lazy chunk: the feed is the page's LCP. When
 * the server inlined that page in the HTML, it becomes the query's first page and nothing is
 * asked; later pages are fetched as usual from its bookmark.
 */
export function prefetchHomeFeed(
  queryClient: QueryClient,
  document: Document = globalThis.document,
): Promise<void> {
  const options = pinPagesQueryOptions(feedKeys.home(PIN_PAGE_SIZE), homeFeedPage, {
    pageSize: PIN_PAGE_SIZE,
  });
  const inlined = takeInlinedHomeFeed(document, PIN_PAGE_SIZE);
  if (inlined) {
    queryClient.setQueryData(options.queryKey, { pages: [inlined], pageParams: [null] });
    return Promise.resolve();
  }
  return queryClient.prefetchInfiniteQuery(options);
}
