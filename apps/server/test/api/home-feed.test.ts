import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { pins } from '../../src/db/schema/pins.ts';
import { boardFollows, userFollows } from '../../src/db/schema/social.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let viewerCookie: string;
const people = {} as Record<'viewer' | 'friend' | 'curator' | 'stranger', { id: number }>;
const boardIds = {} as Record<
  'followed' | 'friends' | 'friendsSecret' | 'strangers' | 'own' | 'protected',
  number
>;

interface FeedPin {
  id: string;
  images: { orig: { url: string } };
  board: { id: string; privacy: string };
  pinner: { username: string };
}

async function feedPage(bookmark: string | null, pageSize: number, cookie: string | null = viewerCookie) {
  const query = new URLSearchParams({ page_size: String(pageSize), ...(bookmark ? { bookmark } : {}) });
  const { status, body } = await t.request({
    method: 'GET',
    url: `/v3/feeds/home/?${query}`,
    headers: cookie ? { cookie } : {},
  });
  expect(status).toBe(200);
  return {
    pins: body.resource_response.data as FeedPin[],
    bookmark: body.resource_response.bookmark as string | null,
  };
}

async function wholeFeed(pageSize: number, between?: (page: number) => Promise<void>) {
  const pages: FeedPin[][] = [];
  let bookmark: string | null = null;
  do {
    const page = await feedPage(bookmark, pageSize);
    pages.push(page.pins);
    bookmark = page.bookmark;
    if (between) await between(pages.length);
  } while (bookmark !== null && pages.length < 50);
  return pages;
}

const pin = (who: keyof typeof people, board: keyof typeof boardIds, overrides = {}) =>
  t.make.pin(people[who].id, boardIds[board], overrides);

/** A save of `source` by `who` onto `board`: a new pin with the source's picture. */
const save = (
  source: { id: number; imageId: number },
  who: keyof typeof people,
  board: keyof typeof boardIds,
) => pin(who, board, { imageId: source.imageId, viaPinId: source.id, createdMethod: 'repin' });

const followedPinIds = new Set<string>();

beforeAll(async () => {
  t = await createTestApp();
  for (const name of ['viewer', 'friend', 'curator', 'stranger'] as const) {
    people[name] = await t.make.user({ username: `home_${name}` });
  }
  viewerCookie = await t.make.sessionCookie(people.viewer.id);
  boardIds.followed = (await t.make.board(people.curator.id, { name: 'Followed board' })).id;
  boardIds.friends = (await t.make.board(people.friend.id, { name: 'Friends board' })).id;
  boardIds.friendsSecret = (await t.make.board(people.friend.id, { name: 'Secret', privacy: 'secret' })).id;
  boardIds.protected = (await t.make.board(people.curator.id, { name: 'Ads', privacy: 'protected' })).id;
  boardIds.strangers = (await t.make.board(people.stranger.id, { name: 'Strangers board' })).id;
  boardIds.own = (await t.make.board(people.viewer.id, { name: 'Mine' })).id;
  await t.db.insert(boardFollows).values([
    { userId: people.viewer.id, boardId: boardIds.followed },
    // Following a secret or protected board (it was public then) never opens it.
    { userId: people.viewer.id, boardId: boardIds.protected },
  ]);
  await t.db.insert(userFollows).values({ followerId: people.viewer.id, followeeId: people.friend.id });

  // Interleaved, so newest-first by id alone would mix the parts.
  for (let i = 0; i < 6; i += 1) {
    await pin('stranger', 'strangers');
    followedPinIds.add(String((await pin('curator', 'followed')).id));
    followedPinIds.add(String((await pin('friend', 'friends')).id));
    await pin('friend', 'friendsSecret');
    await pin('curator', 'protected');
    await pin('viewer', 'own');
  }
  // A stranger's pin saved by the friend and to the followed board: one pin, in the followed part.
  const popular = await pin('stranger', 'strangers');
  await save(popular, 'friend', 'friends');
  const newest = await save(popular, 'curator', 'followed');
  // A save of that save, back on the stranger's board: still the same picture.
  await save(newest, 'stranger', 'strangers');
  followedPinIds.add(String(newest.id));
});
afterAll(() => t.close());

describe('GET /v3/feeds/home/ for a signed-in viewer', () => {
  it('shows followed boards and people first, then fresh pins, each newest first', async () => {
    const feed = (await wholeFeed(5)).flat();
    const parts = feed.map((p) => (followedPinIds.has(p.id) ? 'followed' : 'fresh'));
    const firstFresh = parts.indexOf('fresh');
    expect(firstFresh).toBe(followedPinIds.size);
    expect(parts.slice(firstFresh).every((part) => part === 'fresh')).toBe(true);
    const followedIds = feed.slice(0, firstFresh).map((p) => Number(p.id));
    expect(followedIds).toEqual([...followedIds].sort((a, b) => b - a));
    const freshIds = feed.slice(firstFresh).map((p) => Number(p.id));
    expect(freshIds).toEqual([...freshIds].sort((a, b) => b - a));
    // The stranger's six pins are fresh; the popular picture is not repeated among them.
    expect(freshIds).toHaveLength(6);
  });

  it("never shows secret or protected boards, or the viewer's own pins", async () => {
    const feed = (await wholeFeed(7)).flat();
    for (const p of feed) {
      expect(p.board.privacy).toBe('public');
      expect(p.pinner.username).not.toBe('home_viewer');
      expect([
        String(boardIds.friendsSecret),
        String(boardIds.protected),
        String(boardIds.own),
      ]).not.toContain(p.board.id);
    }
  });

  it('shows a picture once however many boards it was saved to', async () => {
    const feed = (await wholeFeed(3)).flat();
    const pictures = feed.map((p) => p.images.orig.url);
    expect(new Set(pictures).size).toBe(pictures.length);
  });

  it('repeats nothing across pages while pins and saves arrive between requests', async () => {
    const seen: FeedPin[] = [];
    let bookmark: string | null = null;
    for (let page = 0; page < 5; page += 1) {
      const result = await feedPage(bookmark, 4);
      seen.push(...result.pins);
      bookmark = result.bookmark;
      expect(bookmark, `page ${page + 1}`).not.toBeNull();
      // New pins everywhere, and saves of what was just shown to followed and fresh boards.
      const last = result.pins.at(-1)!;
      await pin('curator', 'followed');
      await pin('stranger', 'strangers');
      const [shown] = await t.db
        .select()
        .from(pins)
        .where(eq(pins.id, Number(last.id)));
      await save(shown!, 'friend', 'friends');
      await save(shown!, 'stranger', 'strangers');
    }
    const ids = seen.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    const pictures = seen.map((p) => p.images.orig.url);
    expect(new Set(pictures).size).toBe(pictures.length);
  });

  it('answers the same page for the same bookmark after new pins arrive', async () => {
    const first = await feedPage(null, 4);
    const second = await feedPage(first.bookmark, 4);
    await pin('curator', 'followed');
    await pin('stranger', 'strangers');
    const again = await feedPage(first.bookmark, 4);
    expect(again.pins.map((p) => p.id)).toEqual(second.pins.map((p) => p.id));
    expect(again.bookmark).toBe(second.bookmark);
  });

  it('shows a followed picture at its newest public copy when a newer copy is on a secret board', async () => {
    // Both copies are in the followed part's first batch (the friend is followed); only the
    // copy the viewer may see counts as newer.
    const shown = await pin('curator', 'followed');
    const secretCopy = await save(shown, 'friend', 'friendsSecret');
    const first = (await feedPage(null, 5)).pins.map((p) => p.id);
    expect(first).toContain(String(shown.id));
    expect(first).not.toContain(String(secretCopy.id));
    // A newer public copy on a followed board takes its place, once.
    const publicCopy = await save(shown, 'friend', 'friends');
    const again = (await feedPage(null, 5)).pins.map((p) => p.id);
    expect(again).toContain(String(publicCopy.id));
    expect(again).not.toContain(String(shown.id));
  });

  it('refuses a malformed bookmark', async () => {
    for (const bookmark of [
      'not-json',
      Buffer.from('["later",3]').toString('base64url'),
      Buffer.from('[3]').toString('base64url'),
    ]) {
      const { status, body } = await t.request({
        method: 'GET',
        url: `/v3/feeds/home/?bookmark=${bookmark}`,
        headers: { cookie: viewerCookie },
      });
      expect(status, bookmark).toBe(400);
      expect(body.resource_response.error.code).toBe('invalid_bookmark');
    }
  });
});

describe('GET /v3/feeds/home/ for a visitor', () => {
  it('is the public feed, newest first, the own pins of the signed-in viewer included', async () => {
    const { pins: page } = await feedPage(null, 250, null);
    expect(page.some((p) => p.pinner.username === 'home_viewer')).toBe(true);
    expect(page.every((p) => p.board.privacy === 'public')).toBe(true);
    const ids = page.map((p) => Number(p.id));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });
});

describe('GET /v3/feeds/home/, pages of the default size', () => {
  it("shows a followee's pin on a followed board below the viewer's own newer pins there", async () => {
    const reader = await t.make.user();
    const cookie = await t.make.sessionCookie(reader.id);
    const author = await t.make.user();
    // A board the reader follows and pins on (a collaborator), by someone the reader follows too.
    const board = (await t.make.board(author.id, { name: 'Shared board' })).id;
    await t.make.collaborator(board, reader.id);
    await t.db.insert(boardFollows).values({ userId: reader.id, boardId: board });
    await t.db.insert(userFollows).values({ followerId: reader.id, followeeId: author.id });
    const older = await t.make.pin(author.id, board);
    // More of the reader's own pins than a batch holds: never shown to them, never in the way.
    const picture = await t.make.image();
    await t.db.insert(pins).values(
      Array.from({ length: 110 }, (_, i) => ({
        pinnerId: reader.id,
        boardId: board,
        imageId: picture.id,
        dominantColor: '#336699',
        title: `Own ${i}`,
        createdMethod: 'uploaded' as const,
      })),
    );
    const { pins: page } = await feedPage(null, 25, cookie);
    expect(page[0]?.id).toBe(String(older.id));
  });

  it('shows what smaller pages show, in the same order, its bookmarks going on from there', async () => {
    const reader = await t.make.user();
    const cookie = await t.make.sessionCookie(reader.id);
    const board = (await t.make.board(people.curator.id, { name: 'Long board' })).id;
    await t.db.insert(boardFollows).values({ userId: reader.id, boardId: board });
    const made: { id: number; imageId: number }[] = [];
    for (let i = 0; i < 40; i += 1) made.push(await t.make.pin(people.curator.id, board));
    // Saved again on the followed board: the picture shows once, at its newest pin.
    const again = await t.make.pin(people.curator.id, board, {
      imageId: made[3]!.imageId,
      viaPinId: made[3]!.id,
      createdMethod: 'repin',
    });
    const walk = async (pageSize: number) => {
      const ids: string[] = [];
      let bookmark: string | null = null;
      let pages = 0;
      do {
        const page = await feedPage(bookmark, pageSize, cookie);
        ids.push(...page.pins.map((p) => p.id));
        bookmark = page.bookmark;
        pages += 1;
      } while (bookmark !== null && pages < 100);
      return ids;
    };
    const inDefaultPages = await walk(25);
    expect(inDefaultPages.slice(0, 25)).toEqual(
      [again, ...made.filter((pin) => pin.id !== made[3]!.id).reverse()]
        .slice(0, 25)
        .map((pin) => String(pin.id)),
    );
    expect(inDefaultPages).toEqual(await walk(7));
  });
});
