import type { FollowListUser } from '@pinboard/shared';
import { api, endpointKey } from '../../api/endpoints.ts';
import { useBookmarkedList, type PageFetcher, type ListPage } from '../../api/useBookmarkedList.ts';

/** Whose list: a person's followers or the people they follow, or a board's followers. */
export type FollowListSource =
  { kind: 'followers' | 'following'; username: string } | { kind: 'boardFollowers'; boardId: string };

const PAGE_SIZE = 25;

/** The list's query key (the endpoint's own, usernames lower-cased as the server reads them). */
export function followListKey(source: FollowListSource) {
  const query = { page_size: PAGE_SIZE };
  if (source.kind === 'boardFollowers')
    return endpointKey('listBoardFollowers', { params: { id: source.boardId }, query });
  const params = { username: source.username.toLowerCase() };
  return source.kind === 'followers'
    ? endpointKey('listUserFollowers', { params, query })
    : endpointKey('listUserFollowing', { params, query });
}

function fetcherOf(source: FollowListSource): PageFetcher<ListPage<FollowListUser>> {
  return (bookmark, signal) => {
    const query = { page_size: PAGE_SIZE, ...(bookmark ? { bookmark } : {}) };
    if (source.kind === 'boardFollowers') {
      return api.listBoardFollowers({ params: { id: source.boardId }, query }, { signal });
    }
    const params = { username: source.username };
    return source.kind === 'followers'
      ? api.listUserFollowers({ params, query }, { signal })
      : api.listUserFollowing({ params, query }, { signal });
  };
}

/** A follow list, page by page (`fetchMore` for the next). */
export function useFollowList(source: FollowListSource) {
  return useBookmarkedList<FollowListUser>(followListKey(source), fetcherOf(source));
}
