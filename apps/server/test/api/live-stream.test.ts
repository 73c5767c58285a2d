import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LiveEventSchema } from '@pinboard/shared';
import { openDatabase } from '../../src/db/client.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { copyPostgresTemplate, TEST_ENGINE } from '../helpers/test-database.ts';

const redisUrl = process.env.REDIS_URL;
const acrossInstances = Boolean(redisUrl) && TEST_ENGINE === 'postgres';
if (!acrossInstances)
  console.warn(
    'live-stream: the two-instance part is skipped, it needs TEST_DATABASE=postgres and REDIS_URL (`npm run test:pg` sets them).',
  );

let t: TestApp;
beforeAll(async () => {
  // Short lifetimes: `inject` answers once a stream ends.
  t = await createTestApp({ env: { LIVE_STREAM_SECONDS: '1.5', LIVE_HEARTBEAT_SECONDS: '0.2' } });
});
afterAll(() => t.close());

const headers = (cookie: string) => ({ cookie: `${cookie}; csrftoken=t0k`, 'x-csrftoken': 't0k' });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The events of a stream's body, each checked against the shared schema. */
function eventsOf(body: string) {
  return body
    .split('\n\n')
    .filter((block) => block.includes('data: '))
    .map((block) => {
      const [, type] = /^event: (.+)$/m.exec(block)!;
      const event = LiveEventSchema.parse(JSON.parse(/^data: (.+)$/m.exec(block)![1]!));
      expect(event.type).toBe(type);
      return event;
    });
}

describe('GET /v3/live/', () => {
  it('refuses a visitor with 401 in the envelope', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/v3/live/' });
    expect(response.statusCode).toBe(401);
    expect(response.json().resource_response.error.code).toBe('auth_required');
  });

  it('streams the unread count first, then each new notification, and ends at its lifetime', async () => {
    const star = await t.make.user();
    const fan = await t.make.user();
    const started = Date.now();
    const stream = t.app.inject({
      method: 'GET',
      url: '/v3/live/',
      headers: headers(await t.make.sessionCookie(star.id)),
    });
    await sleep(400);
    const follow = await t.request({
      method: 'PUT',
      url: `/v3/users/${star.username}/follow/`,
      headers: headers(await t.make.sessionCookie(fan.id)),
    });
    expect(follow.status).toBe(200);
    const response = await stream;
    expect(Date.now() - started).toBeGreaterThanOrEqual(1400);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.body).toMatch(/^retry: \d+\n\n/);
    expect(response.body).toContain(': heartbeat\n\n');
    const events = eventsOf(response.body);
    expect(events[0]).toEqual({ type: 'notifications', unread_notifications: 0, notification: null });
    // The messages count comes with it (decision 52).
    expect(events[1]).toEqual({ type: 'messages', unread_conversations: 0, message: null });
    expect(events[2]).toMatchObject({
      type: 'notifications',
      unread_notifications: 1,
      notification: { kind: 'user_followed', actors: [{ id: String(fan.id) }] },
    });
  });

  it('ends when its session ends (logout)', async () => {
    const user = await t.make.user();
    const cookie = await t.make.sessionCookie(user.id);
    const longer = await createTestApp({
      db: t.db,
      env: { LIVE_STREAM_SECONDS: '30', LIVE_HEARTBEAT_SECONDS: '0.2' },
    });
    try {
      const started = Date.now();
      const stream = longer.app.inject({ method: 'GET', url: '/v3/live/', headers: headers(cookie) });
      await sleep(300);
      expect((await t.request({ method: 'POST', url: '/v3/logout/', headers: headers(cookie) })).status).toBe(
        200,
      );
      expect((await stream).statusCode).toBe(200);
      expect(Date.now() - started).toBeLessThan(10_000);
    } finally {
      await longer.close();
    }
  });

  it.runIf(acrossInstances)('reaches a stream on another instance through Redis', async () => {
    const copy = await copyPostgresTemplate();
    const handles = await Promise.all([1, 2].map(() => openDatabase({ databaseUrl: copy.url })));
    const env = { REDIS_URL: redisUrl!, LIVE_STREAM_SECONDS: '2', LIVE_HEARTBEAT_SECONDS: '1' };
    const [one, two] = await Promise.all(handles.map((handle) => createTestApp({ db: handle.db, env })));
    try {
      const star = await one!.make.user();
      const fan = await one!.make.user();
      const stream = one!.app.inject({
        method: 'GET',
        url: '/v3/live/',
        headers: headers(await one!.make.sessionCookie(star.id)),
      });
      await sleep(500);
      const follow = await two!.request({
        method: 'PUT',
        url: `/v3/users/${star.username}/follow/`,
        headers: headers(await two!.make.sessionCookie(fan.id)),
      });
      expect(follow.status).toBe(200);
      const events = eventsOf((await stream).body);
      expect(events.at(-1)).toMatchObject({
        unread_notifications: 1,
        notification: { kind: 'user_followed' },
      });
    } finally {
      await Promise.all([one, two].map((app) => app?.close()));
      await Promise.all(handles.map((handle) => handle.close()));
      await copy.drop();
    }
  });
});
