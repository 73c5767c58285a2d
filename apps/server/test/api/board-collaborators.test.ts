import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVITEES_MAX } from '@pinboard/shared';
import { RATE_LIMITS } from '../../src/policies/rate-limits.ts';
import { uniqueEmail } from '../helpers/auth.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
type Person = { id: number; username: string; email: string; cookie: string };
const people = {} as Record<'owner' | 'collab' | 'stranger' | 'invitee', Person>;

async function person(username: string): Promise<Person> {
  const email = uniqueEmail(username);
  const user = await t.make.user({ username, email, firstName: username, lastName: 'Tester' });
  return { id: user.id, username, email, cookie: await t.make.sessionCookie(user.id) };
}

beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: 'https://pins.example.test', DEV_STANDINS: '1' } });
  people.owner = await person('collab_owner');
  people.collab = await person('collab_member');
  people.stranger = await person('collab_stranger');
  people.invitee = await person('collab_invitee');
});
afterAll(() => t.close());

function call(method: 'GET' | 'POST' | 'DELETE', url: string, who?: Person, payload?: unknown) {
  return t.request({
    method,
    url,
    headers: { cookie: `${who?.cookie ?? ''}; csrftoken=tok`, 'x-csrftoken': 'tok' },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}
const invite = (boardId: number, who: Person | undefined, invitees: unknown[]) =>
  call('POST', `/v3/boards/${boardId}/collaborators/`, who, { invitees });
const listOf = (boardId: number, who?: Person) => call('GET', `/v3/boards/${boardId}/collaborators/`, who);
const myInvites = async (who: Person) =>
  (await call('GET', '/v3/users/me/board_invites/', who)).body.resource_response.data as {
    id: string;
    board: { id: string; name: string };
    inviter: Record<string, unknown>;
  }[];
const accept = (inviteId: string, who: Person) => call('POST', `/v3/board_invites/${inviteId}/accept/`, who);
const decline = (inviteId: string, who: Person) =>
  call('POST', `/v3/board_invites/${inviteId}/decline/`, who);
const remove = (boardId: number, userId: number, who: Person) =>
  call('DELETE', `/v3/boards/${boardId}/collaborators/${userId}/`, who);
const boardAs = (boardId: number, who?: Person) => call('GET', `/v3/boards/${boardId}/`, who);
const errorCode = (res: { body: any }) => res.body.resource_response.error.code;

/** A board of the owner with `collab` already on it. */
async function groupBoard(privacy: 'public' | 'secret' = 'public') {
  const board = await t.make.board(people.owner.id, { privacy });
  await t.make.collaborator(board.id, people.collab.id);
  return board;
}

async function outboxTo(email: string): Promise<{ to: string; subject: string; text: string }[]> {
  await t.app.background.settled();
  const all = (await t.request({ method: 'GET', url: '/__dev/outbox.json' })).body as { to: string }[];
  return all.filter((m) => m.to === email) as never;
}

describe('POST /v3/boards/{id}/collaborators/ (invite)', () => {
  it('needs a signed-in viewer', async () => {
    const board = await groupBoard();
    const res = await invite(board.id, undefined, [{ type: 'user', id: String(people.invitee.id) }]);
    expect(res.status).toBe(401);
    expect(errorCode(res)).toBe('auth_required');
  });

  it('lets only the owner invite: a collaborator and a stranger are forbidden', async () => {
    const board = await groupBoard();
    for (const who of [people.collab, people.stranger]) {
      const res = await invite(board.id, who, [{ type: 'user', id: String(people.invitee.id) }]);
      expect(res.status, who.username).toBe(403);
      expect(errorCode(res)).toBe('forbidden');
    }
  });

  it("answers 404 board_not_found for someone else's secret board and for no board", async () => {
    const board = await groupBoard('secret');
    for (const id of [board.id, 987654321]) {
      const res = await invite(id, people.stranger, [{ type: 'user', id: String(people.invitee.id) }]);
      expect(res.status).toBe(404);
      expect(errorCode(res)).toBe('board_not_found');
    }
  });

  it('invites an account; the invitee sees it with board and inviter', async () => {
    const board = await t.make.board(people.owner.id, { privacy: 'secret' });
    const res = await invite(board.id, people.owner, [{ type: 'user', id: String(people.invitee.id) }]);
    expect(res.status).toBe(200);
    const data = res.body.resource_response.data;
    expect(data.owner.username).toBe('collab_owner');
    expect(data.collaborators).toEqual([]);
    expect(data.invites).toHaveLength(1);
    expect(data.invites[0]).toMatchObject({
      status: 'pending',
      invitee: { username: 'collab_invitee' },
      invitee_email: null,
      inviter: { username: 'collab_owner' },
    });
    const mine = (await myInvites(people.invitee)).find((i) => i.board.id === String(board.id));
    expect(mine).toMatchObject({
      board: { name: board.name, privacy: 'secret' },
      inviter: { first_name: 'collab_owner', full_name: 'collab_owner Tester', is_default_image: true },
    });
  });

  it('skips people already invited or collaborating, so the queue may be sent twice', async () => {
    const board = await groupBoard();
    const queue = [
      { type: 'user', id: String(people.invitee.id) },
      { type: 'user', id: String(people.invitee.id) },
      { type: 'user', id: String(people.collab.id) },
    ];
    await invite(board.id, people.owner, queue);
    const res = await invite(board.id, people.owner, queue);
    expect(res.status).toBe(200);
    const data = res.body.resource_response.data;
    expect(data.invites.map((i: any) => i.invitee.username)).toEqual(['collab_invitee']);
    expect(data.collaborators.map((u: any) => u.username)).toEqual(['collab_member']);
  });

  it('refuses inviting yourself, by id or by your email, and invites nobody then', async () => {
    const board = await t.make.board(people.owner.id);
    for (const invitee of [
      { type: 'user', id: String(people.owner.id) },
      { type: 'email', email: people.owner.email.toUpperCase() },
    ]) {
      const res = await invite(board.id, people.owner, [
        { type: 'user', id: String(people.invitee.id) },
        invitee,
      ]);
      expect(res.status).toBe(400);
      expect(errorCode(res)).toBe('collaborator_invite_self');
    }
    expect((await listOf(board.id, people.owner)).body.resource_response.data.invites).toEqual([]);
  });

  it('answers 404 for an unknown or inactive account and 400 for bad invitees', async () => {
    const board = await t.make.board(people.owner.id);
    const gone = await t.make.user({ status: 'suspended' });
    for (const id of ['99999999', String(gone.id)]) {
      const res = await invite(board.id, people.owner, [{ type: 'user', id }]);
      expect(res.status).toBe(404);
      expect(errorCode(res)).toBe('user_not_found');
    }
    for (const invitees of [[], [{ type: 'email', email: 'not-an-email' }], [{ type: 'user', id: 'x' }]]) {
      const res = await invite(board.id, people.owner, invitees);
      expect(res.status, JSON.stringify(invitees)).toBe(400);
    }
  });

  it('invites an unknown email: a pending email invite and a mail with the board link', async () => {
    const board = await t.make.board(people.owner.id, { name: 'Garden ideas', slug: 'garden-ideas' });
    const email = uniqueEmail('newcomer');
    const res = await invite(board.id, people.owner, [{ type: 'email', email: email.toUpperCase() }]);
    expect(res.status).toBe(200);
    expect(res.body.resource_response.data.invites).toMatchObject([{ invitee: null, invitee_email: email }]);
    const mails = await outboxTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain('Garden ideas');
    expect(mails[0]!.text).toContain('https://pins.example.test/collab_owner/garden-ideas/');
    // Sent again: still one invitation and one mail.
    await invite(board.id, people.owner, [{ type: 'email', email }]);
    expect(await outboxTo(email)).toHaveLength(1);
  });

  it('shows an invited address to the owner only', async () => {
    const board = await groupBoard();
    await invite(board.id, people.owner, [{ type: 'email', email: uniqueEmail('hidden') }]);
    const seen = (await listOf(board.id, people.collab)).body.resource_response.data;
    expect(seen.invites).toHaveLength(1);
    expect(seen.invites[0].invitee_email).toBeNull();
  });
});

describe('an email invitation reaches the account with that address', () => {
  it('is listed for and accepted by the signed-in account whose email matches', async () => {
    const board = await t.make.board(people.owner.id, { privacy: 'secret' });
    const later = await person('collab_later');
    await invite(board.id, people.owner, [{ type: 'email', email: later.email.toUpperCase() }]);
    const [mine] = (await myInvites(later)).filter((i) => i.board.id === String(board.id));
    expect(mine).toBeDefined();
    expect((await myInvites(people.stranger)).some((i) => i.board.id === String(board.id))).toBe(false);
    expect((await accept(mine!.id, people.stranger)).status).toBe(404);
    const res = await accept(mine!.id, later);
    expect(res.status).toBe(200);
    expect(res.body.resource_response.data).toMatchObject({ id: String(board.id), collaborated_by_me: true });
  });
  it('reaches an account that signs up with the address after the invitation', async () => {
    const board = await t.make.board(people.owner.id, { privacy: 'secret' });
    const email = uniqueEmail('signs.up.later');
    await invite(board.id, people.owner, [{ type: 'email', email }]);
    const user = await t.make.user({ email: email.toUpperCase() });
    const newcomer = {
      id: user.id,
      username: user.username,
      email,
      cookie: await t.make.sessionCookie(user.id),
    };
    const [mine] = (await myInvites(newcomer)).filter((i) => i.board.id === String(board.id));
    expect((await accept(mine!.id, newcomer)).status).toBe(200);
    expect((await boardAs(board.id, newcomer)).status).toBe(200);
    const list = (await listOf(board.id, people.owner)).body.resource_response.data;
    expect(list.collaborators.map((u: any) => u.id)).toEqual([String(user.id)]);
    expect(list.invites).toEqual([]);
  });
});

describe('accept and decline', () => {
  async function invitedBoard(privacy: 'public' | 'secret' = 'secret') {
    const board = await t.make.board(people.owner.id, { privacy });
    const res = await invite(board.id, people.owner, [{ type: 'user', id: String(people.invitee.id) }]);
    return { board, inviteId: res.body.resource_response.data.invites[0].id as string };
  }

  it('lets only the invitee answer: anyone else gets 404 invite_not_found', async () => {
    const { inviteId } = await invitedBoard();
    for (const who of [people.owner, people.collab, people.stranger]) {
      for (const answer of [accept, decline]) {
        const res = await answer(inviteId, who);
        expect(res.status).toBe(404);
        expect(errorCode(res)).toBe('invite_not_found');
      }
    }
    expect((await accept('99999999', people.invitee)).status).toBe(404);
    expect((await call('POST', `/v3/board_invites/${inviteId}/accept/`)).status).toBe(401);
  });

  it('accepting adds the collaborator, moves the counts, and shows the secret board; twice is harmless', async () => {
    const { board, inviteId } = await invitedBoard();
    expect((await boardAs(board.id, people.invitee)).status).toBe(404);
    for (let i = 0; i < 2; i += 1) {
      const res = await accept(inviteId, people.invitee);
      expect(res.status).toBe(200);
      expect(res.body.resource_response.data).toMatchObject({
        id: String(board.id),
        is_collaborative: true,
        collaborator_count: 1,
        collaborated_by_me: true,
      });
    }
    expect((await boardAs(board.id, people.invitee)).status).toBe(200);
    const list = (await listOf(board.id, people.invitee)).body.resource_response.data;
    expect(list.collaborators.map((u: any) => u.username)).toEqual(['collab_invitee']);
    expect(list.invites).toEqual([]);
    expect((await myInvites(people.invitee)).some((i) => i.id === inviteId)).toBe(false);
    // A declined answer cannot follow an accepted one.
    expect(errorCode(await decline(inviteId, people.invitee))).toBe('invite_not_pending');
  });

  it('declining leaves the board unchanged; then accepting is refused', async () => {
    const { board, inviteId } = await invitedBoard();
    for (let i = 0; i < 2; i += 1) {
      const res = await decline(inviteId, people.invitee);
      expect(res.status).toBe(200);
      expect(res.body.resource_response.data).toEqual({ id: inviteId, status: 'declined' });
    }
    const res = await accept(inviteId, people.invitee);
    expect(res.status).toBe(409);
    expect(errorCode(res)).toBe('invite_not_pending');
    expect((await boardAs(board.id, people.owner)).body.resource_response.data).toMatchObject({
      is_collaborative: false,
      collaborator_count: 0,
    });
    expect((await boardAs(board.id, people.invitee)).status).toBe(404);
    // The owner may invite again after a decline.
    const again = await invite(board.id, people.owner, [{ type: 'user', id: String(people.invitee.id) }]);
    expect(again.body.resource_response.data.invites).toHaveLength(1);
  });

  it('an old accepted invitation does not bring back a removed collaborator', async () => {
    const { board, inviteId } = await invitedBoard();
    await accept(inviteId, people.invitee);
    await remove(board.id, people.invitee.id, people.owner);
    const res = await accept(inviteId, people.invitee);
    expect(res.status).toBe(409);
    expect((await boardAs(board.id, people.invitee)).status).toBe(404);
  });
});

describe('GET /v3/boards/{id}/collaborators/', () => {
  it('answers members; a reader is forbidden, a secret board is 404, nobody signed in 401', async () => {
    const board = await groupBoard();
    const secret = await groupBoard('secret');
    for (const who of [people.owner, people.collab]) {
      expect((await listOf(secret.id, who)).status).toBe(200);
    }
    expect(errorCode(await listOf(board.id, people.stranger))).toBe('forbidden');
    expect(errorCode(await listOf(secret.id, people.stranger))).toBe('board_not_found');
    expect((await listOf(board.id)).status).toBe(401);
  });
});

describe('DELETE /v3/boards/{id}/collaborators/{userId}/', () => {
  it('the owner removes a collaborator: counts fall and the secret board is hidden again', async () => {
    const board = await groupBoard('secret');
    expect((await boardAs(board.id, people.collab)).status).toBe(200);
    const res = await remove(board.id, people.collab.id, people.owner);
    expect(res.status).toBe(200);
    expect(res.body.resource_response.data.collaborators).toEqual([]);
    expect((await boardAs(board.id, people.collab)).status).toBe(404);
    expect((await boardAs(board.id, people.owner)).body.resource_response.data).toMatchObject({
      is_collaborative: false,
      collaborator_count: 0,
    });
    // Removing someone who is not there is harmless.
    expect((await remove(board.id, people.collab.id, people.owner)).status).toBe(200);
  });

  it('a collaborator may leave but not remove others; a stranger is forbidden or 404', async () => {
    const board = await groupBoard();
    const other = await person('collab_other');
    await t.make.collaborator(board.id, other.id);
    const refused = await remove(board.id, other.id, people.collab);
    expect(refused.status).toBe(403);
    expect(errorCode(refused)).toBe('forbidden');
    expect(errorCode(await remove(board.id, people.collab.id, people.stranger))).toBe('forbidden');
    const secret = await groupBoard('secret');
    expect(errorCode(await remove(secret.id, people.collab.id, people.stranger))).toBe('board_not_found');

    const left = await remove(board.id, people.collab.id, people.collab);
    expect(left.status).toBe(200);
    expect(left.body.resource_response.data.collaborators.map((u: any) => u.username)).toEqual([
      'collab_other',
    ]);
    expect((await boardAs(board.id, people.owner)).body.resource_response.data.collaborator_count).toBe(1);
  });

  it('the owner cannot remove themselves', async () => {
    const board = await groupBoard();
    const res = await remove(board.id, people.owner.id, people.owner);
    expect(res.status).toBe(400);
    expect(errorCode(res)).toBe('collaborator_remove_owner');
  });

  it("cancels a pending invitation of that user, by account or by the user's email", async () => {
    const board = await t.make.board(people.owner.id);
    const target = await person('collab_cancel');
    await invite(board.id, people.owner, [
      { type: 'user', id: String(target.id) },
      { type: 'email', email: target.email },
    ]);
    const res = await remove(board.id, target.id, people.owner);
    expect(res.body.resource_response.data.invites).toEqual([]);
    expect((await myInvites(target)).some((i) => i.board.id === String(board.id))).toBe(false);
  });
});

describe('GET /v3/boards/{id}/collaborators/suggestions/', () => {
  const suggest = (boardId: number, q: string, who?: Person) =>
    call('GET', `/v3/boards/${boardId}/collaborators/suggestions/?q=${encodeURIComponent(q)}`, who);

  it('offers people by username or name prefix, without the owner and collaborators', async () => {
    const board = await groupBoard();
    const res = await suggest(board.id, 'COLLAB_', people.owner);
    expect(res.status).toBe(200);
    const rows = res.body.resource_response.data as any[];
    const names = rows.map((r) => r.username);
    expect(names).toContain('collab_stranger');
    expect(names).not.toContain('collab_owner');
    expect(names).not.toContain('collab_member');
    expect(rows.length).toBeLessThanOrEqual(10);
    expect(rows[0]).toMatchObject({ type: 'user', valid: true });
    expect(Object.keys(rows[0]).sort()).toEqual([
      'full_name',
      'id',
      'image_medium_url',
      'type',
      'username',
      'valid',
    ]);
  });

  it('gives at most 10 rows and escapes LIKE wildcards', async () => {
    const board = await t.make.board(people.owner.id);
    for (let i = 0; i < 12; i += 1) await t.make.user({ username: `sugg_many_${i}` });
    expect((await suggest(board.id, 'sugg_many', people.owner)).body.resource_response.data).toHaveLength(10);
    expect((await suggest(board.id, '%', people.owner)).body.resource_response.data).toEqual([]);
  });

  it('answers an email row with valid false while typing and true for a full address', async () => {
    const board = await t.make.board(people.owner.id);
    const typing = (await suggest(board.id, 'ada@exam', people.owner)).body.resource_response.data;
    expect(typing).toEqual([
      {
        type: 'email',
        id: 'ada@exam',
        full_name: 'ada@exam',
        username: null,
        image_medium_url: null,
        valid: false,
      },
    ]);
    const full = (await suggest(board.id, 'ada@example.com', people.owner)).body.resource_response.data;
    expect(full[0]).toMatchObject({ type: 'email', valid: true });
  });

  it('is for the owner only', async () => {
    const board = await groupBoard();
    expect(errorCode(await suggest(board.id, 'col', people.collab))).toBe('forbidden');
    const secret = await groupBoard('secret');
    expect(errorCode(await suggest(secret.id, 'col', people.stranger))).toBe('board_not_found');
    expect((await suggest(board.id, 'col')).status).toBe(401);
  });
});

describe('GET /v3/collaborators/suggestions/ (a board being created)', () => {
  it('offers everyone but the viewer, and the email row; signed-in only', async () => {
    const url = (q: string) => `/v3/collaborators/suggestions/?q=${encodeURIComponent(q)}`;
    const names = (await call('GET', url('collab_'), people.owner)).body.resource_response.data.map(
      (row: { username: string }) => row.username,
    );
    expect(names).toEqual(expect.arrayContaining(['collab_member', 'collab_stranger']));
    expect(names).not.toContain('collab_owner');
    const email = (await call('GET', url('ada@example.com'), people.owner)).body.resource_response.data;
    expect(email[0]).toMatchObject({ type: 'email', valid: true });
    expect((await call('GET', url('col'))).status).toBe(401);
  });
});

describe('limits and races', () => {
  it('pages the viewer invitations newest first with a bookmark', async () => {
    const target = await person('collab_paged');
    const boards = [];
    for (let i = 0; i < 3; i += 1) {
      const board = await t.make.board(people.owner.id);
      await invite(board.id, people.owner, [{ type: 'user', id: String(target.id) }]);
      boards.push(String(board.id));
    }
    const first = await call('GET', '/v3/users/me/board_invites/?page_size=2', target);
    expect(first.body.resource_response.data.map((i: any) => i.board.id)).toEqual([boards[2], boards[1]]);
    const bookmark = first.body.resource_response.bookmark;
    expect(bookmark).toEqual(expect.any(String));
    const second = await call('GET', `/v3/users/me/board_invites/?page_size=2&bookmark=${bookmark}`, target);
    expect(second.body.resource_response.data.map((i: any) => i.board.id)).toEqual([boards[0]]);
    expect(second.body.resource_response.bookmark).toBeNull();
    expect((await call('GET', '/v3/users/me/board_invites/?bookmark=bad', target)).status).toBe(400);
    expect((await call('GET', '/v3/users/me/board_invites/')).status).toBe(401);
  });

  it('parallel accepts of one invitation add one collaborator', async () => {
    const board = await t.make.board(people.owner.id);
    const joiner = await person('collab_racer');
    const sent = await invite(board.id, people.owner, [{ type: 'user', id: String(joiner.id) }]);
    const inviteId = sent.body.resource_response.data.invites[0].id;
    const answers = await Promise.all(Array.from({ length: 5 }, () => accept(inviteId, joiner)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    const data = (await boardAs(board.id, people.owner)).body.resource_response.data;
    expect(data.collaborator_count).toBe(1);
  });

  it('parallel invitations of one address make one invitation and one mail', async () => {
    const board = await t.make.board(people.owner.id);
    const email = uniqueEmail('parallel');
    await Promise.all(
      Array.from({ length: 5 }, () => invite(board.id, people.owner, [{ type: 'email', email }])),
    );
    expect((await listOf(board.id, people.owner)).body.resource_response.data.invites).toHaveLength(1);
    expect(await outboxTo(email)).toHaveLength(1);
  });

  it(`caps email invitations at ${RATE_LIMITS['board-invite-email'].max} a day per viewer`, async () => {
    const spammer = await person('collab_spammer');
    const board = await t.make.board(spammer.id);
    const batch = () =>
      Array.from({ length: INVITEES_MAX }, () => ({ type: 'email', email: uniqueEmail('bulk') }));
    for (let sent = 0; sent < RATE_LIMITS['board-invite-email'].max; sent += INVITEES_MAX) {
      expect((await invite(board.id, spammer, batch())).status).toBe(200);
    }
    const res = await invite(board.id, spammer, [{ type: 'email', email: uniqueEmail('late') }]);
    expect(res.status).toBe(429);
    expect(errorCode(res)).toBe('rate_limited');
    // Inviting accounts is not capped.
    expect((await invite(board.id, spammer, [{ type: 'user', id: String(people.invitee.id) }])).status).toBe(
      200,
    );
  });
});

it('collaborator calls appear in the API reference', async () => {
  const { body } = await t.request({ method: 'GET', url: '/v3/openapi.json' });
  expect(Object.keys(body.paths['/v3/boards/{id}/collaborators/'])).toEqual(
    expect.arrayContaining(['get', 'post']),
  );
  expect(Object.keys(body.paths['/v3/boards/{id}/collaborators/{userId}/'])).toContain('delete');
  expect(Object.keys(body.paths['/v3/boards/{id}/collaborators/suggestions/'])).toContain('get');
  expect(Object.keys(body.paths['/v3/users/me/board_invites/'])).toContain('get');
  expect(Object.keys(body.paths['/v3/board_invites/{id}/accept/'])).toContain('post');
  expect(Object.keys(body.paths['/v3/board_invites/{id}/decline/'])).toContain('post');
});

it('collaborator writes need the CSRF header', async () => {
  const board = await t.make.board(people.owner.id);
  const res = await t.request({
    method: 'POST',
    url: `/v3/boards/${board.id}/collaborators/`,
    headers: { cookie: people.owner.cookie },
    payload: { invitees: [{ type: 'user', id: String(people.invitee.id) }] },
  });
  expect(res.status).toBe(403);
  expect(errorCode(res)).toBe('csrf_failed');
});
