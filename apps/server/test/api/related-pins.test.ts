import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInvalidationBus } from '../../src/adapters/invalidation/index.ts';
import { boards } from '../../src/db/schema/boards.ts';
import { pins } from '../../src/db/schema/pins.ts';
import { syncRelatedCandidates } from '../../src/modules/pins/related-candidates.ts';
import { RELATED_CANDIDATES_PER_BRANCH } from '../../src/modules/pins/related-pins.repository.ts';
import { signedInBrowser } from '../helpers/board-writes.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
const ids = {} as Record<
  | 'source'
  | 'sameBoardTagged'
  | 'sameBoard'
  | 'twoTags'
  | 'oneTag'
  | 'titleMatch'
  | 'descriptionMatch'
  | 'unrelated'
  | 'sameImage'
  | 'secretTwin'
  | 'secretSource',
  number
>;
const cookies = {} as Record<'secretOwner' | 'stranger', string>;

beforeAll(async () => {
  t = await createTestApp();
  const ada = await t.make.user({ username: 'related_ada' });
  const bo = await t.make.user();
  const beach = await t.make.board(ada.id, { name: 'Beach days' });
  const elsewhere = await t.make.board(bo.id, { name: 'Elsewhere' });
  const secret = await t.make.board(bo.id, { name: 'Hidden', privacy: 'secret' });
  const image = await t.make.image();

  const source = await t.make.pin(ada.id, beach.id, {
    imageId: image.id,
    title: 'Sunset over the beach',
    description: 'Golden waves at dusk',
    hashtags: ['sunset', 'beach', 'waves'],
  });
  ids.source = source.id;
  ids.sameBoard = (await t.make.pin(ada.id, beach.id, { title: 'Kitchen shelves' })).id;
  ids.sameBoardTagged = (await t.make.pin(ada.id, beach.id, { title: 'Towels', hashtags: ['waves'] })).id;
  ids.twoTags = (
    await t.make.pin(bo.id, elsewhere.id, { title: 'Postcard', hashtags: ['sunset', 'beach'] })
  ).id;
  ids.oneTag = (
    await t.make.pin(bo.id, elsewhere.id, { title: 'Postcard two', hashtags: ['beach', 'sand'] })
  ).id;
  // Title words weigh more than description words.
  ids.descriptionMatch = (
    await t.make.pin(bo.id, elsewhere.id, { title: 'Evening', description: 'A quiet sunset' })
  ).id;
  ids.titleMatch = (await t.make.pin(bo.id, elsewhere.id, { title: 'Beach sunsets', description: '' })).id;
  ids.unrelated = (
    await t.make.pin(bo.id, elsewhere.id, { title: 'Sourdough bread', hashtags: ['baking'] })
  ).id;
  // A save of the same picture is not "more like this".
  ids.sameImage = (
    await t.make.pin(bo.id, elsewhere.id, {
      imageId: image.id,
      title: 'Sunset over the beach',
      hashtags: ['sunset', 'beach', 'waves'],
      createdMethod: 'repin',
      viaPinId: source.id,
    })
  ).id;
  ids.secretTwin = (
    await t.make.pin(bo.id, secret.id, {
      title: 'Sunset over the beach',
      hashtags: ['sunset', 'beach', 'waves'],
    })
  ).id;
  ids.secretSource = (
    await t.make.pin(bo.id, secret.id, { title: 'Secret sunset beach', hashtags: ['sunset'] })
  ).id;
  cookies.secretOwner = await t.make.sessionCookie(bo.id);
  cookies.stranger = await t.make.sessionCookie((await t.make.user()).id);
});
afterAll(() => t.close());

const get = (url: string, cookie?: string) =>
  t.request({ method: 'GET', url, headers: cookie ? { cookie } : {} });

const idsOf = (body: { resource_response: { data: { id: string }[] } }) =>
  body.resource_response.data.map((pin) => Number(pin.id));

const expectedOrder = () => [
  ids.sameBoardTagged,
  ids.sameBoard,
  ids.twoTags,
  ids.oneTag,
  ids.titleMatch,
  ids.descriptionMatch,
];

describe('GET /v3/pins/{id}/related/', () => {
  it('ranks same board, then shared hashtags, then text similarity', async () => {
    const { status, body } = await get(`/v3/pins/${ids.source}/related/`);
    expect(status).toBe(200);
    expect(idsOf(body)).toEqual(expectedOrder());
    expect(body.resource_response.bookmark).toBeNull();
  });

  it('leaves out the pin itself, pins of the same image and unrelated pins', async () => {
    const { body } = await get(`/v3/pins/${ids.source}/related/`);
    expect(idsOf(body)).not.toContain(ids.source);
    expect(idsOf(body)).not.toContain(ids.sameImage);
    expect(idsOf(body)).not.toContain(ids.unrelated);
  });

  it.each([
    ['a visitor', undefined],
    ['a signed-in stranger', 'stranger'],
    ['the secret board owner', 'secretOwner'],
  ] as const)('never shows secret pins, to %s', async (_who, as) => {
    const { body } = await get(`/v3/pins/${ids.source}/related/?page_size=100`, as && cookies[as]);
    expect(idsOf(body)).not.toContain(ids.secretTwin);
    expect(idsOf(body)).not.toContain(ids.secretSource);
  });

  it('pages with bookmarks without skipping or repeating a pin', async () => {
    const seen: number[] = [];
    let bookmark: string | null = null;
    let pages = 0;
    do {
      const query: string = bookmark ? `&bookmark=${bookmark}` : '';
      const { status, body } = await get(`/v3/pins/${ids.source}/related/?page_size=2${query}`);
      expect(status).toBe(200);
      expect(body.resource_response.data.length).toBeLessThanOrEqual(2);
      seen.push(...idsOf(body));
      bookmark = body.resource_response.bookmark;
      pages += 1;
    } while (bookmark && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toEqual(expectedOrder());
  });

  it('breaks ties newest first across pages', async () => {
    const owner = await t.make.user();
    const board = await t.make.board(owner.id);
    const source = await t.make.pin(owner.id, board.id, { title: 'Lone', hashtags: [] });
    const created = [];
    for (let i = 0; i < 5; i += 1) created.push((await t.make.pin(owner.id, board.id)).id);
    const first = await get(`/v3/pins/${source.id}/related/?page_size=3`);
    const second = await get(
      `/v3/pins/${source.id}/related/?page_size=3&bookmark=${first.body.resource_response.bookmark}`,
    );
    expect([...idsOf(first.body), ...idsOf(second.body)]).toEqual(created.reverse());
    expect(second.body.resource_response.bookmark).toBeNull();
  });

  it('answers 404 for a pin the viewer cannot see, and for one that does not exist', async () => {
    expect((await get(`/v3/pins/${ids.secretSource}/related/`)).status).toBe(404);
    expect((await get(`/v3/pins/${ids.secretSource}/related/`, cookies.stranger)).status).toBe(404);
    const missing = await get('/v3/pins/999999999/related/');
    expect(missing.status).toBe(404);
    expect(missing.body.resource_response.error.code).toBe('pin_not_found');
  });

  it('shows the owner of a secret pin its public relations only', async () => {
    const { status, body } = await get(`/v3/pins/${ids.secretSource}/related/`, cookies.secretOwner);
    expect(status).toBe(200);
    expect(idsOf(body)).not.toContain(ids.secretTwin);
    expect(idsOf(body)).toContain(ids.twoTags);
  });

  it('refuses a malformed bookmark', async () => {
    const forged = Buffer.from(JSON.stringify(['x', 1])).toString('base64url');
    for (const bookmark of ['%%%', forged]) {
      const { status, body } = await get(`/v3/pins/${ids.source}/related/?bookmark=${bookmark}`);
      expect(status).toBe(400);
      expect(body.resource_response.error.code).toBe('invalid_bookmark');
    }
  });

  it('ranks a bounded candidate set: the newest of each branch, paged without repeats, visible only', async () => {
    const n = RELATED_CANDIDATES_PER_BRANCH;
    const owner = await t.make.user();
    const other = await t.make.user();
    const gone = await t.make.user({ status: 'deactivated' });
    const own = await t.make.board(owner.id);
    const tagged = await t.make.board(other.id);
    const worded = await t.make.board(other.id);
    const hidden = await t.make.board(other.id, { privacy: 'secret' });
    const source = await t.make.pin(owner.id, own.id, { title: 'Lighthouse', hashtags: ['harbour'] });
    // Five more than a branch brings, each way: same board, a shared hashtag, a shared word; each
    // its own picture (one card per picture).
    const pictures: number[] = [];
    for (let i = 0; i < 3 * (n + 5); i += 1) pictures.push((await t.make.image()).id);
    const many = (boardId: number, extra: Partial<typeof pins.$inferInsert>) =>
      Array.from({ length: n + 5 }, () => ({
        pinnerId: other.id,
        boardId,
        imageId: pictures.pop()!,
        dominantColor: '#336699',
        title: 'Filler',
        createdMethod: 'uploaded' as const,
        ...extra,
      }));
    const insert = async (rows: (typeof pins.$inferInsert)[]) =>
      (await t.db.insert(pins).values(rows).returning({ id: pins.id })).map((row) => row.id);
    const sameBoard = await insert(many(own.id, { pinnerId: owner.id }));
    const sharingTag = await insert(many(tagged.id, { hashtags: ['harbour'] }));
    const sharingWord = await insert(many(worded.id, { title: 'Lighthouse at night' }));
    // The newest pins sharing the tag, but not for everyone to see: they use up two candidates.
    const secret = await t.make.pin(other.id, hidden.id, { hashtags: ['harbour'] });
    const byGone = await t.make.pin(gone.id, tagged.id, { hashtags: ['harbour'] });

    const seen: number[] = [];
    let bookmark: string | null = null;
    do {
      const query: string = bookmark ? `&bookmark=${bookmark}` : '';
      const { status, body } = await get(`/v3/pins/${source.id}/related/?page_size=50${query}`);
      expect(status).toBe(200);
      seen.push(...idsOf(body));
      bookmark = body.resource_response.bookmark;
    } while (bookmark && seen.length < 1000);

    const newest = (ids: number[], count: number) => ids.slice(-count).reverse();
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual([...newest(sameBoard, n), ...newest(sharingTag, n - 2), ...newest(sharingWord, n)]);
    expect(seen).not.toContain(secret.id);
    expect(seen).not.toContain(byGone.id);
  });

  it('shows one card per picture: its best-ranked pin', async () => {
    const owner = await t.make.user();
    const other = await t.make.user();
    const own = await t.make.board(owner.id);
    const elsewhere = await t.make.board(other.id);
    const source = await t.make.pin(owner.id, own.id, { title: 'Quilt', hashtags: ['quilting'] });
    const picture = await t.make.image();
    const onBoard = await t.make.pin(owner.id, own.id, { imageId: picture.id, title: 'Patch' });
    const tagged = await t.make.pin(other.id, elsewhere.id, { imageId: picture.id, hashtags: ['quilting'] });
    const alone = await t.make.pin(other.id, elsewhere.id, { hashtags: ['quilting'] });
    const { body } = await get(`/v3/pins/${source.id}/related/`);
    expect(idsOf(body)).toEqual([onBoard.id, alone.id]);
    expect(idsOf(body)).not.toContain(tagged.id);
  });

  it('leaves out every pin of a picture the viewer hid, for that viewer only', async () => {
    const owner = await t.make.user();
    const other = await t.make.user();
    const viewer = await signedInBrowser(t);
    const cookie = await t.make.sessionCookie(viewer.userId);
    const own = await t.make.board(owner.id);
    const elsewhere = await t.make.board(other.id);
    const source = await t.make.pin(owner.id, own.id, { title: 'Kite', hashtags: ['kites'] });
    const hidden = await t.make.pin(other.id, elsewhere.id, { hashtags: ['kites'] });
    const copy = await t.make.pin(owner.id, own.id, { imageId: hidden.imageId });
    const kept = await t.make.pin(other.id, elsewhere.id, { hashtags: ['kites'] });
    const url = `/v3/pins/${source.id}/related/`;
    expect(idsOf((await get(url, cookie)).body)).toEqual([copy.id, kept.id]);
    expect((await viewer.put(`/v3/pins/${hidden.id}/hide/`)).status).toBe(200);
    expect(idsOf((await get(url, cookie)).body)).toEqual([kept.id]);
    expect(idsOf((await get(url, cookies.stranger)).body)).toEqual([copy.id, kept.id]);
  });

  it('shows a new pin, an edit and a delete at once, though it keeps candidate lists', async () => {
    const pinner = await signedInBrowser(t);
    const owner = { id: pinner.userId };
    const own = await t.make.board(owner.id);
    const elsewhere = await t.make.board(owner.id);
    const source = await t.make.pin(owner.id, own.id, { title: 'Teapot', hashtags: ['teatime'] });
    const older = await t.make.pin(owner.id, elsewhere.id, { title: 'Saucer' });
    const url = `/v3/pins/${source.id}/related/`;
    expect(idsOf((await get(url)).body)).toEqual([]);

    // Written straight to the database, as another instance would: read with the next source pin.
    const fresh = await t.make.pin(owner.id, own.id, { title: 'Cup' });
    const tagged = await t.make.pin(owner.id, elsewhere.id, { hashtags: ['teatime'] });
    expect(idsOf((await get(url)).body)).toEqual([fresh.id, tagged.id]);

    // An edit that makes an older pin related.
    expect((await pinner.patch(`/v3/pins/${older.id}/`, { description: 'For #teatime' })).status).toBe(200);
    expect(idsOf((await get(url)).body)).toEqual([fresh.id, tagged.id, older.id]);

    await t.db.delete(pins).where(eq(pins.id, fresh.id));
    expect(idsOf((await get(url)).body)).toEqual([tagged.id, older.id]);
  });

  it("keeps a source pin's fields but asks at every request whether the viewer may see it", async () => {
    const pinner = await signedInBrowser(t);
    const board = await t.make.board(pinner.userId);
    const elsewhere = await t.make.board(pinner.userId);
    const source = await t.make.pin(pinner.userId, board.id, { title: 'Lantern', hashtags: ['glow'] });
    const tagged = await t.make.pin(pinner.userId, elsewhere.id, { hashtags: ['glow'] });
    const candle = await t.make.pin(pinner.userId, elsewhere.id, { hashtags: ['wax'] });
    const url = `/v3/pins/${source.id}/related/`;
    expect(idsOf((await get(url, cookies.stranger)).body)).toEqual([tagged.id]);
    // A pin written since, as another instance would: read with the kept source's ranking.
    const fresh = await t.make.pin(pinner.userId, elsewhere.id, { hashtags: ['glow'] });
    expect(idsOf((await get(url, cookies.stranger)).body)).toEqual([fresh.id, tagged.id]);

    // The source's own edit through the API: its new tags rank at once.
    expect((await pinner.patch(url.replace('related/', ''), { description: 'A #wax light' })).status).toBe(
      200,
    );
    expect(idsOf((await get(url, cookies.stranger)).body)).toEqual([candle.id]);

    // The board turned secret behind every cache's back: the stranger may no longer see the source.
    await t.db.update(boards).set({ privacy: 'secret' }).where(eq(boards.id, board.id));
    const hidden = await get(url, cookies.stranger);
    expect(hidden.status).toBe(404);
    expect(hidden.body.resource_response.error.code).toBe('pin_not_found');
    expect(idsOf((await pinner.request('GET', url)).body)).toEqual([candle.id]);
  });

  it('forgets its candidate lists when another instance publishes an edit', async () => {
    const owner = await t.make.user();
    const own = await t.make.board(owner.id);
    const elsewhere = await t.make.board(owner.id);
    const source = await t.make.pin(owner.id, own.id, { title: 'Anchor', hashtags: ['nautical'] });
    const older = await t.make.pin(owner.id, elsewhere.id, { title: 'Rope' });
    const url = `/v3/pins/${source.id}/related/`;
    expect(idsOf((await get(url)).body)).toEqual([]);
    // The other instance's edit: an older pin, so no new id tells this one of it.
    await t.db
      .update(pins)
      .set({ hashtags: ['nautical'] })
      .where(eq(pins.id, older.id));
    expect(idsOf((await get(url)).body)).toEqual([]);

    const bus = createInvalidationBus(undefined, 'pinboard:related-candidates');
    const stop = await syncRelatedCandidates(bus, { warn: () => {} });
    await bus.publish();
    expect(idsOf((await get(url)).body)).toEqual([older.id]);
    stop();
    await bus.close();
  });
});
