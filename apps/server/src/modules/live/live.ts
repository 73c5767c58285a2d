import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { createLiveBus } from '../../adapters/live/index.ts';
import type { Background } from '../../lib/background.ts';
import { publishLiveEventsOf } from '../notifications/live-publisher.ts';
import { liveMessageEvent, liveMessagesEvent } from '../messages/messages.service.ts';
import {
  batchedLiveNotificationEvent,
  liveNotificationEvent,
} from '../notifications/notifications.service.ts';
import { findSessionUserId } from '../users/users.repository.ts';
import { createLiveStreams } from './live-streams.ts';

/**
 * The app's live events (decision 50): the bus (Redis pub/sub with REDIS_URL), this instance's
 * open streams fed by it, and the publisher the services' events go out through.
 */
export function createLive(deps: {
  db: Database;
  config: Pick<Config, 'redisUrl' | 'liveStreamMs' | 'liveHeartbeatMs'>;
  background: Background;
}) {
  const { db, config, background } = deps;
  const bus = createLiveBus(config.redisUrl);
  const streams = createLiveStreams({
    bus,
    lifetimeMs: config.liveStreamMs,
    heartbeatMs: config.liveHeartbeatMs,
    sessionAlive: async (userId, sessionIdHash) =>
      (await findSessionUserId(db, sessionIdHash, new Date())) === userId,
    firstEvents: (userId) =>
      Promise.all([liveNotificationEvent(db, userId, null), liveMessagesEvent(db, userId)]),
    answer(userId, ask, deliver) {
      background.run('live-event', async () =>
        deliver(
          ask.type === 'notifications'
            ? await batchedLiveNotificationEvent(db, userId, ask.groupKey)
            : await liveMessageEvent(db, userId, ask.messageId),
        ),
      );
    },
  });
  const stopPublishing = publishLiveEventsOf(db, {
    send(message) {
      background.run('live-event', () => bus.publish(message));
    },
  });
  return {
    streams,
    /** Ends every stream, so that closing the server does not wait for their lifetime. */
    endStreams: () => streams.close(),
    async close() {
      stopPublishing();
      streams.close();
      await bus.close();
    },
  };
}
