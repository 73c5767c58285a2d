import type { InvalidationBus } from '../adapters/invalidation/index.ts';
import { clearLocalSignedOutAnswers, onSignedOutAnswersCleared } from './signed-out-answers.ts';

type SyncLog = { warn(details: { err: unknown }, message: string): void };

/**
 * Keeps one kind of per-instance cache of every instance in step: a clear made in this process
 * (reported by `onCleared`) is published on `bus`, and one published by any process clears this
 * one's (`clearLocal`). `what` names the invalidations in the log. Answers a function that stops both.
 * The listener answers the publish, settled once Redis has sent it on (or it failed), for a
 * caller that must not answer before the others are told (modules/auth/session-lookups.ts).
 */
export async function syncAcrossInstances(
  bus: InvalidationBus,
  log: SyncLog,
  what: string,
  clearLocal: () => void,
  onCleared: (listener: () => Promise<void>) => () => void,
): Promise<() => void> {
  // An unreachable Redis must not keep the server from starting: its caches then only expire.
  await bus.subscribe(clearLocal).catch((error: unknown) => {
    log.warn(
      { err: error },
      `not subscribed to ${what} invalidations: other instances cannot clear this one`,
    );
  });
  return onCleared(() =>
    // The clear here has happened; an unreachable Redis leaves the others to their own expiry.
    bus
      .publish()
      .catch((error: unknown) => log.warn({ err: error }, `could not publish a ${what} invalidation`)),
  );
}

/**
 * Keeps the visitor caches of every instance in step (the signed-out answers, the signed-out
 * feed, discover's lists, the promoted candidates).
 */
export function syncVisitorCaches(bus: InvalidationBus, log: SyncLog): Promise<() => void> {
  return syncAcrossInstances(bus, log, 'cache', clearLocalSignedOutAnswers, onSignedOutAnswersCleared);
}
