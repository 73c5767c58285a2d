import type { InvalidationBus } from './invalidation.ts';
import { createMemoryInvalidation } from './memory-invalidation.ts';
import { createRedisInvalidation } from './redis-invalidation.ts';

export type { InvalidationBus } from './invalidation.ts';

/** Redis pub/sub when a URL is configured, else this process only. */
export function createInvalidationBus(redisUrl: string | undefined): InvalidationBus {
  return redisUrl ? createRedisInvalidation(redisUrl) : createMemoryInvalidation();
}
