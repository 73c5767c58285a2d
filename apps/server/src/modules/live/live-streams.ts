import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyReply } from 'fastify';
import type { LiveEvent } from '@pinboard/shared';
import type { LiveAsk, LiveBus, LiveMessage } from '../../adapters/live/index.ts';

export interface LiveStreamOptions {
  bus: LiveBus;
  /** A stream ends after this long; the browser reconnects (to whichever instance). */
  lifetimeMs: number;
  /** A comment line this often keeps proxies from closing an idle stream; the session is checked too. */
  heartbeatMs: number;
  /** Whether the stream's session still signs in its person (logout, other sessions ended). */
  sessionAlive(userId: number, sessionIdHash: string): Promise<boolean>;
  /** The first events of every stream: the person's state now (what they missed while away). */
  firstEvents(userId: number): Promise<LiveEvent[]>;
  /**
   * Reads the event an ask names, as the person may see it, and hands it to `deliver` (or not,
   * when the read fails); called only for a person with a stream open here (decision 86).
   */
  answer(userId: number, ask: LiveAsk, deliver: (event: LiveEvent) => void): void;
}

/** How long a browser waits before it reconnects a stream that ended. */
export const RECONNECT_MS = 3000;
/** Streams one person may hold open on one instance; the oldest ends when one more opens. */
export const STREAMS_PER_PERSON = 12;

interface Stream {
  write(chunk: string): void;
  /** Ends the response; with `closeConnection`, its connection too once the end is sent. */
  end(closeConnection?: boolean): void;
}

function eventText(event: LiveEvent): string {
  return `event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;
}

/**
 * The open Server-Sent Event streams of this instance by person, fed by the live bus. A stream
 * costs a socket, two timers and a closure: no buffer is kept for it.
 */
export function createLiveStreams(options: LiveStreamOptions) {
  const byUser = new Map<number, Set<Stream>>();
  let subscribed: Promise<void> | null = null;

  const write = (userId: number, event: LiveEvent) => {
    const streams = byUser.get(userId);
    if (!streams) return;
    const text = eventText(event);
    for (const stream of streams) stream.write(text);
  };
  // An ask is read once for all of the person's streams here, and not at all without one.
  const deliver = (message: LiveMessage) => {
    if (!byUser.has(message.userId)) return;
    if ('event' in message) write(message.userId, message.event);
    else options.answer(message.userId, message.ask, (event) => write(message.userId, event));
  };

  return {
    /** How many streams are open on this instance. */
    get size(): number {
      let count = 0;
      for (const streams of byUser.values()) count += streams.size;
      return count;
    },

    /** Answers the request with a stream for the signed-in viewer, until its end. */
    async open(
      reply: FastifyReply,
      viewer: { userId: number; sessionIdHash: string },
    ): Promise<FastifyReply> {
      subscribed ??= options.bus.subscribe(deliver);
      await subscribed;
      const first = await options.firstEvents(viewer.userId);
      reply.hijack();
      const raw = reply.raw;
      // What the hooks set so far (security headers, cache control) goes out with the stream's own.
      raw.writeHead(200, {
        ...(reply.getHeaders() as OutgoingHttpHeaders),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'private, no-store',
        'x-accel-buffering': 'no',
      });
      raw.write(`retry: ${RECONNECT_MS}\n\n${first.map(eventText).join('')}`);

      let streams = byUser.get(viewer.userId);
      if (!streams) byUser.set(viewer.userId, (streams = new Set()));
      let ended = false;
      const stream: Stream = {
        write: (chunk) => {
          if (!ended) raw.write(chunk);
        },
        end: (closeConnection = false) => {
          if (ended) return;
          ended = true;
          clearInterval(heartbeat);
          clearTimeout(lifetime);
          streams.delete(stream);
          if (streams.size === 0) byUser.delete(viewer.userId);
          // The app closing: the connection would stay open as an idle keep-alive one after the
          // server stopped closing idle connections, and keep the process from exiting.
          raw.end(closeConnection ? () => raw.socket?.destroy() : undefined);
        },
      };
      const heartbeat = setInterval(() => {
        stream.write(': heartbeat\n\n');
        options.sessionAlive(viewer.userId, viewer.sessionIdHash).then(
          (alive) => alive || stream.end(),
          () => {},
        );
      }, options.heartbeatMs);
      const lifetime = setTimeout(() => stream.end(), options.lifetimeMs);
      if (streams.size >= STREAMS_PER_PERSON) streams.values().next().value?.end();
      streams.add(stream);
      // The response's close: the browser went away (a request's own close comes once it is read).
      raw.on('close', () => stream.end());
      return reply;
    },

    /** Ends every stream (the app closes). */
    close(): void {
      for (const streams of [...byUser.values()]) for (const stream of [...streams]) stream.end(true);
    },
  };
}
export type LiveStreams = ReturnType<typeof createLiveStreams>;
