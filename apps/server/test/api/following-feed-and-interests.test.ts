import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boardFollows, userFollows } from '../../src/db/schema/social.ts';
import { signedInBrowser, dataOf, type SignedInBrowser } from '../helpers/board-writes.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let reader: SignedInBrowser;
let newcomer: SignedInBrowser;
const ids = {} as Record<'friend' | 'curator' | 'stranger', number>;
const boards = {} as Record<'followed' | 'friends' | 'friendsSecret' | 'strangers', number>;
const followedPins: number[] = [];
const gardenPins: number[] = [];

interface FeedPin {
  id: string;
  board: { privacy: string };
  images: { orig: { url: string } };
}

async function wholeFeed(browser: SignedInBrowser, path: string, pageSize: number) {
  const ids: number[] = [];
  let bookmark: string | null = null;
  for (let page = 0; page < 50; page += 1) {
    const query = new URLSearchParams({ page_size: String(pageSize), ...(bookmark ? { bookmark } : {}) });
    const response = await browser.get(`${path}?${query}`);
    expect(response.status).toBe(200);
    ids.push(...(dataOf(response) as FeedPin[]).map((pin) => Number(pin.id)));
    bookmark = response.body.resource_response.bookmark;
    if (!bookmark) break;
  }
  return ids;
}

beforeAll(async () => {
  t = await createTestApp();
  for (const name of ['friend', 'curator', 'stranger'] as const) {
    ids[name] = (await t.make.user({ username: `ff_${name}` })).id;
  }
  reader = await signedInBrowser(t);
  newcomer = await signedInBrowser(t);
  boards.followed = (await t.make.board(ids.curator, { name: 'Followed' })).id;
  boards.friends = (await t.make.board(ids.friend, { name: 'Friends' })).id;
  boards.friendsSecret = (await t.make.board(ids.friend, { name: 'Secret', privacy: 'secret' })).id;
  boards.strangers = (await t.make.board(ids.stranger, { name: 'Strangers' })).id;
  await t.db.insert(boardFollows).values({ userId: reader.userId, boardId: boards.followed });
  await t.db.insert(userFollows).values({ followerId: reader.userId, followeeId: ids.friend });
  for (let i = 0; i < 5; i += 1) {
    gardenPins.push((await t.make.pin(ids.stranger, boards.strangers, { hashtags: ['garden'] })).id);
    followedPins.push((await t.make.pin(ids.curator, boards.followed)).id);
    followedPins.push((await t.make.pin(ids.friend, boards.friends)).id);
    await t.make.pin(ids.friend, boards.friendsSecret);
    await t.make.pin(ids.stranger, boards.strangers, { hashtags: ['coffee'] });
  }
});
afterAll(() => t.close());

const newestFirst = (list: number[]) => [...list].sort((a, b) => b - a);

describe('GET /v3/feeds/following/', () => {
  it('shows pins of followed boards and people only, newest first, across pages', async () => {
    for (const pageSize of [1, 3, 25]) {
      expect(await wholeFeed(reader, '/v3/feeds/following/', pageSize)).toEqual(newestFirst(followedPins));
    }
  });

  it('is empty for someone who follows nobody, and needs a signed-in viewer', async () => {
    expect(await wholeFeed(newcomer, '/v3/feeds/following/', 5)).toEqual([]);
    const visitor = await t.request({ method: 'GET', url: '/v3/feeds/following/' });
    expect(visitor.status).toBe(401);
  });

  it('refuses a forged bookmark', async () => {
    const forged = Buffer.from(JSON.stringify(['x'])).toString('base64url');
    const response = await reader.get(`/v3/feeds/following/?bookmark=${forged}`);
    expect(response.status).toBe(400);
    expect(response.body.resource_response.error.code).toBe('invalid_bookmark');
  });
});

describe('interests', () => {
  it('lists the catalogue with a picture each, and nothing chosen at first', async () => {
    const data = dataOf(await newcomer.get('/v3/interests/'));
    expect(data.chosen).toEqual([]);
    expect(data.interests.map((interest: { name: string }) => interest.name)).toEqual(
      expect.arrayContaining(['garden', 'coffee']),
    );
    for (const interest of data.interests) expect(interest.cover.images.orig.url).toBeTruthy();
  });

  it('refuses names that are no hashtag, twice the same, or too many, and changes nothing', async () => {
    const bad = [
      { interests: ['not a tag'] },
      { interests: ['garden', 'GARDEN'] },
      { interests: Array.from({ length: 31 }, (_, i) => `tag${i}`) },
      { interests: 'garden' },
      {},
    ];
    for (const body of bad) {
      const response = await newcomer.put('/v3/users/me/interests/', body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.resource_response.error.message).toBeTruthy();
    }
    expect(dataOf(await newcomer.get('/v3/interests/')).chosen).toEqual([]);
    const visitor = await t.request({
      method: 'PUT',
      url: '/v3/users/me/interests/',
      payload: { interests: [] },
    });
    expect(visitor.status).toBeGreaterThanOrEqual(400);
  });

  it('keeps the chosen interests (lower case) and replaces them on the next choice', async () => {
    expect(
      dataOf(await newcomer.put('/v3/users/me/interests/', { interests: ['Coffee', 'garden'] })).chosen,
    ).toEqual(['coffee', 'garden']);
    expect(dataOf(await newcomer.put('/v3/users/me/interests/', { interests: ['garden'] })).chosen).toEqual([
      'garden',
    ]);
    expect(dataOf(await newcomer.get('/v3/interests/')).chosen).toEqual(['garden']);
  });

  it("puts a new person's interests first in their home feed, then the rest, each pin once", async () => {
    await newcomer.put('/v3/users/me/interests/', { interests: ['garden'] });
    for (const pageSize of [2, 25]) {
      const feed = await wholeFeed(newcomer, '/v3/feeds/home/', pageSize);
      expect(feed.slice(0, gardenPins.length)).toEqual(newestFirst(gardenPins));
      expect(new Set(feed).size).toBe(feed.length);
      const rest = feed.slice(gardenPins.length);
      expect(rest).toEqual(newestFirst(rest));
      // Every public pin of the others is there once: 5 garden, 10 followed-elsewhere, 5 coffee.
      expect(feed).toHaveLength(20);
    }
  });

  it('leaves the feed of someone without interests as it was: newest first', async () => {
    const other = await signedInBrowser(t);
    const feed = await wholeFeed(other, '/v3/feeds/home/', 7);
    expect(feed).toEqual(newestFirst(feed));
    expect(feed).toHaveLength(20);
  });
});
