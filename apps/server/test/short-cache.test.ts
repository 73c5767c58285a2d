import { describe, expect, it, vi } from 'vitest';
import { createShortCache } from '../src/lib/short-cache.ts';

describe('short cache', () => {
  it('computes a key once for concurrent callers and reuses it until it expires', async () => {
    vi.useFakeTimers();
    try {
      const cache = createShortCache<number>({ ttlMs: 1000, maxEntries: 10 });
      let calls = 0;
      const compute = async () => ++calls;
      expect(
        await Promise.all([cache.get('a', compute), cache.get('a', compute), cache.get('a', compute)]),
      ).toEqual([1, 1, 1]);
      vi.advanceTimersByTime(999);
      expect(await cache.get('a', compute)).toBe(1);
      vi.advanceTimersByTime(2);
      expect(await cache.get('a', compute)).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('does not keep failures, and drops the oldest key past the limit', async () => {
    const cache = createShortCache<string>({ ttlMs: 60_000, maxEntries: 2 });
    await expect(cache.get('x', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('x', async () => 'up')).toBe('up');
    await cache.get('y', async () => 'y1');
    await cache.get('z', async () => 'z1');
    expect(await cache.get('x', async () => 'recomputed')).toBe('recomputed');
  });
});
