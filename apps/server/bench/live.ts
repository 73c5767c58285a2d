/**
 * The `live` scenario (decision 50: "an event reaches an open tab within 1 s at p99
 * while the mixed load runs"): every bench person holds a live stream (`GET /v3/live/` with their
 * cookie, read as plain HTTP, no browser); while the mixed scenario loads the server, other bench
 * people save pins of theirs and follow them at a steady rate through the real API, so the
 * product's own code makes each notification and its event. Each event's time from the write's
 * request start to its arrival on the recipient's stream is recorded (`live-latency.ts`). Then,
 * with the load over, 200 streams are opened at once and the server's RSS read before and after.
 */
import type { Cleanup } from './cleanup.ts';
import { measureEndpoint, warmupSeconds, type Endpoint, type LoadResult } from './load.ts';
import { createLatencyBook, createSseParser, type ExpectedEvent, type LiveSummary } from './live-latency.ts';
import { pick, recordSave, type BenchPerson, type RepinAnswer } from './people.ts';
import type { SignedInWorld } from './signed-in.ts';

/** Writes a second that owe a live event (saves of a bench person's pin, follows of a person). */
export const LIVE_WRITES_PER_SECOND = 20;
/** After the writes stop, events still on their way get this long to arrive before they count as lost. */
const GRACE_MS = 5_000;
/** Streams opened at once for the memory figure (the target: 200 cost at most 50 MB). */
export const MEMORY_STREAMS = 200;
/** The server's cap per person per instance (`STREAMS_PER_PERSON`). */
const STREAMS_PER_PERSON = 12;
const OPEN_TIMEOUT_MS = 60_000;

export interface LiveReport {
  streams: number;
  writesPerSecond: number;
  seconds: number;
  summary: LiveSummary;
  /** Writes answered non-2xx (no event owed). */
  failedWrites: number;
  /** Streams that ended during the measurement and were opened again. */
  reopened: number;
  /** The mixed load that ran meanwhile. */
  load: LoadResult;
  /** RSS before and with MEMORY_STREAMS streams open; null when unreadable or not measured. */
  memory: { streams: number; beforeMiB: number; withStreamsMiB: number } | null;
}

interface OpenStream {
  /** Resolves on the stream's first event (the current unread count): it is serving. */
  ready: Promise<void>;
  close(): void;
}

/**
 * Opens one live stream as `person` and hands each of its events to `onEvent`; reopens it when
 * the server ends it (its lifetime, like a browser's reconnect) until closed.
 */
function openStream(
  baseUrl: string,
  person: BenchPerson,
  onEvent: (event: string, data: string) => void,
  onReopen: () => void = () => {},
): OpenStream {
  const controller = new AbortController();
  let closed = false;
  let markReady!: () => void;
  let failReady!: (error: Error) => void;
  const ready = new Promise<void>((resolve, reject) => {
    markReady = resolve;
    failReady = reject;
  });
  const timer = setTimeout(
    () => failReady(new Error(`a live stream gave no first event within ${OPEN_TIMEOUT_MS / 1000} s`)),
    OPEN_TIMEOUT_MS,
  );
  const read = async () => {
    while (!closed) {
      const response = await fetch(`${baseUrl}/v3/live/`, {
        headers: { accept: 'text/event-stream', cookie: person.cookie },
        signal: controller.signal,
      });
      if (response.status !== 200 || !response.body) {
        const text = await response.text();
        throw new Error(`GET /v3/live/ answered ${response.status}: ${text.slice(0, 200)}`);
      }
      const parse = createSseParser();
      const decoder = new TextDecoder();
      for await (const chunk of response.body) {
        for (const message of parse(decoder.decode(chunk as Uint8Array, { stream: true }))) {
          clearTimeout(timer);
          markReady();
          onEvent(message.event, message.data);
        }
      }
      if (!closed) onReopen();
    }
  };
  read().catch((error: Error) => {
    clearTimeout(timer);
    if (!closed) failReady(error);
  });
  return {
    ready,
    close() {
      closed = true;
      clearTimeout(timer);
      controller.abort();
    },
  };
}

interface LiveEventData {
  type?: string;
  notification?: {
    kind: string;
    actors: { id: string }[];
    pin: { id: string } | null;
  } | null;
}

/**
 * The writer: each tick, one bench person saves a pin of another's (one they have not saved) or
 * follows one they do not follow yet, so that every write makes a new notification row (an actor
 * is in a group once, decision 50) and owes exactly one event.
 */
function createWriter(baseUrl: string, world: SignedInWorld, book: ReturnType<typeof createLatencyBook>) {
  const { people, ledger } = world;
  const pinsOf = new Map<number, number[]>();
  for (const person of people) {
    const boards = new Set(person.boardIds);
    pinsOf.set(
      person.userId,
      [...ledger.added].filter(([, boardId]) => boards.has(boardId)).map(([pinId]) => pinId),
    );
  }
  const done = new Set<string>();
  const inFlight = new Set<Promise<void>>();
  let failed = 0;

  const send = async (
    expected: ExpectedEvent,
    method: 'POST' | 'PUT',
    path: string,
    actor: BenchPerson,
    body?: unknown,
    onAnswer?: (text: string) => boolean,
  ) => {
    try {
      const response = await fetch(`${baseUrl}${path}`, {
        method,
        headers: {
          accept: 'application/json',
          cookie: actor.cookie,
          'x-csrftoken': actor.csrf,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(30_000),
      });
      const text = await response.text();
      book.answered(expected, performance.now());
      if (response.status < 200 || response.status > 299) {
        failed += 1;
        book.cancel(expected);
      } else if (onAnswer && !onAnswer(text)) {
        book.cancel(expected);
      }
    } catch {
      failed += 1;
      book.cancel(expected);
    }
  };

  const tick = () => {
    for (let attempt = 0; attempt < 20; attempt++) {
      const recipient = pick(people);
      const actor = pick(people);
      if (actor === recipient) continue;
      const pins = pinsOf.get(recipient.userId) ?? [];
      const save = Math.random() < 0.5 && pins.length > 0;
      const pinId = save ? pick(pins) : null;
      const key = save ? `save:${actor.userId}:${pinId}` : `follow:${actor.userId}:${recipient.userId}`;
      if (done.has(key)) continue;
      done.add(key);
      const expected = book.expect({
        recipientId: recipient.userId,
        kind: save ? 'pin_saved' : 'user_followed',
        actorId: actor.userId,
        pinId,
        sentAt: performance.now(),
      });
      let request: Promise<void>;
      if (save) {
        const boardId = pick(actor.boardIds);
        ledger.sent += 1;
        request = send(
          expected,
          'POST',
          `/v3/pins/${pinId}/repin/`,
          actor,
          { board_id: String(boardId) },
          (text) => {
            ledger.answered += 1;
            try {
              const answer = (JSON.parse(text) as { resource_response: { data: RepinAnswer } })
                .resource_response.data;
              // Counted like every other save, so the rows check after the run covers these too.
              return recordSave(ledger, answer, boardId) && !answer.already_saved;
            } catch {
              return false;
            }
          },
        );
      } else {
        request = send(expected, 'PUT', `/v3/users/${encodeURIComponent(recipient.username)}/follow/`, actor);
      }
      inFlight.add(request);
      void request.finally(() => inFlight.delete(request));
      return;
    }
  };

  return {
    tick,
    get failed() {
      return failed;
    },
    /** Waits for the writes still on their way. */
    settle: () => Promise.all([...inFlight]),
  };
}

/** Opens `count` streams over the people in turn (at most the server's cap each) and waits for all. */
async function openMany(
  baseUrl: string,
  people: BenchPerson[],
  count: number,
  onEvent: (person: BenchPerson) => (event: string, data: string) => void,
  onReopen?: () => void,
): Promise<OpenStream[]> {
  const streams = Array.from({ length: count }, (_, index) => {
    const person = people[index % people.length]!;
    return openStream(baseUrl, person, onEvent(person), onReopen);
  });
  try {
    await Promise.all(streams.map((stream) => stream.ready));
  } catch (error) {
    for (const stream of streams) stream.close();
    throw error;
  }
  return streams;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** See the file's comment. `mixed` is the mixed load run meanwhile; `rss` reads the server's RSS. */
export async function measureLive(
  baseUrl: string,
  world: SignedInWorld,
  mixed: Endpoint,
  seconds: number,
  cleanup: Cleanup,
  rss: () => number | null,
): Promise<LiveReport> {
  const book = createLatencyBook();
  let reopened = 0;
  const onEvent = (person: BenchPerson) => (event: string, data: string) => {
    if (event !== 'notifications') return;
    const at = performance.now();
    const parsed = JSON.parse(data) as LiveEventData;
    // The first event of each stream is the count alone.
    if (!parsed.notification) return;
    book.arrive(
      person.userId,
      {
        kind: parsed.notification.kind,
        actorIds: parsed.notification.actors.map((actor) => Number(actor.id)),
        pinId: parsed.notification.pin ? Number(parsed.notification.pin.id) : null,
      },
      at,
    );
  };
  const streams = await openMany(baseUrl, world.people, world.people.length, onEvent, () => {
    reopened += 1;
  });
  const closeStreams = cleanup.add('close the live streams', () => {
    for (const stream of streams) stream.close();
  });

  const writer = createWriter(baseUrl, world, book);
  const warmup = warmupSeconds(seconds);
  const loading = measureEndpoint(baseUrl, mixed, seconds, cleanup, warmup);
  await sleep(warmup * 1000);
  const ticker = setInterval(writer.tick, 1000 / LIVE_WRITES_PER_SECOND);
  let load: LoadResult;
  try {
    await sleep(seconds * 1000);
  } finally {
    clearInterval(ticker);
    load = await loading;
    await writer.settle();
  }
  const graceEnd = performance.now() + GRACE_MS;
  while (book.pending > 0 && performance.now() < graceEnd) await sleep(100);
  const summary = book.summary();
  await closeStreams();

  let memory: LiveReport['memory'] = null;
  const beforeMiB = rss();
  if (beforeMiB !== null && world.people.length * STREAMS_PER_PERSON >= MEMORY_STREAMS) {
    const many = await openMany(baseUrl, world.people, MEMORY_STREAMS, () => () => {});
    const closeMany = cleanup.add('close the memory streams', () => {
      for (const stream of many) stream.close();
    });
    await sleep(1_000);
    const withStreamsMiB = rss();
    await closeMany();
    if (withStreamsMiB !== null) memory = { streams: MEMORY_STREAMS, beforeMiB, withStreamsMiB };
  }

  return {
    streams: streams.length,
    writesPerSecond: LIVE_WRITES_PER_SECOND,
    seconds,
    summary,
    failedWrites: writer.failed,
    reopened,
    load,
    memory,
  };
}
