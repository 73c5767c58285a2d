import type { Pin } from '@pinboard/shared';
import { useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { apiClient, type ApiResult } from '../../api/client.ts';
import { feedKeys } from '../../api/query-keys.ts';

export const HOME_FEED_PAGE_SIZE = 25;

export function fetchHomeFeedPage(bookmark: string | null, signal?: AbortSignal): Promise<ApiResult<Pin[]>> {
  return apiClient.get<Pin[]>('/v3/feeds/home/', {
    query: { page_size: HOME_FEED_PAGE_SIZE, bookmark },
    signal,
  });
}

// A pin saved while someone scrolls shifts the feed, so a later page can repeat one already shown.
function uniquePins(data: InfiniteData<ApiResult<Pin[]>>): Pin[] {
  const seen = new Set<string>();
  return data.pages
    .flatMap((page) => page.data)
    .filter((pin) => {
      if (seen.has(pin.id)) return false;
      seen.add(pin.id);
      return true;
    });
}

/** The home feed, page by page; `data` is every pin loaded so far. */
export function useHomeFeed() {
  return useInfiniteQuery({
    queryKey: feedKeys.home(HOME_FEED_PAGE_SIZE),
    queryFn: ({ pageParam, signal }) => fetchHomeFeedPage(pageParam, signal),
    initialPageParam: null as string | null,
    // A null bookmark ends the feed; TanStack Query reads null as "no next page".
    getNextPageParam: (lastPage) => lastPage.bookmark,
    select: uniquePins,
  });
}
