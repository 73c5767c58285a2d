import { afterEach, describe, expect, it, vi } from 'vitest';
import { createInvalidationBus, type InvalidationBus } from '../src/adapters/invalidation/index.ts';
import { runAdminCommand, type AdminContext } from '../src/cli/commands.ts';
import { clearSignedOutAnswers, clearWithSignedOutAnswers } from '../src/lib/signed-out-answers.ts';
import { createShortCache } from '../src/lib/short-cache.ts';
import { syncVisitorCaches } from '../src/lib/visitor-cache-sync.ts';

const redisUrl = process.env.REDIS_URL;
if (!redisUrl)
  console.warn(
    'visitor-cache-sync: the Redis part is skipped, REDIS_URL is not set (`npm run test:pg` sets it).',
  );

const silent = { warn: () => {} };
const opened: InvalidationBus[] = [];
const open = (url: string | undefined) => {
  const bus = createInvalidationBus(url);
  opened.push(bus);
  return bus;
};
afterEach(async () => {
  await Promise.all(opened.splice(0).map((bus) => bus.close()));
});

/** Resolves when `bus` has delivered `count` invalidations to a new subscriber. */
async function received(bus: InvalidationBus, count: number): Promise<() => Promise<void>> {
  let seen = 0;
  let done: () => void;
  const all = new Promise<void>((resolve) => (done = resolve));
  await bus.subscribe(() => {
    if (++seen === count) done();
  });
  return () => all;
}

describe('visitor caches kept in step', () => {
  it('publishes every clear made here, and clears here on every invalidation (in-process bus)', async () => {
    const bus = open(undefined);
    const cache = createShortCache<number>({ ttlMs: 60_000, maxEntries: 10 });
    clearWithSignedOutAnswers(cache);
    let calls = 0;
    const compute = async () => ++calls;
    const published = await received(bus, 1);
    const stop = await syncVisitorCaches(bus, silent);

    expect(await cache.get('k', compute)).toBe(1);
    clearSignedOutAnswers();
    await published();
    expect(await cache.get('k', compute)).toBe(2);

    // An invalidation from elsewhere clears this process's caches.
    await bus.publish();
    expect(await cache.get('k', compute)).toBe(3);

    stop();
    const before = calls;
    clearSignedOutAnswers();
    expect(await cache.get('k', compute)).toBe(before + 1);
  });

  it('clears them after an admin command, which may have changed what visitors see', async () => {
    const cache = createShortCache<number>({ ttlMs: 60_000, maxEntries: 10 });
    clearWithSignedOutAnswers(cache);
    let calls = 0;
    const compute = async () => ++calls;
    expect(await cache.get('k', compute)).toBe(1);
    await runAdminCommand({} as AdminContext, ['help']);
    expect(await cache.get('k', compute)).toBe(2);
  });

  it('lets the app start when Redis cannot be reached, and says so', async () => {
    const warnings: string[] = [];
    const bus = open('redis://127.0.0.1:1');
    const stop = await syncVisitorCaches(bus, {
      warn: (_details: unknown, message: string) => warnings.push(message),
    });
    expect(warnings).toEqual([
      'not subscribed to cache invalidations: other instances cannot clear this one',
    ]);
    // A clear here still clears here; the failed publish is a warning, not a crash.
    clearSignedOutAnswers();
    // The publish fails once the client gives up on the connection: wait for it, not a fixed time.
    await vi.waitFor(() => expect(warnings).toContain('could not publish a cache invalidation'), {
      timeout: 10_000,
      interval: 50,
    });
    stop();
  });

  it.skipIf(!redisUrl)('carries one instance’s invalidation to another through Redis pub/sub', async () => {
    const publisher = open(redisUrl);
    const listener = open(redisUrl);
    const both = await received(listener, 2);
    const started = Date.now();
    await publisher.publish();
    await publisher.publish();
    await both();
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it.skipIf(!redisUrl)('sends what was published before close, and tells nothing after', async () => {
    const listener = open(redisUrl);
    const one = await received(listener, 1);
    const publisher = createInvalidationBus(redisUrl);
    void publisher.publish();
    await publisher.close();
    await one();
  });
});
