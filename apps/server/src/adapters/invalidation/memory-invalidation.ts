import type { InvalidationBus } from './invalidation.ts';

/** One process: an invalidation reaches the subscribers of this bus only. */
export function createMemoryInvalidation(): InvalidationBus {
  const handlers = new Set<() => void>();
  return {
    async publish() {
      for (const handler of handlers) handler();
    },
    async subscribe(handler) {
      handlers.add(handler);
    },
    async close() {
      handlers.clear();
    },
  };
}
