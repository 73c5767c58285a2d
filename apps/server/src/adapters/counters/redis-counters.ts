import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { CounterStore } from './counters.ts';

// INCR and the window's expiry in one step, so a crash between them never leaves a key that lives forever.
const INCREMENT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('EXPIRE', KEYS[1], ARGV[1]) end
return count`;

// Deletes the lock only if this holder still has it, in one step.
const UNLOCK_SCRIPT = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`;

/** Counters in Redis, shared by every instance. Keys are prefixed so the database can be shared. */
export function createRedisCounters(url: string, prefix = 'pinboard:'): CounterStore {
  const redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2, enableOfflineQueue: true });
  const k = (key: string) => prefix + key;
  return {
    async increment(key, windowSeconds) {
      return Number(await redis.eval(INCREMENT_SCRIPT, 1, k(key), windowSeconds));
    },
    async get(key) {
      return Number((await redis.get(k(key))) ?? 0);
    },
    async claim(key, ttlSeconds) {
      return (await redis.set(k(key), '1', 'EX', ttlSeconds, 'NX')) === 'OK';
    },
    async lock(key, ttlSeconds) {
      const token = randomUUID();
      return (await redis.set(k(key), token, 'EX', ttlSeconds, 'NX')) === 'OK' ? token : null;
    },
    async unlock(key, token) {
      await redis.eval(UNLOCK_SCRIPT, 1, k(key), token);
    },
    async delete(key) {
      await redis.del(k(key));
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
