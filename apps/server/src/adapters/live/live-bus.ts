import { z } from 'zod';
import type { LiveEvent } from '@pinboard/shared';

/**
 * An event to read where its person listens (decision 86): a new notification's (the unread
 * count and its group) or a new message's (the unread conversations and the message), each as
 * the person may see it, read by the instance holding their streams and only when it holds one.
 */
export const LiveAskSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('notifications'), groupKey: z.string().min(1) }),
  z.object({ type: z.literal('messages'), messageId: z.number().int().positive() }),
]);
export type LiveAsk = z.infer<typeof LiveAskSchema>;

/** A live message for one person, as the bus carries it: an event made, or one to read. */
export type LiveMessage = { userId: number; event: LiveEvent } | { userId: number; ask: LiveAsk };

/**
 * Carries live events to the instance holding the person's open streams (decision 50): in-process
 * by default; with REDIS_URL one Redis pub/sub channel every instance listens on, each keeping the
 * messages for people with a stream open on it. Pub/sub keeps nothing: a stream that was not open
 * when an event was published gets the unread count when it opens.
 */
export interface LiveBus {
  /** Sends one message to every subscriber, this process's included. */
  publish(message: LiveMessage): Promise<void>;
  /** Calls `handler` for each message published. Resolves once subscribed. */
  subscribe(handler: (message: LiveMessage) => void): Promise<void>;
  /** Stops listening; messages already published are sent first. */
  close(): Promise<void>;
}
