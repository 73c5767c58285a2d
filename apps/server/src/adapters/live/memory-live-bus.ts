import type { LiveBus, LiveMessage } from './live-bus.ts';

/** One process: an event reaches the subscribers of this bus only. */
export function createMemoryLiveBus(): LiveBus {
  const handlers = new Set<(message: LiveMessage) => void>();
  return {
    async publish(message) {
      for (const handler of handlers) handler(message);
    },
    async subscribe(handler) {
      handlers.add(handler);
    },
    async close() {
      handlers.clear();
    },
  };
}
