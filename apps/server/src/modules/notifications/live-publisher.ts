import type { LiveEvent } from '@pinboard/shared';
import type { Executor } from '../../db/client.ts';

/** Where an app sends the live events its services make (the app's live bus, in the background). */
export interface LivePublisher {
  /** Builds and sends one person's event without holding up the answer; failures are logged. */
  send(userId: number, event: () => Promise<LiveEvent>): void;
}

// By database: services are given the database, and each app registers its own (tests run several).
const publishers = new WeakMap<Executor, LivePublisher>();

/** Makes the services called with `db` publish through `publisher`; answers a function that stops it. */
export function publishLiveEventsOf(db: Executor, publisher: LivePublisher): () => void {
  // A second app on the same database (a test's second instance) keeps the first one's publisher:
  // with Redis either reaches every instance.
  if (publishers.has(db)) return () => {};
  publishers.set(db, publisher);
  return () => publishers.delete(db);
}

/** Sends a live event to a person when an app serves `db` (admin commands and the seed send none). */
export function sendLiveEvent(db: Executor, userId: number, event: () => Promise<LiveEvent>): void {
  publishers.get(db)?.send(userId, event);
}
