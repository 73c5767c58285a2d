import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boards, boardSections } from '../../src/db/schema/boards.ts';
import { pins } from '../../src/db/schema/pins.ts';
import { dataOf, signedInBrowser, type SignedInBrowser } from '../helpers/board-writes.ts';
import { errorOf, TestBrowser } from '../helpers/browser.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let owner: SignedInBrowser;
let collaborator: SignedInBrowser;
let stranger: SignedInBrowser;
let visitor: TestBrowser;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signedInBrowser(t);
  collaborator = await signedInBrowser(t);
  stranger = await signedInBrowser(t);
  visitor = new TestBrowser(t);
});
afterAll(() => t.close());

async function boardOf(privacy: 'public' | 'secret' = 'public') {
  const board = await t.make.board(owner.userId, { privacy });
  await t.make.collaborator(board.id, collaborator.userId);
  return board;
}

async function countsOf(boardId: number) {
  const [board] = await t.db.select().from(boards).where(eq(boards.id, boardId));
  return { pin_count: board!.pinCount, section_count: board!.sectionCount };
}

const sectionTitles = async (boardId: number) =>
  dataOf(await owner.get(`/v3/boards/${boardId}/sections/`)).map((s: { title: string }) => s.title);

describe('POST /v3/boards/{id}/sections/', () => {
  it('adds a section at the end for the owner or a collaborator, counted on the board', async () => {
    const board = await boardOf();
    const first = await owner.post(`/v3/boards/${board.id}/sections/`, {
      name: ' Lighting ',
      name_source: 1,
    });
    expect(first.status).toBe(200);
    expect(dataOf(first)).toMatchObject({
      type: 'board_section',
      board_id: String(board.id),
      title: 'Lighting',
      slug: 'lighting',
      pin_count: 0,
    });
    await collaborator.post(`/v3/boards/${board.id}/sections/`, { name: 'Rugs', name_source: 2 });
    expect(await sectionTitles(board.id)).toEqual(['Lighting', 'Rugs']);
    expect(await countsOf(board.id)).toEqual({ pin_count: 0, section_count: 2 });
    expect(dataOf(await owner.get(`/v3/boards/${board.id}/`)).section_count).toBe(2);
  });

  it('gives duplicate names their own slug', async () => {
    const board = await boardOf();
    const slugs = [];
    for (let i = 0; i < 3; i++) {
      slugs.push(dataOf(await owner.post(`/v3/boards/${board.id}/sections/`, { name: 'Lamps' })).slug);
    }
    expect(slugs).toEqual(['lamps', 'lamps-2', 'lamps-3']);
  });

  it('moves initial pins of the board into the new section, keeping the counts right', async () => {
    const board = await boardOf();
    const old = await t.make.section(board.id);
    const a = await t.make.pin(owner.userId, board.id);
    const b = await t.make.pin(owner.userId, board.id, { sectionId: old.id });
    await t.make.pin(owner.userId, board.id);
    const created = dataOf(
      await owner.post(`/v3/boards/${board.id}/sections/`, {
        name: 'Picked',
        initial_pins: [String(a.id), String(b.id), String(a.id)],
      }),
    );
    expect(created.pin_count).toBe(2);
    expect(created.preview_pins).toHaveLength(2);
    expect(await countsOf(board.id)).toEqual({ pin_count: 3, section_count: 2 });
    const [oldRow] = await t.db.select().from(boardSections).where(eq(boardSections.id, old.id));
    expect(oldRow!.pinCount).toBe(0);
    const sectionPins = dataOf(await owner.get(`/v3/board_sections/${created.id}/pins/`));
    expect(sectionPins.map((p: { id: string }) => Number(p.id)).sort()).toEqual([a.id, b.id].sort());
  });

  it('refuses pins of another board and creates nothing', async () => {
    const board = await boardOf();
    const elsewhere = await t.make.pin(owner.userId, (await t.make.board(owner.userId)).id);
    const response = await owner.post(`/v3/boards/${board.id}/sections/`, {
      name: 'Stolen',
      initial_pins: [String(elsewhere.id)],
    });
    expect(errorOf(response)).toMatchObject({ code: 'section_pins_not_on_board', field: 'initial_pins' });
    expect(await countsOf(board.id)).toEqual({ pin_count: 0, section_count: 0 });
  });

  it.each([
    [{}, 'section_name_required', 'name'],
    [{ name: '   ' }, 'section_name_required', 'name'],
    [{ name: 's'.repeat(51) }, 'section_name_too_long', 'name'],
    [{ name: 'ok', name_source: 3 }, 'invalid_request', 'name_source'],
    [{ name: 'ok', initial_pins: ['abc'] }, 'invalid_request', 'initial_pins.0'],
  ])('refuses %j with %s', async (payload, code, field) => {
    const board = await boardOf();
    const response = await owner.post(`/v3/boards/${board.id}/sections/`, payload);
    expect(response.status).toBe(400);
    expect(errorOf(response)).toMatchObject({ code, field });
  });

  it('refuses readers (403), hides secret and missing boards (404), needs a viewer (401)', async () => {
    const open = await boardOf();
    const secret = await boardOf('secret');
    expect(errorOf(await stranger.post(`/v3/boards/${open.id}/sections/`, { name: 'x' })).code).toBe(
      'forbidden',
    );
    expect(errorOf(await stranger.post(`/v3/boards/${secret.id}/sections/`, { name: 'x' })).code).toBe(
      'board_not_found',
    );
    expect(errorOf(await stranger.post('/v3/boards/987654321/sections/', { name: 'x' })).code).toBe(
      'board_not_found',
    );
    expect(errorOf(await visitor.post(`/v3/boards/${open.id}/sections/`, { name: 'x' })).code).toBe(
      'auth_required',
    );
    expect(await collaborator.post(`/v3/boards/${secret.id}/sections/`, { name: 'ok' })).toMatchObject({
      status: 200,
    });
  });
});

describe('PATCH /v3/board_sections/{id}/ renames', () => {
  it('renames for the owner or a collaborator, moving the slug', async () => {
    const board = await boardOf();
    await t.make.section(board.id, { title: 'Chairs', slug: 'chairs' });
    const section = await t.make.section(board.id, { title: 'Seats', slug: 'seats' });
    const renamed = dataOf(
      await collaborator.patch(`/v3/board_sections/${section.id}/`, { name: ' Chairs ' }),
    );
    expect(renamed).toMatchObject({ id: String(section.id), title: 'Chairs', slug: 'chairs-2' });
    const same = dataOf(await owner.patch(`/v3/board_sections/${section.id}/`, { name: 'Chairs' }));
    expect(same.slug).toBe('chairs-2');
    expect(errorOf(await owner.patch(`/v3/board_sections/${section.id}/`, { name: '' })).code).toBe(
      'section_name_required',
    );
  });

  it('refuses readers, hides sections of secret boards and missing ones alike', async () => {
    const open = await t.make.section((await boardOf()).id);
    const hidden = await t.make.section((await boardOf('secret')).id);
    expect(errorOf(await stranger.patch(`/v3/board_sections/${open.id}/`, { name: 'x' })).code).toBe(
      'forbidden',
    );
    const secretAnswer = await stranger.patch(`/v3/board_sections/${hidden.id}/`, { name: 'x' });
    const missingAnswer = await stranger.patch('/v3/board_sections/987654321/', { name: 'x' });
    expect(secretAnswer.status).toBe(404);
    expect(errorOf(secretAnswer)).toEqual(errorOf(missingAnswer));
  });
});

describe('DELETE /v3/board_sections/{id}/', () => {
  it('deletes the section; its pins stay on the board with no section', async () => {
    const board = await boardOf();
    const section = await t.make.section(board.id);
    const pin = await t.make.pin(owner.userId, board.id, { sectionId: section.id });
    await t.make.pin(owner.userId, board.id);
    expect(await countsOf(board.id)).toEqual({ pin_count: 2, section_count: 1 });

    expect(errorOf(await stranger.del(`/v3/board_sections/${section.id}/`)).code).toBe('forbidden');
    const response = await collaborator.del(`/v3/board_sections/${section.id}/`);
    expect(response.status).toBe(200);
    expect(await countsOf(board.id)).toEqual({ pin_count: 2, section_count: 0 });
    const [row] = await t.db.select().from(pins).where(eq(pins.id, pin.id));
    expect(row).toMatchObject({ boardId: board.id, sectionId: null });
    expect((await owner.del(`/v3/board_sections/${section.id}/`)).status).toBe(404);
  });

  it('hides sections of secret boards', async () => {
    const hidden = await t.make.section((await boardOf('secret')).id);
    expect(errorOf(await stranger.del(`/v3/board_sections/${hidden.id}/`)).code).toBe('section_not_found');
  });
});

describe('PUT /v3/boards/{id}/sections/order/', () => {
  it("rewrites the positions to the given order and answers the board's sections", async () => {
    const board = await boardOf();
    const made = [];
    for (const title of ['A', 'B', 'C']) made.push(await t.make.section(board.id, { title, slug: title }));
    const order = [made[2]!, made[0]!, made[1]!].map((s) => String(s.id));
    const response = await collaborator.put(`/v3/boards/${board.id}/sections/order/`, { section_ids: order });
    expect(response.status).toBe(200);
    expect(dataOf(response).map((s: { id: string }) => s.id)).toEqual(order);
    expect(await sectionTitles(board.id)).toEqual(['C', 'A', 'B']);
  });

  it.each([
    ['a missing section', (ids: string[]) => ids.slice(0, 2)],
    ['a repeated section', (ids: string[]) => [ids[0]!, ids[0]!, ids[1]!]],
    ['a section of another board', (ids: string[], other: string) => [ids[0]!, ids[1]!, other]],
    ['an extra section', (ids: string[], other: string) => [...ids, other]],
  ])('refuses a list with %s and keeps the order', async (_what, listOf) => {
    const board = await boardOf();
    const ids = [];
    for (const title of ['A', 'B', 'C']) {
      ids.push(String((await t.make.section(board.id, { title, slug: title, position: ids.length })).id));
    }
    const other = String((await t.make.section((await boardOf()).id)).id);
    const response = await owner.put(`/v3/boards/${board.id}/sections/order/`, {
      section_ids: listOf(ids, other),
    });
    expect(errorOf(response)).toMatchObject({ code: 'section_order_mismatch', http_status: 400 });
    expect(await sectionTitles(board.id)).toEqual(['A', 'B', 'C']);
  });

  it('refuses readers and hides secret boards', async () => {
    const open = await boardOf();
    const secret = await boardOf('secret');
    expect(
      errorOf(await stranger.put(`/v3/boards/${open.id}/sections/order/`, { section_ids: [] })).code,
    ).toBe('forbidden');
    expect(
      errorOf(await stranger.put(`/v3/boards/${secret.id}/sections/order/`, { section_ids: [] })).code,
    ).toBe('board_not_found');
  });
});
