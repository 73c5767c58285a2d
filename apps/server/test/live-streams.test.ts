import type { FastifyReply } from 'fastify';
import type { LiveEvent } from '@pinboard/shared';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { createLiveBus, type LiveAsk, type LiveBus } from '../src/adapters/live/index.ts';
import { createRedisLiveBus } from '../src/adapters/live/redis-live-bus.ts';
import { createLiveStreams } from '../src/modules/live/live-streams.ts';

const redisUrl = process.env.REDIS_URL;
if (!redisUrl)
  console.warn(
    'live-streams: the Redis bus part is skipped, it needs REDIS_URL (`npm run test:pg` sets it).',
  );

/** A reply whose stream's writes are kept, as `open` uses it. */
function fakeReply() {
  const written: string[] = [];
  const raw = {
    writeHead: () => {},
    write: (chunk: string) => written.push(chunk),
    end: (done?: () => void) => done?.(),
    on: () => {},
    socket: null,
  };
  return { reply: { hijack: () => {}, raw, getHeaders: () => ({}) } as unknown as FastifyReply, written };
}

const unread = (count: number): LiveEvent => ({
  type: 'messages',
  unread_conversations: count,
  message: null,
});
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function streamsOver(bus: LiveBus) {
  const answered: { userId: number; ask: LiveAsk }[] = [];
  const streams = createLiveStreams({
    bus,
    lifetimeMs: 60_000,
    heartbeatMs: 60_000,
    sessionAlive: async () => true,
    firstEvents: async () => [],
    answer: (userId, ask, deliver) => {
      answered.push({ userId, ask });
      deliver(unread(answered.length));
    },
  });
  return { streams, answered };
}

/** Two streams of person 1 open; asks for 1 and 2 and an event made for 1 published. */
async function publishToOnePerson(bus: LiveBus, settle: () => Promise<unknown>) {
  const { streams, answered } = streamsOver(bus);
  const [first, second] = [fakeReply(), fakeReply()];
  await streams.open(first.reply, { userId: 1, sessionIdHash: 'a' });
  await streams.open(second.reply, { userId: 1, sessionIdHash: 'b' });
  await bus.publish({ userId: 2, ask: { type: 'notifications', groupKey: 'user_followed:1' } });
  await bus.publish({ userId: 1, ask: { type: 'messages', messageId: 7 } });
  await bus.publish({ userId: 1, event: unread(5) });
  await settle();
  streams.close();
  return { answered, first: first.written.slice(1), second: second.written.slice(1) };
}

const eventText = (event: LiveEvent) => `event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;

describe('live streams (decision 86)', () => {
  it('reads an ask only for a person with a stream open here, once for all their streams', async () => {
    const bus = createLiveBus(undefined);
    const { answered, first, second } = await publishToOnePerson(bus, async () => {});
    // Person 2 has no stream here: their ask was never read.
    expect(answered).toEqual([{ userId: 1, ask: { type: 'messages', messageId: 7 } }]);
    expect(first).toEqual([eventText(unread(1)), eventText(unread(5))]);
    expect(second).toEqual(first);
    await bus.close();
  });

  it.runIf(redisUrl)('carries asks through Redis and drops one that is not an ask', async () => {
    const channel = `pinboard:live:test:${process.pid}:${Date.now()}`;
    const bus = createRedisLiveBus(redisUrl!, channel);
    const other = new Redis(redisUrl!);
    try {
      const { answered, first } = await publishToOnePerson(bus, async () => {
        // A message no instance of ours sends: a stream must neither read nor write it.
        await other.publish(channel, JSON.stringify({ userId: 1, ask: { type: 'pins', pinId: 3 } }));
        await other.publish(channel, JSON.stringify({ userId: 1, ask: { type: 'messages', messageId: -1 } }));
        await sleep(300);
      });
      expect(answered).toEqual([{ userId: 1, ask: { type: 'messages', messageId: 7 } }]);
      expect(first).toEqual([eventText(unread(1)), eventText(unread(5))]);
    } finally {
      other.disconnect();
      await bus.close();
    }
  });
});
