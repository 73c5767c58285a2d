import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { boards } from '../../src/db/schema/boards.ts';
import { pins } from '../../src/db/schema/pins.ts';
import { users } from '../../src/db/schema/users.ts';
import { SIGNED_OUT_TTL_MS } from '../../src/lib/signed-out-answers.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function signedIn() {
  const user = await t.make.user();
  const cookie = await t.make.sessionCookie(user.id);
  return { user, cookie };
}

function repin(pinId: number, cookie: string | null, payload: Record<string, unknown>) {
  return t.request({
    method: 'POST',
    url: `/v3/pins/${pinId}/repin/`,
    headers: { cookie: `${cookie ?? ''}; csrftoken=t0k`, 'x-csrftoken': 't0k' },
    payload,
  });
}

async function sourcePin(overrides: Parameters<TestApp['make']['pin']>[2] = {}) {
  const author = await t.make.user();
  const board = await t.make.board(author.id);
  const pin = await t.make.pin(author.id, board.id, {
    title: 'Blue kitchen',
    description: 'A calm #kitchen',
    hashtags: ['kitchen'],
    link: 'https://example.com/kitchen',
    domain: 'example.com',
    ...overrides,
  });
  return { author, board, pin };
}

const boardRow = async (id: number) => (await t.db.select().from(boards).where(eq(boards.id, id)))[0]!;
const userRow = async (id: number) => (await t.db.select().from(users).where(eq(users.id, id)))[0]!;

describe('POST /v3/pins/{id}/repin/', () => {
  it('saves a pin to the viewer board: copies it, counts rise by one, cover set, first save', async () => {
    const { pin, author } = await sourcePin();
    const { user, cookie } = await signedIn();
    const board = await t.make.board(user.id, { name: 'Kitchens' });
    const { status, body } = await repin(pin.id, cookie, { board_id: String(board.id) });
    expect(status).toBe(200);
    const data = body.resource_response.data;
    expect(data).toMatchObject({
      board: { id: String(board.id), name: 'Kitchens' },
      section: null,
      is_first_save: true,
      already_saved: false,
      link_domain_official_user: null,
      pin: {
        title: 'Blue kitchen',
        description: 'A calm #kitchen',
        link: 'https://example.com/kitchen',
        hashtags: ['kitchen'],
        created_method: 'repin',
        via_pin_id: String(pin.id),
        pinner: { id: String(user.id) },
        board: { id: String(board.id) },
      },
    });
    const [saved] = await t.db
      .select()
      .from(pins)
      .where(eq(pins.id, Number(data.pin.id)));
    expect(saved).toMatchObject({ viaPinnerId: author.id, imageId: pin.imageId });
    const after = await boardRow(board.id);
    expect(after.pinCount).toBe(1);
    expect(after.coverImageId).toBe(pin.imageId);
    expect(after.lastPinnedToAt).not.toBeNull();
    expect((await userRow(user.id)).pinCount).toBe(1);
    const [source] = await t.db.select().from(pins).where(eq(pins.id, pin.id));
    expect(source!.repinCount).toBe(1);

    const second = await sourcePin();
    const again = await repin(second.pin.id, cookie, {
      board_id: String(board.id),
      title: 'Mine',
      description: 'My words #Cosy',
    });
    expect(again.body.resource_response.data).toMatchObject({
      is_first_save: false,
      pin: { title: 'Mine', description: 'My words #Cosy', hashtags: ['cosy'] },
    });
    // The board had a cover and no section was chosen: it keeps its cover.
    expect((await boardRow(board.id)).coverImageId).toBe(pin.imageId);
    expect((await userRow(user.id)).pinCount).toBe(2);
  });

  it('saves into a section: the section title comes back and the cover follows the pin', async () => {
    const { cookie, user } = await signedIn();
    const board = await t.make.board(user.id, { name: 'Trips' });
    const section = await t.make.section(board.id, { title: 'Japan' });
    const first = await sourcePin();
    await repin(first.pin.id, cookie, { board_id: String(board.id) });
    const second = await sourcePin();
    const { status, body } = await repin(second.pin.id, cookie, {
      board_id: String(board.id),
      section_id: String(section.id),
    });
    expect(status).toBe(200);
    expect(body.resource_response.data.section).toEqual({ id: String(section.id), title: 'Japan' });
    expect((await boardRow(board.id)).coverImageId).toBe(second.pin.imageId);
  });

  it('never replaces a cover the owner picked', async () => {
    const { cookie, user } = await signedIn();
    const image = await t.make.image();
    const board = await t.make.board(user.id, { coverImageId: image.id, hasCustomCover: true });
    const section = await t.make.section(board.id);
    const { pin } = await sourcePin();
    await repin(pin.id, cookie, { board_id: String(board.id), section_id: String(section.id) });
    expect((await boardRow(board.id)).coverImageId).toBe(image.id);
  });

  it('shows visitors the saved pin on the public board once their kept answer is a second old', async () => {
    const { pin } = await sourcePin();
    const { cookie, user } = await signedIn();
    const board = await t.make.board(user.id);
    const boardPins = async () =>
      (await t.request({ method: 'GET', url: `/v3/boards/${board.id}/pins/` })).body.resource_response.data;
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      expect(await boardPins()).toHaveLength(0);
      await repin(pin.id, cookie, { board_id: String(board.id) });
      // A save adds and never hides: it clears no visitor cache, so the kept answer stands its second.
      expect(await boardPins()).toHaveLength(0);
      vi.advanceTimersByTime(SIGNED_OUT_TTL_MS + 1);
      expect(await boardPins()).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
    // The saver sees it at once: signed-in answers are never kept.
    const own = await t.request({ method: 'GET', url: `/v3/boards/${board.id}/pins/`, headers: { cookie } });
    expect(own.body.resource_response.data).toHaveLength(1);
  });

  it('refuses a section of another board with section_not_found', async () => {
    const { cookie, user } = await signedIn();
    const board = await t.make.board(user.id);
    const other = await t.make.board(user.id);
    const section = await t.make.section(other.id);
    const { pin } = await sourcePin();
    const { status, body } = await repin(pin.id, cookie, {
      board_id: String(board.id),
      section_id: String(section.id),
    });
    expect(status).toBe(404);
    expect(body.resource_response.error).toMatchObject({ code: 'section_not_found', field: 'section_id' });
  });

  it('needs a signed-in viewer', async () => {
    const { pin, board } = await sourcePin();
    const { status, body } = await repin(pin.id, null, { board_id: String(board.id) });
    expect(status).toBe(401);
    expect(body.resource_response.error.code).toBe('auth_required');
  });

  it("answers board_not_found for another person's secret board, forbidden for a public one", async () => {
    const { pin } = await sourcePin();
    const { cookie } = await signedIn();
    const stranger = await t.make.user();
    const secret = await t.make.board(stranger.id, { privacy: 'secret' });
    const open = await t.make.board(stranger.id);
    const hidden = await repin(pin.id, cookie, { board_id: String(secret.id) });
    expect(hidden.status).toBe(404);
    expect(hidden.body.resource_response.error.code).toBe('board_not_found');
    const reader = await repin(pin.id, cookie, { board_id: String(open.id) });
    expect(reader.status).toBe(403);
    expect(reader.body.resource_response.error.code).toBe('forbidden');
    const missing = await repin(pin.id, cookie, { board_id: '999999999' });
    expect(missing.body.resource_response.error.code).toBe('board_not_found');
    expect((await boardRow(open.id)).pinCount).toBe(0);
  });

  it("lets a collaborator save into someone's secret group board", async () => {
    const { pin } = await sourcePin();
    const owner = await t.make.user();
    const group = await t.make.board(owner.id, { privacy: 'secret' });
    const { user, cookie } = await signedIn();
    await t.make.collaborator(group.id, user.id);
    const { status, body } = await repin(pin.id, cookie, { board_id: String(group.id) });
    expect(status).toBe(200);
    expect(body.resource_response.data.pin.pinner.id).toBe(String(user.id));
    expect((await boardRow(group.id)).pinCount).toBe(1);
    expect((await userRow(user.id)).pinCount).toBe(1);
    expect((await userRow(owner.id)).pinCount).toBe(0);
  });

  it("refuses to save a pin the viewer cannot see (someone's secret board) with pin_not_found", async () => {
    const author = await t.make.user();
    const secret = await t.make.board(author.id, { privacy: 'secret' });
    const pin = await t.make.pin(author.id, secret.id);
    const { cookie, user } = await signedIn();
    const board = await t.make.board(user.id);
    const { status, body } = await repin(pin.id, cookie, { board_id: String(board.id) });
    expect(status).toBe(404);
    expect(body.resource_response.error.code).toBe('pin_not_found');
  });

  it('rejects a description over 500 characters and unknown fields', async () => {
    const { pin } = await sourcePin();
    const { cookie, user } = await signedIn();
    const board = await t.make.board(user.id);
    const long = await repin(pin.id, cookie, { board_id: String(board.id), description: 'x'.repeat(501) });
    expect(long.status).toBe(400);
    expect(long.body.resource_response.error.field).toBe('description');
    const extra = await repin(pin.id, cookie, { board_id: String(board.id), colour: 'red' });
    expect(extra.body.resource_response.error).toMatchObject({ code: 'unknown_field', field: 'colour' });
  });

  it('leaves one saved pin and exact counts after 100 parallel saves of one pin to one board', async () => {
    const { pin } = await sourcePin();
    const { user, cookie } = await signedIn();
    const board = await t.make.board(user.id);
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => repin(pin.id, cookie, { board_id: String(board.id) })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(100).fill(200));
    const ids = new Set(answers.map((a) => a.body.resource_response.data.pin.id));
    expect(ids.size).toBe(1);
    expect(answers.filter((a) => !a.body.resource_response.data.already_saved)).toHaveLength(1);
    expect(answers.filter((a) => a.body.resource_response.data.is_first_save)).toHaveLength(1);
    const saved = await t.db.select().from(pins).where(eq(pins.boardId, board.id));
    expect(saved).toHaveLength(1);
    expect((await boardRow(board.id)).pinCount).toBe(1);
    expect((await userRow(user.id)).pinCount).toBe(1);
    const [source] = await t.db.select().from(pins).where(eq(pins.id, pin.id));
    expect(source!.repinCount).toBe(1);
  });
});

describe('GET /v3/pins/{id}/saved_to/', () => {
  it("lists the viewer's boards holding the pin or a save of it, never other people's", async () => {
    const { pin } = await sourcePin();
    const { user, cookie } = await signedIn();
    const board = await t.make.board(user.id, { name: 'Ideas' });
    const section = await t.make.section(board.id, { title: 'Walls' });
    await repin(pin.id, cookie, { board_id: String(board.id), section_id: String(section.id) });
    const other = await signedIn();
    const otherBoard = await t.make.board(other.user.id);
    await repin(pin.id, other.cookie, { board_id: String(otherBoard.id) });

    const { status, body } = await t.request({
      method: 'GET',
      url: `/v3/pins/${pin.id}/saved_to/`,
      headers: { cookie },
    });
    expect(status).toBe(200);
    expect(body.resource_response.data).toEqual([
      expect.objectContaining({
        board: expect.objectContaining({ id: String(board.id), name: 'Ideas' }),
        section: { id: String(section.id), title: 'Walls' },
      }),
    ]);
    const visitor = await t.request({ method: 'GET', url: `/v3/pins/${pin.id}/saved_to/` });
    expect(visitor.body.resource_response.data).toEqual([]);
  });

  it('lists every save of the picture newest first, and is 404 for a pin the viewer may not see', async () => {
    const { pin } = await sourcePin();
    const { user, cookie } = await signedIn();
    const first = await t.make.board(user.id, { name: 'First' });
    const second = await t.make.board(user.id, { name: 'Second' });
    await repin(pin.id, cookie, { board_id: String(first.id) });
    await repin(pin.id, cookie, { board_id: String(second.id) });
    const answer = await t.request({
      method: 'GET',
      url: `/v3/pins/${pin.id}/saved_to/`,
      headers: { cookie },
    });
    expect(
      answer.body.resource_response.data.map((saved: { board: { name: string } }) => saved.board.name),
    ).toEqual(['Second', 'First']);
    // Someone else's secret pin of the same picture: the viewer's saves of it do not show it them.
    const stranger = await t.make.user();
    const secret = await t.make.board(stranger.id, { privacy: 'secret' });
    const hidden = await t.make.pin(stranger.id, secret.id, { imageId: pin.imageId });
    for (const id of [hidden.id, 999_999_999]) {
      const missing = await t.request({
        method: 'GET',
        url: `/v3/pins/${id}/saved_to/`,
        headers: { cookie },
      });
      expect(missing.status).toBe(404);
      expect(missing.body.resource_response.error.code).toBe('pin_not_found');
    }
  });
});
