import { and, eq, lt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boards } from '../../src/db/schema/boards.ts';
import { notifications } from '../../src/db/schema/notifications.ts';
import { users } from '../../src/db/schema/users.ts';
import {
  batchedLiveNotificationEvent,
  liveNotificationEvent,
  liveNotificationEvents,
} from '../../src/modules/notifications/notifications.service.ts';
import { notifyPinAdded } from '../../src/modules/notifications/notify.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface Person {
  id: number;
  username: string;
  cookie: string;
}

async function person(username?: string): Promise<Person> {
  const user = await t.make.user(username ? { username } : {});
  return { id: user.id, username: user.username, cookie: await t.make.sessionCookie(user.id) };
}

function call(who: Person | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) {
  return t.request({
    method,
    url,
    headers: { cookie: `${who?.cookie ?? ''}; csrftoken=t0k`, 'x-csrftoken': 't0k' },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

const data = async (promise: ReturnType<typeof call>) => (await promise).body.resource_response.data;
const list = (who: Person, query = '') => data(call(who, 'GET', `/v3/notifications/${query}`));
const unread = async (who: Person) => (await data(call(who, 'GET', '/v3/users/me/'))).unread_notifications;
const save = (who: Person, pinId: number, boardId: number) =>
  call(who, 'POST', `/v3/pins/${pinId}/repin/`, { board_id: String(boardId) });

/** A person with a pin on a public board. */
async function pinner() {
  const owner = await person();
  const board = await t.make.board(owner.id);
  const pin = await t.make.pin(owner.id, board.id, { title: 'Blue kitchen' });
  return { owner, board, pin };
}

describe('GET /v3/notifications/', () => {
  it('needs a signed-in viewer, like marking them seen', async () => {
    for (const [method, url] of [
      ['GET', '/v3/notifications/'],
      ['POST', '/v3/notifications/seen/'],
    ] as const) {
      const { status, body } = await call(null, method, url);
      expect(status).toBe(401);
      expect(body.resource_response.error.code).toBe('auth_required');
    }
  });

  it('groups saves of one pin: "Lena and 2 others saved your Pin", newest first, one unread', async () => {
    const { owner, pin } = await pinner();
    const savers = [await person(), await person(), await person()];
    for (const saver of savers) {
      expect((await save(saver, pin.id, (await t.make.board(saver.id)).id)).status).toBe(200);
    }
    // Saving again to another board adds no one to the group.
    await save(savers[0]!, pin.id, (await t.make.board(savers[0]!.id)).id);
    const items = await list(owner);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      kind: 'pin_saved',
      seen: false,
      actor_count: 3,
      pin: { id: String(pin.id), title: 'Blue kitchen' },
    });
    expect(items[0].actors.map((actor: { id: string }) => actor.id)).toEqual(
      [...savers].reverse().map((saver) => String(saver.id)),
    );
    expect(await unread(owner)).toBe(1);
    // Nobody is told of their own save.
    const ownBoard = await t.make.board(owner.id);
    await save(owner, pin.id, ownBoard.id);
    expect(await list(owner)).toHaveLength(1);
  });

  it('tells of follows of a person and of a board, and never to the follower', async () => {
    const star = await person();
    const fan = await person();
    const board = await t.make.board(star.id, { name: 'Lamps' });
    expect((await call(fan, 'PUT', `/v3/users/${star.username}/follow/`)).status).toBe(200);
    expect((await call(fan, 'PUT', `/v3/boards/${board.id}/follow/`)).status).toBe(200);
    const items = await list(star);
    expect(items.map((item: { kind: string }) => item.kind)).toEqual(['board_followed', 'user_followed']);
    expect(items[0]).toMatchObject({ board: { id: String(board.id), name: 'Lamps' }, actor_count: 1 });
    expect(await list(fan)).toEqual([]);
  });

  it('carries an invitation with its state, tells the inviter of the acceptance and the members of new pins', async () => {
    const owner = await person();
    const invitee = await person();
    const board = await t.make.board(owner.id, { privacy: 'secret', name: 'Surprise' });
    await call(owner, 'POST', `/v3/boards/${board.id}/collaborators/`, {
      invitees: [{ type: 'user', id: String(invitee.id) }],
    });
    const [invitation] = await list(invitee);
    expect(invitation).toMatchObject({
      kind: 'board_invite',
      board: { name: 'Surprise' },
      invite: { status: 'pending' },
      actors: [{ id: String(owner.id) }],
    });
    expect((await call(invitee, 'POST', `/v3/board_invites/${invitation.invite.id}/accept/`)).status).toBe(
      200,
    );
    expect((await list(invitee))[0].invite.status).toBe('accepted');
    expect((await list(owner))[0]).toMatchObject({
      kind: 'invite_accepted',
      actors: [{ id: String(invitee.id) }],
    });

    // A pin saved to the group board: the owner hears of it, the saver does not.
    const { pin } = await pinner();
    await save(invitee, pin.id, board.id);
    expect((await list(owner))[0]).toMatchObject({ kind: 'board_pins_added', board: { name: 'Surprise' } });
    expect((await list(invitee)).map((item: { kind: string }) => item.kind)).not.toContain(
      'board_pins_added',
    );
  });

  it('a declined invitation to a secret board is no longer shown', async () => {
    const owner = await person();
    const invitee = await person();
    const board = await t.make.board(owner.id, { privacy: 'secret' });
    await call(owner, 'POST', `/v3/boards/${board.id}/collaborators/`, {
      invitees: [{ type: 'user', id: String(invitee.id) }],
    });
    const [invitation] = await list(invitee);
    await call(invitee, 'POST', `/v3/board_invites/${invitation.invite.id}/decline/`);
    expect(await list(invitee)).toEqual([]);
    expect(await unread(invitee)).toBe(0);
  });

  it('tells nobody of a save to a secret board they cannot see', async () => {
    const { owner, pin } = await pinner();
    const saver = await person();
    const secret = await t.make.board(saver.id, { privacy: 'secret' });
    expect((await save(saver, pin.id, secret.id)).status).toBe(200);
    expect(await list(owner)).toEqual([]);
    const rows = await t.db.select().from(notifications).where(eq(notifications.recipientId, owner.id));
    expect(rows).toEqual([]);
  });

  it('hides what a board turned secret named, and what an account no longer active did', async () => {
    const { owner, pin } = await pinner();
    const saver = await person();
    const board = await t.make.board(saver.id);
    await save(saver, pin.id, board.id);
    const follower = await person();
    await call(follower, 'PUT', `/v3/users/${owner.username}/follow/`);
    expect(await list(owner)).toHaveLength(2);
    expect(await unread(owner)).toBe(2);

    await t.db.update(boards).set({ privacy: 'secret' }).where(eq(boards.id, board.id));
    await t.db.update(users).set({ status: 'suspended' }).where(eq(users.id, follower.id));
    expect(await list(owner)).toEqual([]);
    expect(await unread(owner)).toBe(0);

    await t.db.update(boards).set({ privacy: 'public' }).where(eq(boards.id, board.id));
    expect(await list(owner)).toHaveLength(1);
  });

  it('pages groups by bookmark, newest first, without repeats', async () => {
    const star = await person();
    // Each follower's board follow is a group of its own (one board each).
    const boardsOfStar = await Promise.all([1, 2, 3, 4, 5].map(() => t.make.board(star.id)));
    const fan = await person();
    for (const board of boardsOfStar) await call(fan, 'PUT', `/v3/boards/${board.id}/follow/`);
    const first = await call(star, 'GET', '/v3/notifications/?page_size=2');
    const seen: string[] = first.body.resource_response.data.map(
      (item: { board: { id: string } }) => item.board.id,
    );
    let bookmark = first.body.resource_response.bookmark as string | null;
    while (bookmark) {
      const page = await call(star, 'GET', `/v3/notifications/?page_size=2&bookmark=${bookmark}`);
      seen.push(...page.body.resource_response.data.map((item: { board: { id: string } }) => item.board.id));
      bookmark = page.body.resource_response.bookmark;
    }
    expect(seen).toEqual([...boardsOfStar].reverse().map((board) => String(board.id)));
    const bad = await call(star, 'GET', '/v3/notifications/?bookmark=WyJ4Il0');
    expect(bad.status).toBe(400);
  });

  it('marks everything seen: the count drops to 0, the items stay, seen', async () => {
    const star = await person();
    await call(await person(), 'PUT', `/v3/users/${star.username}/follow/`);
    expect(await unread(star)).toBe(1);
    const answer = await call(star, 'POST', '/v3/notifications/seen/');
    expect(answer.status).toBe(200);
    expect(answer.body.resource_response.data).toEqual({ unread_notifications: 0 });
    expect(await unread(star)).toBe(0);
    expect((await list(star))[0].seen).toBe(true);
    // A visitor's viewer has none.
    expect((await data(call(null, 'GET', '/v3/users/me/'))).unread_notifications).toBe(0);
  });

  it('counts unread groups up to the cap, walking past groups the recipient may no longer see', async () => {
    const star = await person();
    const gone = await person();
    const fan = await person();
    // 60 groups whose only actor is no longer active sort first (group keys a…), then 120 visible ones.
    const row = (actorId: number, key: string) => ({
      recipientId: star.id,
      kind: 'user_followed' as const,
      actorId,
      groupKey: key,
    });
    await t.db
      .insert(notifications)
      .values([
        ...Array.from({ length: 60 }, (_, i) => row(gone.id, `a:${String(i).padStart(3, '0')}`)),
        ...Array.from({ length: 120 }, (_, i) => row(fan.id, `b:${String(i).padStart(3, '0')}`)),
      ]);
    await t.db.update(users).set({ status: 'suspended' }).where(eq(users.id, gone.id));
    expect(await unread(star)).toBe(100);
    // Seen rows are not counted: 20 of the visible groups left unseen.
    await t.db
      .update(notifications)
      .set({ seenAt: new Date() })
      .where(and(eq(notifications.recipientId, star.id), lt(notifications.groupKey, 'b:100')));
    expect(await unread(star)).toBe(20);
  });

  it("tells a board's other members of a save of the saver's own pin, and the saver nobody", async () => {
    const { owner, board, pin } = await pinner();
    const member = await person();
    await t.make.collaborator(board.id, member.id);
    const other = await t.make.board(owner.id);
    await t.make.collaborator(other.id, member.id);
    expect((await save(owner, pin.id, other.id)).status).toBe(200);
    expect(await list(owner)).toEqual([]);
    const items = await list(member);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      kind: 'board_pins_added',
      board: { id: String(other.id) },
      actor_count: 1,
    });
  });

  it("tells a board's other members of a pin added to it, the actor nobody, a board of one nobody", async () => {
    const owner = await person();
    const member = await person();
    const shared = await t.make.board(owner.id);
    await t.make.collaborator(shared.id, member.id);
    const alone = await t.make.board(owner.id);
    await notifyPinAdded(t.db, { boardId: shared.id, actorId: owner.id });
    await notifyPinAdded(t.db, { boardId: alone.id, actorId: owner.id });
    expect(await list(owner)).toEqual([]);
    const items = await list(member);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ kind: 'board_pins_added', board: { id: String(shared.id) } });
  });

  it('reads the live events of many new notifications together as each would be read alone', async () => {
    const people = await Promise.all([pinner(), pinner(), pinner()]);
    const savers = await Promise.all([person(), person()]);
    for (const saver of savers) {
      const board = await t.make.board(saver.id);
      for (const { pin } of people) expect((await save(saver, pin.id, board.id)).status).toBe(200);
    }
    const wanted = [
      ...people.map(({ owner, pin }) => ({ recipientId: owner.id, groupKey: groupKeyOf(pin.id) })),
      // Someone with nothing in the group asked for: their count, no group.
      { recipientId: savers[0]!.id, groupKey: groupKeyOf(people[0]!.pin.id) },
    ];
    const alone = await Promise.all(
      wanted.map((item) => liveNotificationEvent(t.db, item.recipientId, item.groupKey)),
    );
    expect(alone.map((event) => event.type === 'notifications' && event.unread_notifications)).toEqual([
      1, 1, 1, 0,
    ]);
    expect(alone[0]).toMatchObject({ notification: { kind: 'pin_saved', actor_count: 2 } });
    expect(alone[3]).toMatchObject({ notification: null });
    expect(await liveNotificationEvents(t.db, wanted)).toEqual(alone);
    // Asked for one by one in the same turn, they are read in one batch and answer the same.
    expect(
      await Promise.all(
        wanted.map((item) => batchedLiveNotificationEvent(t.db, item.recipientId, item.groupKey)),
      ),
    ).toEqual(alone);
  });
});

const DAY_MS = 86_400_000;
const groupKeyOf = (pinId: number) => `pin_saved:${pinId}:${Math.floor(Date.now() / DAY_MS)}`;
