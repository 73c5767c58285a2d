import { describe, expect, it } from 'vitest';
import { createShortCache } from '../src/lib/short-cache.ts';

describe('short cache clear', () => {
  it('forgets every entry, so the next caller computes again', async () => {
    const cache = createShortCache<number>({ ttlMs: 60_000, maxEntries: 10 });
    let calls = 0;
    const compute = async () => ++calls;
    expect(await cache.get('a', compute)).toBe(1);
    expect(await cache.get('a', compute)).toBe(1);
    cache.clear();
    expect(await cache.get('a', compute)).toBe(2);
  });
});
