import type { LiveEvent } from '@pinboard/shared';
import type { LiveAsk, LiveMessage } from '../../adapters/live/index.ts';
import type { Executor } from '../../db/client.ts';

/** Where an app sends the live messages its services make (the app's live bus, in the background). */
export interface LivePublisher {
  /** Sends one person's message without holding up the answer; failures are logged. */
  send(message: LiveMessage): void;
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

/**
 * Sends a person an event already made (the same for each of their streams), when an app serves
 * `db` (admin commands and the seed send none).
 */
export function sendLiveEvent(db: Executor, userId: number, event: LiveEvent): void {
  publishers.get(db)?.send({ userId, event });
}

/**
 * Tells a person's streams of an event to read as they may see it: only an instance holding one
 * of their streams reads it, so a person with none open costs no statement (decision 86).
 */
export function askLiveEvent(db: Executor, userId: number, ask: LiveAsk): void {
  publishers.get(db)?.send({ userId, ask });
}
