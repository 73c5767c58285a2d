import type { CounterStore } from './counters.ts';
import { createMemoryCounters } from './memory-counters.ts';
import { createRedisCounters } from './redis-counters.ts';

export type { CounterStore } from './counters.ts';

/** Redis when a URL is configured, else in-process counters. */
export function createCounterStore(redisUrl: string | undefined): CounterStore {
  return redisUrl ? createRedisCounters(redisUrl) : createMemoryCounters();
}
