import { afterAll, describe, expect, it } from 'vitest';
import type { CounterStore } from '../src/adapters/counters/counters.ts';
import { createMemoryCounters } from '../src/adapters/counters/memory-counters.ts';
import { createRedisCounters } from '../src/adapters/counters/redis-counters.ts';

const redisUrl = process.env.REDIS_URL;
const redis = redisUrl ? createRedisCounters(redisUrl, `pinboard-test-${process.pid}:`) : null;
afterAll(() => redis?.close());

describe.each([
  ['in-process', () => createMemoryCounters()],
  ...(redis ? ([['Redis', () => redis]] as const) : []),
] as [string, () => CounterStore][])('%s locks', (_name, storeOf) => {
  it('hold a key for one holder at a time and release it only for that holder', async () => {
    const store = storeOf();
    const key = `lock-${Math.random()}`;
    const token = await store.lock(key, 5);
    expect(token).toEqual(expect.any(String));
    expect(await store.lock(key, 5)).toBeNull();
    await store.unlock(key, 'someone-else');
    expect(await store.lock(key, 5)).toBeNull();
    await store.unlock(key, token!);
    const next = await store.lock(key, 5);
    expect(next).toEqual(expect.any(String));
    expect(next).not.toBe(token);
    await store.unlock(key, next!);
  });
});

describe('in-process locks', () => {
  it('expire on their own, and a late release never frees the next holder', async () => {
    let now = 0;
    const store = createMemoryCounters(() => now);
    const first = await store.lock('board', 5);
    now += 5000;
    const second = await store.lock('board', 5);
    expect(second).toEqual(expect.any(String));
    await store.unlock('board', first!);
    expect(await store.lock('board', 5)).toBeNull();
  });
});
