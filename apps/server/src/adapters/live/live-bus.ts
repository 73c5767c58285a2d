import type { LiveEvent } from '@pinboard/shared';

/** A live event for one person, as the bus carries it. */
export interface LiveMessage {
  userId: number;
  event: LiveEvent;
}

/**
 * Carries live events to the instance holding the person's open streams (decision 50): in-process
 * by default; with REDIS_URL one Redis pub/sub channel every instance listens on, each keeping the
 * messages for people with a stream open on it. Pub/sub keeps nothing: a stream that was not open
 * when an event was published gets the unread count when it opens.
 */
export interface LiveBus {
  /** Sends one event to every subscriber, this process's included. */
  publish(message: LiveMessage): Promise<void>;
  /** Calls `handler` for each message published. Resolves once subscribed. */
  subscribe(handler: (message: LiveMessage) => void): Promise<void>;
  /** Stops listening; messages already published are sent first. */
  close(): Promise<void>;
}
