import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boards, boardSections } from '../../src/db/schema/boards.ts';
import { boardPinnerCounts, pins } from '../../src/db/schema/pins.ts';
import { users } from '../../src/db/schema/users.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function countsOf(boardId: number, userId: number) {
  const [board] = await t.db.select().from(boards).where(eq(boards.id, boardId));
  const [user] = await t.db.select().from(users).where(eq(users.id, userId));
  const [perBoard] = await t.db
    .select()
    .from(boardPinnerCounts)
    .where(and(eq(boardPinnerCounts.boardId, boardId), eq(boardPinnerCounts.pinnerId, userId)));
  return { board: board!, user: user!, pinnerOnBoard: perBoard?.pinCount ?? 0 };
}

describe('counts kept by the database', () => {
  it('stay exact under 60 concurrent pin inserts and 20 concurrent deletes', async () => {
    const owner = await t.make.user();
    const board = await t.make.board(owner.id);
    const section = await t.make.section(board.id);
    const image = await t.make.image();
    const created = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        t.make.pin(owner.id, board.id, { imageId: image.id, sectionId: i % 2 === 0 ? section.id : null }),
      ),
    );
    let counts = await countsOf(board.id, owner.id);
    expect(counts.board.pinCount).toBe(60);
    expect(counts.user.pinCount).toBe(60);
    expect(counts.pinnerOnBoard).toBe(60);
    expect(counts.board.lastPinnedToAt).not.toBeNull();
    await Promise.all(created.slice(0, 20).map((pin) => t.db.delete(pins).where(eq(pins.id, pin.id))));
    counts = await countsOf(board.id, owner.id);
    expect(counts.board.pinCount).toBe(40);
    expect(counts.user.pinCount).toBe(40);
    expect(counts.pinnerOnBoard).toBe(40);
    const [sectionRow] = await t.db.select().from(boardSections).where(eq(boardSections.id, section.id));
    expect(sectionRow!.pinCount).toBe(20);
  });

  it('follow a pin moved to another board and section', async () => {
    const owner = await t.make.user();
    const from = await t.make.board(owner.id);
    const to = await t.make.board(owner.id);
    const section = await t.make.section(to.id);
    const pin = await t.make.pin(owner.id, from.id);
    await t.db.update(pins).set({ boardId: to.id, sectionId: section.id }).where(eq(pins.id, pin.id));
    expect((await countsOf(from.id, owner.id)).board.pinCount).toBe(0);
    expect((await countsOf(from.id, owner.id)).pinnerOnBoard).toBe(0);
    expect((await countsOf(to.id, owner.id)).board.pinCount).toBe(1);
    expect((await countsOf(to.id, owner.id)).pinnerOnBoard).toBe(1);
    expect((await countsOf(to.id, owner.id)).user.pinCount).toBe(1);
  });

  it('count boards, sections, collaborators, repins and follows', async () => {
    const owner = await t.make.user();
    const fans = await Promise.all(Array.from({ length: 12 }, () => t.make.user()));
    const board = await t.make.board(owner.id);
    await Promise.all([t.make.section(board.id), t.make.section(board.id), t.make.section(board.id)]);
    await t.make.collaborator(board.id, fans[0]!.id);
    const original = await t.make.pin(owner.id, board.id);
    await Promise.all(
      fans.slice(0, 5).map(async (fan) => {
        const fanBoard = await t.make.board(fan.id);
        await t.make.pin(fan.id, fanBoard.id, { viaPinId: original.id, createdMethod: 'repin' });
      }),
    );
    // Follows go through the API, concurrently, twice each (the second is a no-op).
    const cookiesOf = await Promise.all(fans.map((fan) => t.make.sessionCookie(fan.id)));
    const follow = (cookie: string) =>
      t.request({
        method: 'PUT',
        url: `/v3/boards/${board.id}/follow/`,
        headers: { cookie: `${cookie}; csrftoken=t0k`, 'x-csrftoken': 't0k' },
      });
    const answers = await Promise.all([...cookiesOf, ...cookiesOf].map(follow));
    expect(answers.every((answer) => answer.status === 200)).toBe(true);

    const { board: row, user } = await countsOf(board.id, owner.id);
    expect(row).toMatchObject({
      sectionCount: 3,
      collaboratorCount: 1,
      isCollaborative: true,
      followerCount: 12,
    });
    expect(user.boardCount).toBe(1);
    const [originalRow] = await t.db.select().from(pins).where(eq(pins.id, original.id));
    expect(originalRow!.repinCount).toBe(5);

    const unfollow = await t.request({
      method: 'DELETE',
      url: `/v3/boards/${board.id}/follow/`,
      headers: { cookie: `${cookiesOf[0]}; csrftoken=t0k`, 'x-csrftoken': 't0k' },
    });
    expect(unfollow.body.resource_response.data).toMatchObject({ follower_count: 11, followed_by_me: false });
  });

  it('refuses to follow your own board and unknown body fields', async () => {
    const owner = await t.make.user();
    const board = await t.make.board(owner.id);
    const headers = {
      cookie: `${await t.make.sessionCookie(owner.id)}; csrftoken=t0k`,
      'x-csrftoken': 't0k',
    };
    const own = await t.request({ method: 'PUT', url: `/v3/boards/${board.id}/follow/`, headers });
    expect(own.status).toBe(403);
    const extra = await t.request({
      method: 'PUT',
      url: `/v3/boards/${board.id}/follow/`,
      headers,
      payload: { notify: true },
    });
    expect(extra.status).toBe(400);
    expect(extra.body.resource_response.error).toMatchObject({ code: 'unknown_field', field: 'notify' });
    const wrongType = await t.request({
      method: 'PUT',
      url: `/v3/boards/${board.id}/follow/`,
      headers,
      payload: [1, 2],
    });
    expect(wrongType.status).toBe(400);
  });
});
