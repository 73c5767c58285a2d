import type { LiveBus } from './live-bus.ts';
import { createMemoryLiveBus } from './memory-live-bus.ts';
import { createRedisLiveBus } from './redis-live-bus.ts';

export { LiveAskSchema, type LiveAsk, type LiveBus, type LiveMessage } from './live-bus.ts';

/** Redis pub/sub when a URL is configured, else this process only. */
export function createLiveBus(redisUrl: string | undefined): LiveBus {
  return redisUrl ? createRedisLiveBus(redisUrl) : createMemoryLiveBus();
}
