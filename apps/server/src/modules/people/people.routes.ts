import type { peopleEndpoints } from '@pinboard/shared/api';
import type { AppContext } from '../../app-context.ts';
import { pageOptionsOf, type EndpointHandlers } from '../../lib/endpoints.ts';
import { ok } from '../../lib/envelope.ts';
import { createDiscoverService } from '../discover/discover.service.ts';
import { pageFollowingFeed } from '../feed/following-feed.service.ts';
import { pageBoardFollowers, pageUserFollowList } from './follow-lists.service.ts';
import { getInterests, setInterests } from './interests.service.ts';

/** People and feeds (decision 47): follow lists, the Following feed, interests. */
export function peopleRoutes({ db }: AppContext): EndpointHandlers<typeof peopleEndpoints> {
  const discover = createDiscoverService(db);
  return {
    listUserFollowers: async (call) => {
      const page = await pageUserFollowList(db, call.params.username, 'followers', pageOptionsOf(call));
      return ok(page.items, page.bookmark);
    },
    listUserFollowing: async (call) => {
      const page = await pageUserFollowList(db, call.params.username, 'following', pageOptionsOf(call));
      return ok(page.items, page.bookmark);
    },
    listBoardFollowers: async (call) => {
      const page = await pageBoardFollowers(db, Number(call.params.id), pageOptionsOf(call));
      return ok(page.items, page.bookmark);
    },
    listFollowingFeed: async (call) => {
      const page = await pageFollowingFeed(db, call.viewer.userId, pageOptionsOf(call));
      return ok(page.items, page.bookmark);
    },
    getInterests: async ({ viewer }) => ok(await getInterests(db, discover, viewer.userId)),
    setMyInterests: async ({ body, viewer }) =>
      ok(await setInterests(db, discover, viewer.userId, body.interests)),
  };
}
