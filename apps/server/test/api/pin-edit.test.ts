import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { boards, boardSections } from '../../src/db/schema/boards.ts';
import { hiddenPins } from '../../src/db/schema/pin-feedback.ts';
import { boardPinnerCounts, pins } from '../../src/db/schema/pins.ts';
import { users } from '../../src/db/schema/users.ts';
import { dataOf, signedInBrowser } from '../helpers/board-writes.ts';
import { TestBrowser } from '../helpers/browser.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const boardRow = async (id: number) => (await t.db.select().from(boards).where(eq(boards.id, id)))[0]!;
const sectionCount = async (id: number) =>
  (await t.db.select().from(boardSections).where(eq(boardSections.id, id)))[0]!.pinCount;
const userPinCount = async (id: number) =>
  (await t.db.select().from(users).where(eq(users.id, id)))[0]!.pinCount;
const pinnerOnBoard = async (userId: number, boardId: number) =>
  (
    await t.db
      .select()
      .from(boardPinnerCounts)
      .where(and(eq(boardPinnerCounts.pinnerId, userId), eq(boardPinnerCounts.boardId, boardId)))
  )[0]?.pinCount ?? 0;

async function setup() {
  const pinner = await signedInBrowser(t);
  const from = await t.make.board(pinner.userId);
  const to = await t.make.board(pinner.userId);
  const toSection = await t.make.section(to.id);
  const pin = await t.make.pin(pinner.userId, from.id, { title: 'Old title' });
  await t.db.update(boards).set({ coverImageId: pin.imageId }).where(eq(boards.id, from.id));
  return { pinner, from, to, toSection, pin, url: `/v3/pins/${pin.id}/` };
}

describe('PATCH /v3/pins/{id}/', () => {
  it('edits the text, link and alt text; the description gives the hashtags', async () => {
    const s = await setup();
    const response = await s.pinner.patch(s.url, {
      title: '  A new title ',
      description: 'Cosy #reading nook',
      link: 'https://www.example.org/nook',
      alt_text: 'A chair by a window',
    });
    expect(response.status).toBe(200);
    expect(dataOf(response)).toMatchObject({
      title: 'A new title',
      description: 'Cosy #reading nook',
      hashtags: ['reading'],
      link: 'https://www.example.org/nook',
      domain: 'example.org',
      alt_text: 'A chair by a window',
    });
    const removed = await s.pinner.patch(s.url, { link: '' });
    expect(dataOf(removed)).toMatchObject({ link: null, domain: null, title: 'A new title' });
  });

  it('refuses a link that is not http(s), on its field, and changes nothing', async () => {
    const s = await setup();
    const response = await s.pinner.patch(s.url, { title: 'Changed', link: 'javascript:alert(1)' });
    expect(response.status).toBe(400);
    expect(response.body.resource_response.error).toMatchObject({ code: 'pin_link_invalid', field: 'link' });
    expect((await t.db.select().from(pins).where(eq(pins.id, s.pin.id)))[0]!.title).toBe('Old title');
  });

  it('moves the pin to another board and section: counts stay exact and the old cover moves on', async () => {
    const s = await setup();
    const other = await t.make.pin(s.pinner.userId, s.from.id);
    const response = await s.pinner.patch(s.url, {
      board_id: String(s.to.id),
      section_id: String(s.toSection.id),
    });
    expect(response.status).toBe(200);
    expect(dataOf(response)).toMatchObject({
      board: { id: String(s.to.id) },
      section: { id: String(s.toSection.id) },
    });
    expect((await boardRow(s.from.id)).pinCount).toBe(1);
    expect((await boardRow(s.to.id)).pinCount).toBe(1);
    expect(await sectionCount(s.toSection.id)).toBe(1);
    expect(await pinnerOnBoard(s.pinner.userId, s.from.id)).toBe(1);
    expect(await pinnerOnBoard(s.pinner.userId, s.to.id)).toBe(1);
    expect((await boardRow(s.from.id)).coverImageId).toBe(other.imageId);
    // Back to the top level of the same board: only the section count changes.
    await s.pinner.patch(s.url, { section_id: null });
    expect(await sectionCount(s.toSection.id)).toBe(0);
    expect((await boardRow(s.to.id)).pinCount).toBe(1);
  });

  it('refuses a board the pinner may not write to, and a section of another board', async () => {
    const s = await setup();
    const stranger = await t.make.user();
    const public_ = await t.make.board(stranger.id);
    const secret = await t.make.board(stranger.id, { privacy: 'secret' });
    expect((await s.pinner.patch(s.url, { board_id: String(public_.id) })).status).toBe(403);
    const hidden = await s.pinner.patch(s.url, { board_id: String(secret.id) });
    expect(hidden.status).toBe(404);
    expect(hidden.body.resource_response.error.code).toBe('board_not_found');
    const foreignSection = await t.make.section(public_.id);
    const wrong = await s.pinner.patch(s.url, { section_id: String(foreignSection.id) });
    expect(wrong.body.resource_response.error).toMatchObject({
      code: 'section_not_found',
      field: 'section_id',
    });
    expect((await boardRow(s.from.id)).pinCount).toBe(1);
  });

  it('lets only the pinner edit: a board owner, a collaborator or a stranger are refused', async () => {
    const s = await setup();
    const collaborator = await signedInBrowser(t);
    await t.make.collaborator(s.from.id, collaborator.userId);
    const theirs = await t.make.pin(collaborator.userId, s.from.id, { title: 'Theirs' });
    const stranger = await signedInBrowser(t);
    expect((await collaborator.patch(s.url, { title: 'x' })).status).toBe(403);
    expect((await stranger.patch(s.url, { title: 'x' })).status).toBe(403);
    expect((await s.pinner.patch(`/v3/pins/${theirs.id}/`, { title: 'x' })).status).toBe(403);
    expect((await new TestBrowser(t).request('PATCH', s.url, { title: 'x' })).status).toBe(401);
    const secretBoard = await t.make.board(s.pinner.userId, { privacy: 'secret' });
    const secretPin = await t.make.pin(s.pinner.userId, secretBoard.id);
    const hidden = await stranger.patch(`/v3/pins/${secretPin.id}/`, { title: 'x' });
    const missing = await stranger.patch('/v3/pins/999999999/', { title: 'x' });
    expect([hidden.status, hidden.body]).toEqual([missing.status, missing.body]);
  });

  it('refuses a board that already holds a save of the same pin', async () => {
    const s = await setup();
    const source = await t.make.pin(
      (await t.make.user()).id,
      (await t.make.board((await t.make.user()).id)).id,
    );
    const copyA = await s.pinner.post(`/v3/pins/${source.id}/repin/`, { board_id: String(s.from.id) });
    await s.pinner.post(`/v3/pins/${source.id}/repin/`, { board_id: String(s.to.id) });
    const copyId = dataOf(copyA).pin.id as string;
    const response = await s.pinner.patch(`/v3/pins/${copyId}/`, { board_id: String(s.to.id) });
    expect(response.status).toBe(409);
    expect(response.body.resource_response.error).toMatchObject({
      code: 'pin_already_on_board',
      field: 'board_id',
    });
  });

  it('shows visitors the edit at once: their cached pin and board answers are cleared', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const s = await setup();
      const visitor = new TestBrowser(t);
      expect(dataOf(await visitor.get(s.url)).title).toBe('Old title');
      expect(dataOf(await visitor.get(`/v3/boards/${s.from.id}/pins/`))).toHaveLength(1);
      await s.pinner.patch(s.url, { title: 'Fresh title', board_id: String(s.to.id) });
      expect(dataOf(await visitor.get(s.url)).title).toBe('Fresh title');
      expect(dataOf(await visitor.get(`/v3/boards/${s.from.id}/pins/`))).toHaveLength(0);
      await s.pinner.del(s.url);
      expect((await visitor.get(s.url)).status).toBe(404);
      expect(dataOf(await visitor.get(`/v3/boards/${s.to.id}/pins/`))).toHaveLength(0);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('DELETE /v3/pins/{id}/', () => {
  it('deletes the pinner’s pin: counts stay exact, saves of it stay and still name it', async () => {
    const s = await setup();
    const saver = await signedInBrowser(t);
    const saverBoard = await t.make.board(saver.userId);
    const saved = dataOf(
      await saver.post(`/v3/pins/${s.pin.id}/repin/`, { board_id: String(saverBoard.id) }),
    );
    const before = await userPinCount(s.pinner.userId);
    const response = await s.pinner.del(s.url);
    expect([response.status, dataOf(response)]).toEqual([200, null]);
    expect(await t.db.select().from(pins).where(eq(pins.id, s.pin.id))).toEqual([]);
    expect((await boardRow(s.from.id)).pinCount).toBe(0);
    expect((await boardRow(s.from.id)).coverImageId).toBeNull();
    expect(await userPinCount(s.pinner.userId)).toBe(before - 1);
    expect(await pinnerOnBoard(s.pinner.userId, s.from.id)).toBe(0);
    const copy = dataOf(await saver.get(`/v3/pins/${saved.pin.id}/`));
    expect(copy.via_pin_id).toBe(String(s.pin.id));
    expect((await s.pinner.del(s.url)).status).toBe(404);
  });

  it('refuses anyone but the pinner and changes nothing', async () => {
    const s = await setup();
    const owner = await signedInBrowser(t);
    const board = await t.make.board(owner.userId);
    await t.make.collaborator(board.id, s.pinner.userId);
    const pinOnTheirBoard = await t.make.pin(s.pinner.userId, board.id);
    expect((await owner.del(`/v3/pins/${pinOnTheirBoard.id}/`)).status).toBe(403);
    expect((await owner.del(s.url)).status).toBe(403);
    expect((await new TestBrowser(t).request('DELETE', s.url)).status).toBe(401);
    expect((await boardRow(board.id)).pinCount).toBe(1);
    expect((await boardRow(s.from.id)).pinCount).toBe(1);
  });
});

describe('PUT and DELETE /v3/pins/{id}/hide/', () => {
  it("leaves the pin and every pin of its picture out of the viewer's home feed, until undone", async () => {
    const viewer = await signedInBrowser(t);
    const other = await t.make.user();
    const board = await t.make.board(other.id, { name: 'Hide source' });
    const hidden = await t.make.pin(other.id, board.id, { title: 'Hide me' });
    const samePicture = await t.make.pin(other.id, (await t.make.board(other.id)).id, {
      imageId: hidden.imageId,
      title: 'Same picture',
    });
    const kept = await t.make.pin(other.id, board.id, { title: 'Keep me' });
    const feedIds = async () =>
      (dataOf(await viewer.get('/v3/feeds/home/?page_size=100')) as { id: string }[]).map((pin) => pin.id);
    expect(await feedIds()).toEqual(expect.arrayContaining([String(samePicture.id), String(kept.id)]));

    const response = await viewer.put(`/v3/pins/${hidden.id}/hide/`);
    expect(dataOf(response)).toEqual({ pin_id: String(hidden.id), hidden: true });
    expect((await viewer.put(`/v3/pins/${hidden.id}/hide/`)).status).toBe(200);
    const after = await feedIds();
    expect(after).toContain(String(kept.id));
    expect(after).not.toContain(String(hidden.id));
    expect(after).not.toContain(String(samePicture.id));

    expect(dataOf(await viewer.del(`/v3/pins/${hidden.id}/hide/`))).toEqual({
      pin_id: String(hidden.id),
      hidden: false,
    });
    expect(await feedIds()).toContain(String(samePicture.id));
  });

  it('answers a pin the viewer may not see as missing, and writes nothing', async () => {
    const viewer = await signedInBrowser(t);
    const other = await t.make.user();
    const secretPin = await t.make.pin(other.id, (await t.make.board(other.id, { privacy: 'secret' })).id);
    const response = await viewer.put(`/v3/pins/${secretPin.id}/hide/`);
    expect(response.body.resource_response.error.code).toBe('pin_not_found');
    expect(await t.db.select().from(hiddenPins).where(eq(hiddenPins.userId, viewer.userId))).toEqual([]);
  });
});
