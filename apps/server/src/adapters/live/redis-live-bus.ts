import { Redis } from 'ioredis';
import { LiveEventSchema } from '@pinboard/shared';
import { LiveAskSchema, type LiveBus, type LiveMessage } from './live-bus.ts';

/**
 * Live events over one Redis pub/sub channel shared by every instance: each instance receives
 * every message and hands it to the streams it holds for that person (decision 50 weighs this
 * against a channel per person). Messages are checked on the way in: a stream writes only events
 * of the shared schema, and reads only asks of `LiveAskSchema`.
 */
export function createRedisLiveBus(url: string, channel = 'pinboard:live'): LiveBus {
  const options = { maxRetriesPerRequest: 2, enableOfflineQueue: true };
  // Connection errors reach the caller as failed commands; ioredis reconnects by itself.
  const quiet = (redis: Redis) => redis.on('error', () => {});
  const publisher = quiet(new Redis(url, options));
  // A subscribed connection can only listen, so it is a second one, opened on first subscribe.
  let subscriber: Redis | null = null;
  const handlers = new Set<(message: LiveMessage) => void>();

  const receive = (text: string) => {
    let parsed: { userId: unknown; event?: unknown; ask?: unknown };
    try {
      parsed = JSON.parse(text) as typeof parsed;
    } catch {
      return;
    }
    const { userId } = parsed;
    if (typeof userId !== 'number') return;
    let message: LiveMessage;
    if (parsed.ask !== undefined) {
      const ask = LiveAskSchema.safeParse(parsed.ask);
      if (!ask.success) return;
      message = { userId, ask: ask.data };
    } else {
      const event = LiveEventSchema.safeParse(parsed.event);
      if (!event.success) return;
      message = { userId, event: event.data };
    }
    for (const handler of handlers) handler(message);
  };

  return {
    async publish(message) {
      await publisher.publish(channel, JSON.stringify(message));
    },
    async subscribe(handler) {
      handlers.add(handler);
      if (subscriber) return;
      subscriber = quiet(new Redis(url, options));
      subscriber.on('message', (from: string, text: string) => {
        if (from === channel) receive(text);
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
