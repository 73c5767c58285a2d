import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
const ids = {} as Record<
  'saved' | 'savedOnce' | 'savedUnseen' | 'secretPin' | 'linked' | 'bigBoard' | 'secretBoard',
  string
>;

const get = async (url: string) => {
  const { status, body } = await t.request({ method: 'GET', url });
  return { status, data: body.resource_response.data, bookmark: body.resource_response.bookmark, body };
};

beforeAll(async () => {
  t = await createTestApp();
  const maker = await t.make.user({ username: 'disc_maker' });
  const saver = await t.make.user({ username: 'disc_saver' });
  const board = await t.make.board(maker.id, { name: 'Gardens' });
  const bigBoard = await t.make.board(maker.id, { name: 'Big board' });
  const secret = await t.make.board(maker.id, { name: 'Hidden', privacy: 'secret' });
  const saves = await t.make.board(saver.id, { name: 'Saves' });
  ids.bigBoard = String(bigBoard.id);
  ids.secretBoard = String(secret.id);

  // 'garden' is the most used tag, 'balcony' next, 'hidden' is on a secret board only.
  for (let i = 0; i < 5; i += 1) await t.make.pin(maker.id, board.id, { hashtags: ['garden'] });
  for (let i = 0; i < 3; i += 1) await t.make.pin(maker.id, board.id, { hashtags: ['balcony', 'garden'] });
  for (let i = 0; i < 4; i += 1) await t.make.pin(maker.id, bigBoard.id, { hashtags: ['balcony'] });
  ids.secretPin = String((await t.make.pin(maker.id, secret.id, { hashtags: ['garden', 'hidden'] })).id);
  const linked = await t.make.pin(maker.id, board.id, {
    link: 'https://example.com/a',
    domain: 'example.com',
  });
  ids.linked = String(linked.id);

  // Saves this week: 'saved' twice, 'savedOnce' once.
  const saved = await t.make.pin(maker.id, board.id, { title: 'Most saved' });
  const savedOnce = await t.make.pin(maker.id, board.id, { title: 'Saved once' });
  ids.saved = String(saved.id);
  ids.savedOnce = String(savedOnce.id);
  const saveOf = (source: { id: number; imageId: number }, boardId: number) =>
    t.make.pin(saver.id, boardId, { imageId: source.imageId, viaPinId: source.id, createdMethod: 'repin' });
  await saveOf(saved, saves.id);
  await saveOf(saved, bigBoard.id);
  await saveOf(savedOnce, saves.id);
  // Saved once two weeks ago: popular, not trending.
  await t.make.pin(saver.id, saves.id, {
    imageId: linked.imageId,
    viaPinId: linked.id,
    createdMethod: 'repin',
    createdAt: new Date(Date.now() - 14 * 86_400_000),
  });
  // Saved three times where no one else may see the saves: onto a secret board, and by a
  // suspended and a deactivated account.
  const savedUnseen = await t.make.pin(maker.id, board.id, { title: 'Saved unseen' });
  ids.savedUnseen = String(savedUnseen.id);
  const saverSecret = await t.make.board(saver.id, { name: 'Secret saves', privacy: 'secret' });
  await saveOf(savedUnseen, saverSecret.id);
  for (const status of ['suspended', 'deactivated'] as const) {
    const gone = await t.make.user({ status });
    const goneBoard = await t.make.board(gone.id, { name: 'Gone saves' });
    await t.make.pin(gone.id, goneBoard.id, {
      imageId: savedUnseen.imageId,
      viaPinId: savedUnseen.id,
      createdMethod: 'repin',
    });
  }
});
afterAll(() => t.close());

describe('GET /v3/discover/ideas/', () => {
  it('lists the most used public hashtags, each with a different picture and its page', async () => {
    const { status, data } = await get('/v3/discover/ideas/');
    expect(status).toBe(200);
    const names = data.interests.map((interest: { name: string }) => interest.name);
    expect(names.slice(0, 2)).toEqual(['garden', 'balcony']);
    expect(names).not.toContain('hidden');
    const [garden] = data.interests;
    expect(garden.url).toBe(`/ideas/garden/${garden.id}/`);
    expect(garden.id).toMatch(/^\d+$/);
    expect(garden.cover.pin_id).not.toBe(ids.secretPin);
    const pictures = data.interests.map(
      (interest: { cover: { images: { orig: { url: string } } } }) => interest.cover.images.orig.url,
    );
    expect(new Set(pictures).size).toBe(pictures.length);
  });
});

describe('GET /v3/discover/topics/{name}/pins/', () => {
  it("pages a hashtag's public pins, newest first", async () => {
    const first = await get('/v3/discover/topics/Garden/pins/?page_size=5');
    expect(first.status).toBe(200);
    expect(first.data).toHaveLength(5);
    const second = await get(`/v3/discover/topics/garden/pins/?page_size=5&bookmark=${first.bookmark}`);
    const pins = [...first.data, ...second.data];
    expect(pins).toHaveLength(8);
    expect(second.bookmark).toBeNull();
    expect(pins.every((pin: { hashtags: string[] }) => pin.hashtags.includes('garden'))).toBe(true);
    expect(pins.map((pin: { id: string }) => pin.id)).not.toContain(ids.secretPin);
    const order = pins.map((pin: { id: string }) => Number(pin.id));
    expect(order).toEqual([...order].sort((a, b) => b - a));
    expect((await get('/v3/discover/topics/hidden/pins/')).data).toEqual([]);
  });

  it('refuses a name that is not a hashtag', async () => {
    const { status, body } = await get('/v3/discover/topics/a%20b/pins/');
    expect(status).toBe(400);
    expect(body.resource_response.error.field).toBe('name');
  });
});

describe('GET /v3/discover/today/', () => {
  it("lists today's sections with a few items each", async () => {
    const { status, data } = await get('/v3/discover/today/');
    expect(status).toBe(200);
    const kinds = data.sections.map((section: { kind: string }) => section.kind);
    expect(kinds).toEqual(['trending', 'popular', 'best', 'article']);
    for (const section of data.sections) {
      expect((section.pins ?? section.boards).length).toBeLessThanOrEqual(8);
    }
  });

  it('trending: the most saved pins of the week first, by the saves anyone may see', async () => {
    const { data } = await get('/v3/discover/today/trending/');
    expect(data.type).toBe('pins');
    expect(data.pins.map((pin: { id: string }) => pin.id)).toEqual([ids.saved, ids.savedOnce]);
  });

  it('popular and article: recent pins by saves, article only those with a link', async () => {
    const popular = (await get('/v3/discover/today/popular/')).data.pins;
    // By the saves anyone may see (the repin_count shown); ties newest first.
    expect(popular.slice(0, 3).map((pin: { id: string }) => pin.id)).toEqual([
      ids.saved,
      ids.savedOnce,
      ids.linked,
    ]);
    const unseen = popular.find((pin: { id: string }) => pin.id === ids.savedUnseen);
    expect(unseen.repin_count).toBe(0);
    expect(popular.map((pin: { id: string }) => pin.id)).not.toContain(ids.secretPin);
    const article = (await get('/v3/discover/today/article/')).data.pins;
    expect(article.map((pin: { id: string }) => pin.id)).toEqual([ids.linked]);
  });

  it('best: new public boards with enough pins', async () => {
    const { data } = await get('/v3/discover/today/best/');
    expect(data.type).toBe('boards');
    const boardIds = data.boards.map((board: { id: string }) => board.id);
    expect(boardIds[0]).toBe(ids.bigBoard);
    expect(boardIds).not.toContain(ids.secretBoard);
    expect(data.boards.every((board: { pin_count: number }) => board.pin_count >= 4)).toBe(true);
  });

  it('refuses an unknown list', async () => {
    expect((await get('/v3/discover/today/shop/')).status).toBe(400);
  });
});
