import { api, endpointKey } from '../../api/endpoints.ts';
import { PIN_PAGE_SIZE, usePinPages, type PinPageCall } from '../pins/usePinPages.ts';

const FOLLOWING_FEED_KEY = endpointKey('listFollowingFeed', { query: { page_size: PIN_PAGE_SIZE } });

const followingFeedPage: PinPageCall = (page, signal) => api.listFollowingFeed({ query: page }, { signal });

/** The Following feed (pins of followed people and boards, newest first), page by page. */
export function useFollowingFeed(enabled = true) {
  return usePinPages(FOLLOWING_FEED_KEY, followingFeedPage, { pageSize: PIN_PAGE_SIZE, enabled });
}
