import type { InvalidationBus } from './invalidation.ts';
import { createMemoryInvalidation } from './memory-invalidation.ts';
import { createRedisInvalidation } from './redis-invalidation.ts';

export type { InvalidationBus } from './invalidation.ts';

/**
 * Redis pub/sub when a URL is configured, else this process only. Each `channel` is a bus of its
 * own (the visitor caches' by default).
 */
export function createInvalidationBus(redisUrl: string | undefined, channel?: string): InvalidationBus {
  return redisUrl ? createRedisInvalidation(redisUrl, channel) : createMemoryInvalidation();
}
