import { randomUUID } from 'node:crypto';
import type { CounterStore } from './counters.ts';

interface Entry {
  count: number;
  expiresAt: number;
  /** The holder of a lock (`lock`). */
  token?: string;
}

// Expired entries are swept once the map grows past this, so a flood of keys cannot grow it forever.
const SWEEP_ABOVE = 10_000;

/** Counters in this process: right for one instance (the default) and for tests. */
export function createMemoryCounters(now: () => number = Date.now): CounterStore {
  const entries = new Map<string, Entry>();

  function live(key: string): Entry | undefined {
    const entry = entries.get(key);
    if (entry && entry.expiresAt <= now()) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  }

  function sweep() {
    if (entries.size <= SWEEP_ABOVE) return;
    const time = now();
    for (const [key, entry] of entries) if (entry.expiresAt <= time) entries.delete(key);
  }

  return {
    async increment(key, windowSeconds) {
      const entry = live(key);
      if (entry) return ++entry.count;
      sweep();
      entries.set(key, { count: 1, expiresAt: now() + windowSeconds * 1000 });
      return 1;
    },
    async get(key) {
      return live(key)?.count ?? 0;
    },
    async claim(key, ttlSeconds) {
      if (live(key)) return false;
      sweep();
      entries.set(key, { count: 1, expiresAt: now() + ttlSeconds * 1000 });
      return true;
    },
    async lock(key, ttlSeconds) {
      if (live(key)) return null;
      sweep();
      const token = randomUUID();
      entries.set(key, { count: 1, expiresAt: now() + ttlSeconds * 1000, token });
      return token;
    },
    async unlock(key, token) {
      if (live(key)?.token === token) entries.delete(key);
    },
    async delete(key) {
      entries.delete(key);
    },
    async close() {
      entries.clear();
    },
  };
}
