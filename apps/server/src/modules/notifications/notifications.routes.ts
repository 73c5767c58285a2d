import type { notificationEndpoints } from '@pinboard/shared/api';
import type { Database } from '../../db/client.ts';
import type { EndpointHandlers } from '../../lib/endpoints.ts';
import { ok } from '../../lib/envelope.ts';
import type { LiveStreams } from '../live/live-streams.ts';
import { markNotificationsSeen, pageNotifications } from './notifications.service.ts';

/** The viewer's notifications, and the live stream that tells an open tab of new ones. */
export function notificationRoutes(deps: {
  db: Database;
  streams: LiveStreams;
}): EndpointHandlers<typeof notificationEndpoints> {
  const { db, streams } = deps;
  return {
    listNotifications: async ({ query, viewer }) => {
      const page = await pageNotifications(db, viewer.userId, {
        bookmark: query.bookmark,
        pageSize: query.page_size,
      });
      return ok(page.items, page.bookmark);
    },
    markNotificationsSeen: async ({ viewer }) => ok(await markNotificationsSeen(db, viewer.userId)),
    liveEvents: ({ reply, viewer }) => streams.open(reply, viewer),
  };
}
