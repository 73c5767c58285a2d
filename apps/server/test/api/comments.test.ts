import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMENT_TEXT_MAX } from '@pinboard/shared';
import { boards } from '../../src/db/schema/boards.ts';
import { pinComments } from '../../src/db/schema/comments.ts';
import { notifications } from '../../src/db/schema/notifications.ts';
import { users } from '../../src/db/schema/users.ts';
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

async function person(): Promise<Person> {
  const user = await t.make.user();
  return { id: user.id, username: user.username, cookie: await t.make.sessionCookie(user.id) };
}

function call(who: Person | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) {
  return t.request({
    method,
    url,
    headers: { cookie: `${who?.cookie ?? ''}; csrftoken=t0k`, 'x-csrftoken': 't0k' },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

const comment = (who: Person | null, pinId: number, text: string, parentId?: string) =>
  call(who, 'POST', `/v3/pins/${pinId}/comments/`, parentId ? { text, parent_id: parentId } : { text });
const page = async (who: Person | null, pinId: number, query = '') =>
  (await call(who, 'GET', `/v3/pins/${pinId}/comments/${query}`)).body.resource_response;
const kindsOf = async (who: Person) =>
  (await call(who, 'GET', '/v3/notifications/')).body.resource_response.data.map(
    (item: { kind: string }) => item.kind,
  );

/** A person with a pin on a board of the given privacy. */
async function pinOf(privacy: 'public' | 'secret' | 'protected' = 'public') {
  const owner = await person();
  const board = await t.make.board(owner.id, { privacy });
  const pin = await t.make.pin(owner.id, board.id, { title: 'Blue kitchen' });
  return { owner, board, pin };
}

describe('comments on pins', () => {
  it('writes a comment, shows it to everyone who sees the pin, escaped text kept as text, counted', async () => {
    const { owner, pin } = await pinOf();
    const writer = await person();
    const text = '<script>alert(1)</script> & love it';
    const created = await comment(writer, pin.id, `  ${text}  `);
    expect(created.status).toBe(200);
    expect(created.body.resource_response.data).toMatchObject({
      text,
      pin_id: String(pin.id),
      parent_id: null,
      author: { id: String(writer.id) },
      like_count: 0,
      liked_by_me: false,
      can_delete: true,
      reply_count: 0,
      replies: [],
    });
    const seen = await page(null, pin.id);
    expect(seen.data.comment_count).toBe(1);
    expect(seen.data.comments[0]).toMatchObject({ text, can_delete: false });
    // The pinner may delete any comment on their pin.
    expect((await page(owner, pin.id)).data.comments[0].can_delete).toBe(true);
  });

  it("refuses a comment or a like between a pin's pinner and someone either blocked", async () => {
    const { owner, pin } = await pinOf();
    const blocked = await person();
    const friend = await person();
    const liked = await comment(friend, pin.id, 'Lovely');
    expect(liked.status).toBe(200);
    expect((await call(owner, 'PUT', `/v3/users/${blocked.username}/block/`)).status).toBe(200);
    const refused = await comment(blocked, pin.id, 'Hello?');
    expect(refused.status).toBe(403);
    expect(refused.body.resource_response.error.code).toBe('comment_blocked');
    const likeRefused = await call(
      blocked,
      'PUT',
      `/v3/comments/${liked.body.resource_response.data.id}/like/`,
    );
    expect(likeRefused.status).toBe(403);
    // The other way too: the one who blocked cannot comment on the blocked person's pins.
    const board = await t.make.board(blocked.id);
    const theirs = await t.make.pin(blocked.id, board.id);
    expect((await comment(owner, theirs.id, 'Hi')).status).toBe(403);
    expect((await page(owner, pin.id)).data.comment_count).toBe(1);
  });

  it('refuses a visitor, empty or too long text, unknown fields, and a parent of another pin', async () => {
    const { pin } = await pinOf();
    const other = await pinOf();
    const writer = await person();
    expect((await comment(null, pin.id, 'hi')).body.resource_response.error.code).toBe('auth_required');
    for (const text of ['', '   ', 'x'.repeat(COMMENT_TEXT_MAX + 1)]) {
      const answer = await comment(writer, pin.id, text);
      expect(answer.status).toBe(400);
      expect(answer.body.resource_response.error.field).toBe('text');
    }
    expect((await comment(writer, pin.id, 'x'.repeat(COMMENT_TEXT_MAX))).status).toBe(200);
    expect(
      (await call(writer, 'POST', `/v3/pins/${pin.id}/comments/`, { text: 'a', html: 'b' })).status,
    ).toBe(400);
    const elsewhere = (await comment(writer, other.pin.id, 'there')).body.resource_response.data;
    const answer = await comment(writer, pin.id, 'reply', elsewhere.id);
    expect(answer.status).toBe(404);
    expect(answer.body.resource_response.error).toMatchObject({
      code: 'comment_parent_not_found',
      field: 'parent_id',
    });
    expect((await comment(writer, 999_999_999, 'hi')).body.resource_response.error.code).toBe(
      'pin_not_found',
    );
    const rows = await t.db.select().from(pinComments).where(eq(pinComments.pinId, pin.id));
    expect(rows).toHaveLength(1);
  });

  it('replies one level deep: a reply to a reply attaches to the top comment; replies come oldest first', async () => {
    const { pin } = await pinOf();
    const [a, b, c] = [await person(), await person(), await person()];
    const top = (await comment(a, pin.id, 'top')).body.resource_response.data;
    const first = (await comment(b, pin.id, 'first', top.id)).body.resource_response.data;
    const second = (await comment(c, pin.id, 'second', first.id)).body.resource_response.data;
    expect(first.parent_id).toBe(top.id);
    expect(second.parent_id).toBe(top.id);
    for (let i = 0; i < 3; i++) await comment(a, pin.id, `more ${i}`, top.id);
    const list = await page(null, pin.id);
    expect(list.data.comment_count).toBe(6);
    expect(list.data.comments).toHaveLength(1);
    expect(list.data.comments[0].reply_count).toBe(5);
    expect(list.data.comments[0].replies.map((reply: { text: string }) => reply.text)).toEqual([
      'first',
      'second',
      'more 0',
    ]);
    const replies = await page(null, pin.id, `?parent_id=${top.id}&page_size=2`);
    expect(replies.data.comments.map((reply: { text: string }) => reply.text)).toEqual(['first', 'second']);
    const rest = await page(null, pin.id, `?parent_id=${top.id}&page_size=5&bookmark=${replies.bookmark}`);
    expect(rest.data.comments.map((reply: { text: string }) => reply.text)).toEqual([
      'more 0',
      'more 1',
      'more 2',
    ]);
    const badParent = await call(null, 'GET', `/v3/pins/${pin.id}/comments/?parent_id=${first.id}`);
    expect(badParent.status).toBe(404);
  });

  it('pages top comments newest first by bookmark', async () => {
    const { pin } = await pinOf();
    const writer = await person();
    for (let i = 0; i < 5; i++) await comment(writer, pin.id, `c${i}`);
    const texts: string[] = [];
    let bookmark: string | null = null;
    do {
      const next: { data: { comments: { text: string }[] }; bookmark: string | null } = await page(
        null,
        pin.id,
        `?page_size=2${bookmark ? `&bookmark=${bookmark}` : ''}`,
      );
      texts.push(...next.data.comments.map((item) => item.text));
      bookmark = next.bookmark;
    } while (bookmark);
    expect(texts).toEqual(['c4', 'c3', 'c2', 'c1', 'c0']);
    expect((await call(null, 'GET', `/v3/pins/${pin.id}/comments/?bookmark=WyJ4Il0`)).status).toBe(400);
  });

  it('likes and unlikes with counts; liking twice counts once', async () => {
    const { pin } = await pinOf();
    const [a, b] = [await person(), await person()];
    const id = (await comment(a, pin.id, 'like me')).body.resource_response.data.id;
    const like = (who: Person, method: 'PUT' | 'DELETE') => call(who, method, `/v3/comments/${id}/like/`);
    await like(a, 'PUT');
    await like(b, 'PUT');
    const again = await like(b, 'PUT');
    expect(again.body.resource_response.data).toEqual({ comment_id: id, liked_by_me: true, like_count: 2 });
    expect((await page(b, pin.id)).data.comments[0]).toMatchObject({ like_count: 2, liked_by_me: true });
    expect((await page(null, pin.id)).data.comments[0]).toMatchObject({ like_count: 2, liked_by_me: false });
    const undone = await like(b, 'DELETE');
    expect(undone.body.resource_response.data).toEqual({ comment_id: id, liked_by_me: false, like_count: 1 });
    // A liker no longer active is not counted; their like counts again if they come back.
    const c = await person();
    await like(c, 'PUT');
    expect((await page(null, pin.id)).data.comments[0].like_count).toBe(2);
    await t.db.update(users).set({ status: 'suspended' }).where(eq(users.id, c.id));
    expect((await page(null, pin.id)).data.comments[0].like_count).toBe(1);
    await t.db.update(users).set({ status: 'active' }).where(eq(users.id, c.id));
    expect((await page(null, pin.id)).data.comments[0].like_count).toBe(2);
    expect((await call(null, 'PUT', `/v3/comments/${id}/like/`)).status).toBe(401);
    expect((await like(b, 'PUT')).status).toBe(200);
    expect((await call(b, 'PUT', '/v3/comments/999999999/like/')).body.resource_response.error.code).toBe(
      'comment_not_found',
    );
  });

  it('deletes: the author their own, the pinner any on their pin, nobody else; replies go with it', async () => {
    const { owner, pin } = await pinOf();
    const [a, b] = [await person(), await person()];
    const top = (await comment(a, pin.id, 'mine')).body.resource_response.data;
    await comment(b, pin.id, 'a reply', top.id);
    const other = (await comment(b, pin.id, 'rude')).body.resource_response.data;
    const refused = await call(b, 'DELETE', `/v3/comments/${top.id}/`);
    expect(refused.status).toBe(403);
    expect(refused.body.resource_response.error.code).toBe('forbidden');
    expect((await call(null, 'DELETE', `/v3/comments/${top.id}/`)).status).toBe(401);
    expect((await call(owner, 'DELETE', `/v3/comments/${other.id}/`)).status).toBe(200);
    expect((await call(a, 'DELETE', `/v3/comments/${top.id}/`)).status).toBe(200);
    expect((await page(null, pin.id)).data).toEqual({ comment_count: 0, comments: [] });
    expect(await t.db.select().from(pinComments).where(eq(pinComments.pinId, pin.id))).toEqual([]);
    expect((await call(a, 'DELETE', `/v3/comments/${top.id}/`)).body.resource_response.error.code).toBe(
      'comment_not_found',
    );
  });

  it('on a secret or protected board: only members see, write, like and delete; others get a missing pin', async () => {
    for (const privacy of ['secret', 'protected'] as const) {
      const { owner, board, pin } = await pinOf(privacy);
      const collaborator = await person();
      await t.make.collaborator(board.id, collaborator.id);
      const stranger = await person();
      const id = (await comment(collaborator, pin.id, 'zq hidden words')).body.resource_response.data.id;
      expect((await page(owner, pin.id)).data.comment_count).toBe(1);
      for (const who of [null, stranger]) {
        const list = await call(who, 'GET', `/v3/pins/${pin.id}/comments/`);
        expect(list.status).toBe(404);
        expect(list.body.resource_response.error.code).toBe('pin_not_found');
        expect(JSON.stringify(list.body)).not.toContain('zq hidden');
      }
      expect((await comment(stranger, pin.id, 'let me in')).status).toBe(404);
      for (const [method, url] of [
        ['PUT', `/v3/comments/${id}/like/`],
        ['DELETE', `/v3/comments/${id}/like/`],
        ['DELETE', `/v3/comments/${id}/`],
      ] as const) {
        const answer = await call(stranger, method, url);
        expect(answer.status).toBe(404);
        expect(answer.body.resource_response.error.code).toBe('comment_not_found');
      }
      // Turned public, everyone sees; back to secret, hidden again.
      await t.db.update(boards).set({ privacy: 'public' }).where(eq(boards.id, board.id));
      expect((await page(null, pin.id)).data.comment_count).toBe(1);
      await t.db.update(boards).set({ privacy }).where(eq(boards.id, board.id));
      expect((await call(null, 'GET', `/v3/pins/${pin.id}/comments/`)).status).toBe(404);
    }
  });

  it('hides the comments of an account no longer active, and the replies to them', async () => {
    const { pin } = await pinOf();
    const [a, b] = [await person(), await person()];
    const top = (await comment(a, pin.id, 'top')).body.resource_response.data;
    await comment(b, pin.id, 'reply', top.id);
    await comment(b, pin.id, 'own top');
    expect((await page(null, pin.id)).data.comment_count).toBe(3);
    await t.db.update(users).set({ status: 'deactivated' }).where(eq(users.id, a.id));
    const list = await page(null, pin.id);
    expect(list.data.comment_count).toBe(1);
    expect(list.data.comments.map((item: { text: string }) => item.text)).toEqual(['own top']);
  });
});

describe('comment notifications and mentions', () => {
  it('tells the pinner "commented on your Pin", grouped, with the newest comment', async () => {
    const { owner, pin } = await pinOf();
    const [a, b] = [await person(), await person()];
    await comment(a, pin.id, 'first');
    await comment(b, pin.id, 'second');
    const items = (await call(owner, 'GET', '/v3/notifications/')).body.resource_response.data;
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      kind: 'pin_commented',
      actor_count: 2,
      pin: { id: String(pin.id) },
      comment: { text: 'second' },
    });
    // Nobody hears of their own comment.
    await comment(owner, pin.id, 'thanks');
    expect(await kindsOf(owner)).toEqual(['pin_commented']);
  });

  it('tells the author replied to "replied to your comment", and the pinner of the reply', async () => {
    const { owner, pin } = await pinOf();
    const [a, b] = [await person(), await person()];
    const top = (await comment(a, pin.id, 'question')).body.resource_response.data;
    await comment(b, pin.id, 'answer', top.id);
    expect(await kindsOf(a)).toEqual(['comment_replied']);
    expect(await kindsOf(owner)).toEqual(['pin_commented']);
  });

  it('mentions: links active people by name, tells those who may see the pin, never one who may not', async () => {
    const { owner, board, pin } = await pinOf('secret');
    const member = await person();
    await t.make.collaborator(board.id, member.id);
    const outsider = await person();
    const text = `@${member.username.toUpperCase()} and @${outsider.username} and @nobody_at_all, mail a@${member.username}`;
    const created = (await comment(owner, pin.id, text)).body.resource_response.data;
    expect(created.mentions.map((user: { username: string }) => user.username).sort()).toEqual(
      [member.username, outsider.username].sort(),
    );
    expect(await kindsOf(member)).toEqual(['comment_mentioned']);
    const [item] = (await call(member, 'GET', '/v3/notifications/')).body.resource_response.data;
    expect(item).toMatchObject({ actors: [{ id: String(owner.id) }], comment: { id: created.id } });
    // The outsider is told nothing, now or later, and their list names nothing of the secret board.
    const outsiderList = await call(outsider, 'GET', '/v3/notifications/');
    expect(outsiderList.body.resource_response.data).toEqual([]);
    const rows = await t.db.select().from(notifications).where(eq(notifications.recipientId, outsider.id));
    expect(rows).toEqual([]);
  });

  it('a deleted comment takes its notifications with it', async () => {
    const { owner, pin } = await pinOf();
    const writer = await person();
    const id = (await comment(writer, pin.id, 'soon gone')).body.resource_response.data.id;
    expect(await kindsOf(owner)).toEqual(['pin_commented']);
    await call(writer, 'DELETE', `/v3/comments/${id}/`);
    expect(await kindsOf(owner)).toEqual([]);
  });
});

describe('comment limits', () => {
  it('refuses more than 30 comments in ten minutes from one person', async () => {
    const { pin } = await pinOf();
    const writer = await person();
    for (let i = 0; i < 30; i++) expect((await comment(writer, pin.id, `n${i}`)).status).toBe(200);
    const over = await comment(writer, pin.id, 'one more');
    expect(over.status).toBe(429);
    expect(over.body.resource_response.error.code).toBe('rate_limited');
    expect((await page(null, pin.id)).data.comment_count).toBe(30);
    // Someone else still may.
    expect((await comment(await person(), pin.id, 'me too')).status).toBe(200);
  });
});
