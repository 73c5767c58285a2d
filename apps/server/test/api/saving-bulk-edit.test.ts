import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boards, boardSections } from '../../src/db/schema/boards.ts';
import { pins } from '../../src/db/schema/pins.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const move = (cookie: string | null, payload: Record<string, unknown>) =>
  t.request({
    method: 'POST',
    url: '/v3/bulk_edit/',
    headers: { cookie: `${cookie ?? ''}; csrftoken=t0k`, 'x-csrftoken': 't0k' },
    payload,
  });

const pinCountOf = async (id: number) =>
  (await t.db.select().from(boards).where(eq(boards.id, id)))[0]!.pinCount;
const sectionCountOf = async (id: number) =>
  (await t.db.select().from(boardSections).where(eq(boardSections.id, id)))[0]!.pinCount;
const ids = (rows: { id: number }[]) => rows.map((row) => String(row.id));

async function setup() {
  const owner = await t.make.user();
  const cookie = await t.make.sessionCookie(owner.id);
  const from = await t.make.board(owner.id);
  const to = await t.make.board(owner.id);
  const fromSection = await t.make.section(from.id);
  const toSection = await t.make.section(to.id);
  const loose = await Promise.all([t.make.pin(owner.id, from.id), t.make.pin(owner.id, from.id)]);
  const inSection = await Promise.all([
    t.make.pin(owner.id, from.id, { sectionId: fromSection.id }),
    t.make.pin(owner.id, from.id, { sectionId: fromSection.id }),
  ]);
  return { owner, cookie, from, to, fromSection, toSection, loose, inSection };
}

describe('POST /v3/bulk_edit/', () => {
  it('moves pins to another board and section; counts follow', async () => {
    const s = await setup();
    const { status, body } = await move(s.cookie, {
      board_id: String(s.from.id),
      new_board_id: String(s.to.id),
      new_section_id: String(s.toSection.id),
      pin_ids: ids([...s.loose, s.inSection[0]!]),
    });
    expect(status).toBe(200);
    const data = body.resource_response.data;
    expect(data.pins).toHaveLength(3);
    for (const pin of data.pins) {
      expect(pin).toMatchObject({ board: { id: String(s.to.id) }, section: { id: String(s.toSection.id) } });
    }
    expect(data.board).toEqual({ id: String(s.from.id), pin_count: 1 });
    expect(data.new_board).toEqual({ id: String(s.to.id), pin_count: 3 });
    expect(await pinCountOf(s.from.id)).toBe(1);
    expect(await pinCountOf(s.to.id)).toBe(3);
    expect(await sectionCountOf(s.fromSection.id)).toBe(1);
    expect(await sectionCountOf(s.toSection.id)).toBe(3);
  });

  it('moves pins out of a section within the same board', async () => {
    const s = await setup();
    const { status } = await move(s.cookie, {
      board_id: String(s.from.id),
      old_section_id: String(s.fromSection.id),
      new_board_id: String(s.from.id),
      pin_ids: ids(s.inSection),
    });
    expect(status).toBe(200);
    expect(await sectionCountOf(s.fromSection.id)).toBe(0);
    expect(await pinCountOf(s.from.id)).toBe(4);
  });

  it('refuses the same board and section with move_to_same_place', async () => {
    const s = await setup();
    for (const payload of [
      { board_id: String(s.from.id), new_board_id: String(s.from.id), pin_ids: ids(s.loose) },
      {
        board_id: String(s.from.id),
        new_board_id: String(s.from.id),
        old_section_id: String(s.fromSection.id),
        new_section_id: String(s.fromSection.id),
        pin_ids: ids(s.inSection),
      },
    ]) {
      const { status, body } = await move(s.cookie, payload);
      expect(status).toBe(400);
      expect(body.resource_response.error).toMatchObject({ code: 'move_to_same_place', api_error_code: 220 });
    }
  });

  it('moves nothing when a pin is not on the source board or section', async () => {
    const s = await setup();
    const elsewhere = await t.make.pin(s.owner.id, s.to.id);
    const notThere = await move(s.cookie, {
      board_id: String(s.from.id),
      new_board_id: String(s.to.id),
      pin_ids: [...ids(s.loose), String(elsewhere.id)],
    });
    expect(notThere.status).toBe(400);
    expect(notThere.body.resource_response.error).toMatchObject({
      code: 'pins_not_on_board',
      field: 'pin_ids',
    });
    const notInSection = await move(s.cookie, {
      board_id: String(s.from.id),
      old_section_id: String(s.fromSection.id),
      new_board_id: String(s.to.id),
      pin_ids: ids(s.loose),
    });
    expect(notInSection.body.resource_response.error.code).toBe('pins_not_on_board');
    expect(await pinCountOf(s.from.id)).toBe(4);
    expect(await pinCountOf(s.to.id)).toBe(1);
    const [still] = await t.db.select().from(pins).where(eq(pins.id, s.loose[0]!.id));
    expect(still!.boardId).toBe(s.from.id);
  });

  it('refuses a section of another board', async () => {
    const s = await setup();
    const { status, body } = await move(s.cookie, {
      board_id: String(s.from.id),
      new_board_id: String(s.to.id),
      new_section_id: String(s.fromSection.id),
      pin_ids: ids(s.loose),
    });
    expect(status).toBe(404);
    expect(body.resource_response.error).toMatchObject({
      code: 'section_not_found',
      field: 'new_section_id',
    });
  });

  it('needs write access to both boards: 404 for a secret one of someone else, 403 for a public one', async () => {
    const s = await setup();
    const stranger = await t.make.user();
    const secret = await t.make.board(stranger.id, { privacy: 'secret' });
    const open = await t.make.board(stranger.id);
    const strangerPin = await t.make.pin(stranger.id, open.id);
    const intoSecret = await move(s.cookie, {
      board_id: String(s.from.id),
      new_board_id: String(secret.id),
      pin_ids: ids(s.loose),
    });
    expect(intoSecret.status).toBe(404);
    expect(intoSecret.body.resource_response.error.code).toBe('board_not_found');
    const intoPublic = await move(s.cookie, {
      board_id: String(s.from.id),
      new_board_id: String(open.id),
      pin_ids: ids(s.loose),
    });
    expect(intoPublic.status).toBe(403);
    const outOfTheirs = await move(s.cookie, {
      board_id: String(open.id),
      new_board_id: String(s.to.id),
      pin_ids: [String(strangerPin.id)],
    });
    expect(outOfTheirs.status).toBe(403);
    expect(await pinCountOf(open.id)).toBe(1);
    expect((await move(null, { board_id: '1', new_board_id: '2', pin_ids: ['3'] })).status).toBe(401);
  });

  it('lets a collaborator move pins between group boards they write to', async () => {
    const s = await setup();
    const helper = await t.make.user();
    await t.make.collaborator(s.from.id, helper.id);
    await t.make.collaborator(s.to.id, helper.id);
    const { status } = await move(await t.make.sessionCookie(helper.id), {
      board_id: String(s.from.id),
      new_board_id: String(s.to.id),
      pin_ids: ids(s.loose),
    });
    expect(status).toBe(200);
    expect(await pinCountOf(s.to.id)).toBe(2);
  });

  it('refuses to put a second save of one pin on a board with pin_already_on_board', async () => {
    const s = await setup();
    const original = s.loose[0]!;
    const save1 = await t.make.pin(s.owner.id, s.from.id, { viaPinId: original.id, createdMethod: 'repin' });
    await t.make.pin(s.owner.id, s.to.id, { viaPinId: original.id, createdMethod: 'repin' });
    const { status, body } = await move(s.cookie, {
      board_id: String(s.from.id),
      new_board_id: String(s.to.id),
      pin_ids: [String(save1.id)],
    });
    expect(status).toBe(409);
    expect(body.resource_response.error.code).toBe('pin_already_on_board');
    expect(await pinCountOf(s.to.id)).toBe(1);
  });

  it("refuses a move while another action holds either board: 'Please wait...' (2172)", async () => {
    const s = await setup();
    let release!: () => void;
    const held = t.app.boardActionLock.run(
      { boardId: s.to.id },
      'update',
      () => new Promise<void>((resolve) => (release = resolve)),
    );
    const { status, body } = await move(s.cookie, {
      board_id: String(s.from.id),
      new_board_id: String(s.to.id),
      pin_ids: ids(s.loose),
    });
    release();
    await held;
    expect(status).toBe(409);
    expect(body.resource_response.error).toMatchObject({
      api_error_code: 2172,
      message: 'Please wait until the previous board action finishes.',
    });
    expect(await pinCountOf(s.to.id)).toBe(0);
    // Both locks were let go: the same move now goes through.
    const again = await move(s.cookie, {
      board_id: String(s.from.id),
      new_board_id: String(s.to.id),
      pin_ids: ids(s.loose),
    });
    expect(again.status).toBe(200);
  });

  it("drops visitors' cached answers: a pin moved to a secret board leaves the public board's page at once", async () => {
    const s = await setup();
    const secret = await t.make.board(s.owner.id, { privacy: 'secret' });
    const before = await t.request({ method: 'GET', url: `/v3/boards/${s.from.id}/pins/` });
    expect(before.body.resource_response.data).toHaveLength(4);
    await move(s.cookie, {
      board_id: String(s.from.id),
      new_board_id: String(secret.id),
      pin_ids: ids(s.loose),
    });
    const after = await t.request({ method: 'GET', url: `/v3/boards/${s.from.id}/pins/` });
    expect(after.body.resource_response.data).toHaveLength(2);
    expect((await t.request({ method: 'GET', url: `/v3/pins/${s.loose[0]!.id}/` })).status).toBe(404);
  });

  it('takes at most 250 pins and at least one', async () => {
    const s = await setup();
    const empty = await move(s.cookie, {
      board_id: String(s.from.id),
      new_board_id: String(s.to.id),
      pin_ids: [],
    });
    expect(empty.status).toBe(400);
    expect(empty.body.resource_response.error.field).toBe('pin_ids');
  });
});
