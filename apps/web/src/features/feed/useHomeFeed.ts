import type { QueryClient } from '@tanstack/react-query';
import { api, endpointKey } from '../../api/endpoints.ts';
import { PIN_PAGE_SIZE, pinPagesQueryOptions, usePinPages, type PinPageCall } from '../pins/usePinPages.ts';
import { takeInlinedHomeFeed } from './inlinedHomeFeed.ts';

/** The hook's key, under which the inlined first page is seeded too. */
const HOME_FEED_KEY = endpointKey('listHomeFeed', { query: { page_size: PIN_PAGE_SIZE } });

const homeFeedPage: PinPageCall = (page, signal) => api.listHomeFeed({ query: page }, { signal });

/** The home feed, page by page: `pins` is every pin loaded so far. */
export function useHomeFeed() {
  return usePinPages(HOME_FEED_KEY, homeFeedPage, { pageSize: PIN_PAGE_SIZE });
}

/**
 * Starts the first page while the home page's code is still loading (called from the route's
 * loader), so the request does not wait for the lazy chunk: the feed is the page's LCP. When
 * the server inlined that page in the HTML, it becomes the query's first page and nothing is
 * asked; later pages are fetched as usual from its bookmark.
 */
export function prefetchHomeFeed(
  queryClient: QueryClient,
  document: Document | undefined = globalThis.document,
): Promise<void> {
  const options = pinPagesQueryOptions(HOME_FEED_KEY, homeFeedPage, {
    pageSize: PIN_PAGE_SIZE,
  });
  // The server render has no document: it fetches the page like the browser would.
  const inlined = document && takeInlinedHomeFeed(document, PIN_PAGE_SIZE);
  if (inlined) {
    queryClient.setQueryData(options.queryKey, { pages: [inlined], pageParams: [null] });
    return Promise.resolve();
  }
  return queryClient.prefetchInfiniteQuery(options);
}
