import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { boards } from '../../src/db/schema/boards.ts';
import { pins } from '../../src/db/schema/pins.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

// Visitors' answers are kept for a second (lib/signed-out-answers.ts). The clock is frozen in
// each test, so anything that was cached would be served: a pass never depends on timing.

let t: TestApp;
const ids = {} as Record<'publicBoard' | 'secretBoard' | 'publicPin' | 'secretPin' | 'hiddenPin', number>;
const cookies = {} as Record<'owner' | 'collaborator' | 'stranger', string>;

beforeAll(async () => {
  t = await createTestApp();
  const owner = await t.make.user({ username: 'cache_owner' });
  const collaborator = await t.make.user();
  const stranger = await t.make.user();
  const publicBoard = await t.make.board(owner.id, { name: 'Cache public' });
  const secretBoard = await t.make.board(owner.id, { name: 'Cache secret', privacy: 'secret' });
  const laterPublicBoard = await t.make.board(owner.id, { name: 'Cache secret for now', privacy: 'secret' });
  await t.make.collaborator(secretBoard.id, collaborator.id);
  ids.publicBoard = publicBoard.id;
  ids.secretBoard = secretBoard.id;
  ids.publicPin = (await t.make.pin(owner.id, publicBoard.id, { title: 'Before' })).id;
  ids.secretPin = (await t.make.pin(owner.id, secretBoard.id)).id;
  ids.hiddenPin = (await t.make.pin(owner.id, laterPublicBoard.id)).id;
  cookies.owner = await t.make.sessionCookie(owner.id);
  cookies.collaborator = await t.make.sessionCookie(collaborator.id);
  cookies.stranger = await t.make.sessionCookie(stranger.id);
});
afterAll(() => t.close());

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

/** The raw answer, so cached and uncached bodies can be compared byte for byte. */
async function get(url: string, as?: keyof typeof cookies) {
  const response = await t.app.inject({ method: 'GET', url, headers: as ? { cookie: cookies[as] } : {} });
  return { status: response.statusCode, type: response.headers['content-type'], body: response.body };
}

describe('a pin on a secret board', () => {
  const url = () => `/v3/pins/${ids.secretPin}/`;

  it('is never cached or shown to a visitor, before or after its owner and collaborator read it', async () => {
    expect((await get(url())).status).toBe(404);
    expect((await get(url(), 'owner')).status).toBe(200);
    expect((await get(url(), 'collaborator')).status).toBe(200);
    expect((await get(url())).status).toBe(404);
    expect((await get(url(), 'stranger')).status).toBe(404);
  });

  it('still shows the signed-in owner their pin after visitors were refused it', async () => {
    await get(url());
    const { status, body } = await get(url(), 'owner');
    expect(status).toBe(200);
    expect(JSON.parse(body).resource_response.data).toMatchObject({
      id: String(ids.secretPin),
      board: { privacy: 'secret' },
    });
  });

  it('keeps the secret board and its pin out of every cached list', async () => {
    const lists = [
      [`/v3/boards/${ids.secretBoard}/pins/`, ids.secretPin],
      ['/v3/users/cache_owner/boards/', ids.secretBoard],
    ] as const;
    // The owner reads first: nothing they were shown may reach a visitor.
    for (const [url, secretId] of lists) {
      expect((await get(url, 'owner')).body, url).toContain(`"id":"${secretId}"`);
    }
    for (const [url, secretId] of lists) {
      const { status, body } = await get(url);
      expect(status === 404 || !body.includes(`"id":"${secretId}"`), url).toBe(true);
    }
  });
});

describe('a visitor’s cached answer', () => {
  it('equals the uncached answer, byte for byte', async () => {
    const url = `/v3/pins/${ids.publicPin}/`;
    const first = await get(url);
    const cached = await get(url);
    // Signed-in viewers never read the cache; a public pin is the same for them.
    const uncached = await get(url, 'stranger');
    expect(first.status).toBe(200);
    expect(cached).toEqual(first);
    expect(uncached).toEqual(first);
  });

  it('is served for a second at most, and signed-in viewers see changes at once', async () => {
    const url = `/v3/pins/${ids.publicPin}/`;
    const title = async (as?: keyof typeof cookies) =>
      JSON.parse((await get(url, as)).body).resource_response.data.title;
    await t.db.update(pins).set({ title: 'Before' }).where(eq(pins.id, ids.publicPin));
    vi.setSystemTime(Date.now() + 5000);
    expect(await title()).toBe('Before');
    await t.db.update(pins).set({ title: 'After' }).where(eq(pins.id, ids.publicPin));
    expect(await title()).toBe('Before');
    expect(await title('stranger')).toBe('After');
    vi.setSystemTime(Date.now() + 1001);
    expect(await title()).toBe('After');
  });

  it('is never a kept 404: a pin whose board turns public shows at once', async () => {
    const url = `/v3/pins/${ids.hiddenPin}/`;
    expect((await get(url)).status).toBe(404);
    const [pin] = await t.db.select({ boardId: pins.boardId }).from(pins).where(eq(pins.id, ids.hiddenPin));
    await t.db.update(boards).set({ privacy: 'public' }).where(eq(boards.id, pin!.boardId));
    expect((await get(url)).status).toBe(200);
  });
});
