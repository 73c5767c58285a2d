/**
 * The live measurement's bookkeeping, pure: reading a Server-Sent Event stream, pairing each
 * write the bench sent with the event it should bring to its recipient's stream, and the delivery
 * figures (p50/p99/max, lost and unexpected events). The HTTP side is in `live.ts`.
 */

/** One Server-Sent Event: its `event:` name (`message` when none) and its `data:` lines joined. */
export interface SseMessage {
  event: string;
  data: string;
}

/**
 * A parser of the `text/event-stream` format fed chunk by chunk (a chunk may end anywhere, even
 * inside a line): answers the events each chunk completed. Comment lines (`: heartbeat`),
 * `retry:` and `id:` are skipped; an event without data is not dispatched, as in a browser.
 */
export function createSseParser(): (chunk: string) => SseMessage[] {
  let buffered = '';
  let event = '';
  let data: string[] = [];
  return (chunk) => {
    buffered += chunk;
    const messages: SseMessage[] = [];
    for (;;) {
      const end = buffered.search(/\r\n|\r|\n/);
      // A lone `\r` at the end may be the first half of `\r\n`: wait for the next chunk.
      if (end === -1 || (buffered[end] === '\r' && end === buffered.length - 1)) break;
      const line = buffered.slice(0, end);
      buffered = buffered.slice(end + (buffered.startsWith('\r\n', end) ? 2 : 1));
      if (line === '') {
        if (data.length > 0) messages.push({ event: event || 'message', data: data.join('\n') });
        event = '';
        data = [];
        continue;
      }
      if (line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon === -1 ? line : line.slice(0, colon);
      let value = colon === -1 ? '' : line.slice(colon + 1);
      if (value.startsWith(' ')) value = value.slice(1);
      if (field === 'event') event = value;
      else if (field === 'data') data.push(value);
    }
    return messages;
  };
}

/** A write the bench sent, and the notification it must bring to its recipient's stream. */
export interface ExpectedEvent {
  recipientId: number;
  kind: 'pin_saved' | 'user_followed';
  actorId: number;
  /** The recipient's pin that was saved; null for a follow. */
  pinId: number | null;
  /** `performance.now()` when the write's request started. */
  sentAt: number;
  /** When its answer came (set by `answered`); the event may arrive before it. */
  answeredAt?: number;
}

/** What a `notifications` live event says of its group (the fields the pairing reads). */
export interface ArrivedNotification {
  kind: string;
  /** The group's actors shown, newest first. */
  actorIds: number[];
  pinId: number | null;
}

export interface LiveSummary {
  /** Writes answered 2xx that must bring an event. */
  expected: number;
  delivered: number;
  /** Expected events that had not arrived when the measurement ended. */
  lost: number;
  /** Notification events that paired with no write (none should come). */
  unexpected: number;
  /** The write's answer to arrival on the recipient's stream, ms (0 when the event came first). */
  afterAnswer: Spread;
  /** The write's request start to arrival: the write's own time included. */
  fromStart: Spread;
}

/** p50, p99 and max of a set of times, ms, rounded. */
export interface Spread {
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

function spreadOf(values: readonly number[]): Spread {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    p50Ms: Math.round(percentile(sorted, 0.5)),
    p99Ms: Math.round(percentile(sorted, 0.99)),
    maxMs: Math.round(sorted.at(-1) ?? 0),
  };
}

/** Milliseconds to two decimals, as the bench prints them. */
export const hundredths = (ms: number) => Math.round(ms * 100) / 100;

/** The nearest-rank percentile (`share` in (0, 1]) of values sorted ascending; 0 for none. */
export function percentile(sorted: readonly number[], share: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.max(1, Math.ceil(share * sorted.length));
  return sorted[Math.min(rank, sorted.length) - 1]!;
}

/**
 * Pairs writes with arrivals. An event pairs with a waiting write of its recipient of the same
 * kind and pin, preferring the one whose actor the event names newest, then one it names at all,
 * then the oldest: two saves of one pin a moment apart are one group, and the event built for the
 * first may already name the second actor.
 */
export function createLatencyBook() {
  const waiting = new Map<number, ExpectedEvent[]>();
  const fromStart: number[] = [];
  const fromAnswer: number[] = [];
  let expected = 0;
  let unexpected = 0;

  return {
    /** A write is about to be sent (counted once its answer says it made a notification). */
    expect(event: ExpectedEvent): ExpectedEvent {
      const list = waiting.get(event.recipientId) ?? [];
      list.push(event);
      waiting.set(event.recipientId, list);
      expected += 1;
      return event;
    },

    /** Its answer came: the time is kept for the after-the-answer figure. */
    answered(event: ExpectedEvent, at: number): void {
      event.answeredAt = at;
    },

    /** The write failed or made no notification: no event is owed for it. */
    cancel(event: ExpectedEvent): void {
      const list = waiting.get(event.recipientId);
      const index = list?.indexOf(event) ?? -1;
      // One already paired stays counted: an event came for it, so it was not a failed write.
      if (index === -1) return;
      list!.splice(index, 1);
      expected -= 1;
    },

    /** A notification event arrived on `recipientId`'s stream at `at`. */
    arrive(recipientId: number, notification: ArrivedNotification, at: number): 'paired' | 'unexpected' {
      const list = waiting.get(recipientId) ?? [];
      const candidates = list.filter(
        (event) => event.kind === notification.kind && event.pinId === notification.pinId,
      );
      const chosen =
        candidates.find((event) => event.actorId === notification.actorIds[0]) ??
        candidates.find((event) => notification.actorIds.includes(event.actorId)) ??
        candidates[0];
      if (!chosen) {
        unexpected += 1;
        return 'unexpected';
      }
      list.splice(list.indexOf(chosen), 1);
      fromStart.push(at - chosen.sentAt);
      fromAnswer.push(chosen.answeredAt === undefined ? 0 : Math.max(0, at - chosen.answeredAt));
      return 'paired';
    },

    /** Writes still waiting for their event. */
    get pending(): number {
      let count = 0;
      for (const list of waiting.values()) count += list.length;
      return count;
    },

    summary(): LiveSummary {
      return {
        expected,
        delivered: fromStart.length,
        lost: this.pending,
        unexpected,
        afterAnswer: spreadOf(fromAnswer),
        fromStart: spreadOf(fromStart),
      };
    },
  };
}
export type LatencyBook = ReturnType<typeof createLatencyBook>;
