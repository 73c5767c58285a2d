import { Redis } from 'ioredis';
import type { InvalidationBus } from './invalidation.ts';

/**
 * Invalidations over a Redis pub/sub channel, shared by every instance on the same Redis. Pub/sub
 * delivers to whoever listens at that moment and keeps nothing, so a subscriber whose connection
 * drops is told to invalidate when it is back.
 */
export function createRedisInvalidation(url: string, channel = 'pinboard:invalidate'): InvalidationBus {
  const options = { maxRetriesPerRequest: 2, enableOfflineQueue: true };
  // Connection errors reach the caller as failed commands; ioredis reconnects by itself.
  const quiet = (redis: Redis) => redis.on('error', () => {});
  const publisher = quiet(new Redis(url, options));
  // A subscribed connection can only listen, so it is a second one, opened on first subscribe.
  let subscriber: Redis | null = null;
  const handlers = new Set<() => void>();
  const notify = () => {
    for (const handler of handlers) handler();
  };

  return {
    async publish() {
      await publisher.publish(channel, '1');
    },
    async subscribe(handler) {
      handlers.add(handler);
      if (subscriber) return;
      subscriber = quiet(new Redis(url, options));
      subscriber.on('message', (from: string) => {
        if (from === channel) notify();
      });
      let connectedBefore = false;
      subscriber.on('ready', () => {
        if (connectedBefore) notify();
        connectedBefore = true;
      });
      await subscriber.subscribe(channel);
    },
    async close() {
      handlers.clear();
      await Promise.all(
        [publisher, subscriber].map((redis) => redis?.quit().catch(() => redis.disconnect())),
      );
    },
  };
}
