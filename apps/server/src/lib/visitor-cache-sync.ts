import type { InvalidationBus } from '../adapters/invalidation/index.ts';
import { clearLocalSignedOutAnswers, onSignedOutAnswersCleared } from './signed-out-answers.ts';

/**
 * Keeps the visitor caches of every instance in step (the signed-out answers, the signed-out
 * feed, discover's lists): a clear made in this process is published on `bus`, and one
 * published by any process clears this one's. Answers a function that stops both.
 */
export async function syncVisitorCaches(
  bus: InvalidationBus,
  log: { warn(details: { err: unknown }, message: string): void },
): Promise<() => void> {
  // An unreachable Redis must not keep the server from starting: its caches then only expire.
  await bus.subscribe(clearLocalSignedOutAnswers).catch((error: unknown) => {
    log.warn({ err: error }, 'not subscribed to cache invalidations: other instances cannot clear this one');
  });
  return onSignedOutAnswersCleared(() => {
    // The clear here has happened; an unreachable Redis leaves the others to their own expiry.
    bus
      .publish()
      .catch((error: unknown) => log.warn({ err: error }, 'could not publish a cache invalidation'));
  });
}
