import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LiveEventSchema, MESSAGE_MAX_LENGTH } from '@pinboard/shared';
import { openDatabase } from '../../src/db/client.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { copyPostgresTemplate, TEST_ENGINE } from '../helpers/test-database.ts';

const redisUrl = process.env.REDIS_URL;
const acrossInstances = Boolean(redisUrl) && TEST_ENGINE === 'postgres';

let t: TestApp;
beforeAll(async () => {
  // A short stream lifetime: `inject` answers once a stream ends.
  t = await createTestApp({ env: { LIVE_STREAM_SECONDS: '1.5', LIVE_HEARTBEAT_SECONDS: '0.5' } });
});
afterAll(() => t.close());

interface Person {
  id: number;
  username: string;
  cookie: string;
}

let named = 0;
async function person(firstName = 'Test'): Promise<Person> {
  named += 1;
  const user = await t.make.user({ username: `msg_${firstName.toLowerCase()}_${named}`, firstName });
  return { id: user.id, username: user.username, cookie: await t.make.sessionCookie(user.id) };
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
function call(who: Person | null, method: Method, url: string, payload?: unknown) {
  return t.request({
    method,
    url,
    headers: { cookie: `${who?.cookie ?? ''}; csrftoken=t0k`, 'x-csrftoken': 't0k' },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}
const data = async (promise: ReturnType<typeof call>) => (await promise).body.resource_response.data;
const code = async (promise: ReturnType<typeof call>) => {
  const response = await promise;
  return [response.status, response.body.resource_response.error?.code];
};

const follow = (who: Person, whom: Person) => call(who, 'PUT', `/v3/users/${whom.username}/follow/`);
const start = (who: Person, to: Person[], extra: { text?: string; pin_id?: string } = {}) =>
  call(who, 'POST', '/v3/conversations/', { user_ids: to.map((p) => String(p.id)), ...extra });
const send = (who: Person, conversationId: string, body: { text?: string; pin_id?: string }) =>
  call(who, 'POST', `/v3/conversations/${conversationId}/messages/`, body);
const messagesOf = (who: Person, conversationId: string) =>
  data(call(who, 'GET', `/v3/conversations/${conversationId}/messages/`));
const inbox = (who: Person, filter = 'inbox') =>
  data(call(who, 'GET', `/v3/conversations/?filter=${filter}`));
const unread = async (who: Person) => (await data(call(who, 'GET', '/v3/users/me/'))).unread_conversations;

/** Two people, `b` following `a`: a's messages go straight to b's inbox. */
async function friends() {
  const a = await person('Ada');
  const b = await person('Bo');
  expect((await follow(b, a)).status).toBe(200);
  return { a, b };
}

describe('conversations', () => {
  it('needs a signed-in viewer for every call', async () => {
    // Visitors are refused after validation: each call gets a body it takes.
    const bodies: Record<string, unknown> = {
      'POST /v3/conversations/': { user_ids: ['1'] },
      'POST /v3/conversations/1/messages/': { text: 'hi' },
      'PATCH /v3/conversations/1/messages/2/': { text: 'hi' },
      'POST /v3/pins/1/send_email/': { email: 'a@example.org' },
    };
    for (const [method, url] of [
      ['GET', '/v3/conversations/'],
      ['POST', '/v3/conversations/'],
      ['GET', '/v3/conversations/people/'],
      ['GET', '/v3/conversations/1/'],
      ['GET', '/v3/conversations/1/messages/'],
      ['POST', '/v3/conversations/1/messages/'],
      ['POST', '/v3/conversations/1/read/'],
      ['POST', '/v3/conversations/1/accept/'],
      ['POST', '/v3/conversations/1/decline/'],
      ['POST', '/v3/conversations/1/leave/'],
      ['PATCH', '/v3/conversations/1/messages/2/'],
      ['DELETE', '/v3/conversations/1/messages/2/'],
      ['POST', '/v3/pins/1/send_email/'],
      ['PUT', '/v3/users/someone/block/'],
      ['DELETE', '/v3/users/someone/block/'],
    ] as const) {
      const body = method === 'GET' ? undefined : (bodies[`${method} ${url}`] ?? {});
      expect(await code(call(null, method, url, body)), `${method} ${url}`).toEqual([401, 'auth_required']);
    }
  });

  it('delivers to a follower at once, reuses the conversation, and keeps read state', async () => {
    const { a, b } = await friends();
    const started = await data(start(a, [b], { text: 'Hi Bo' }));
    expect(started).toMatchObject({
      status: 'accepted',
      awaiting_accept: false,
      members: [{ id: String(b.id) }],
      last_message: { text: 'Hi Bo', sender: { id: String(a.id) } },
      unread: false,
      group: false,
    });
    // Sending to the same people again reuses it.
    const again = await data(start(a, [b], { text: 'Again' }));
    expect(again.id).toBe(started.id);
    expect(await unread(b)).toBe(1);
    expect(await unread(a)).toBe(0);
    const [bView] = await inbox(b);
    expect(bView).toMatchObject({
      id: started.id,
      status: 'accepted',
      unread: true,
      last_message: { text: 'Again' },
    });
    expect((await messagesOf(b, started.id)).map((m: { text: string }) => m.text)).toEqual([
      'Again',
      'Hi Bo',
    ]);
    // Reading clears the count; a reply makes it the other's turn.
    expect(await data(call(b, 'POST', `/v3/conversations/${started.id}/read/`))).toEqual({
      unread_conversations: 0,
    });
    expect(await unread(b)).toBe(0);
    expect((await send(b, started.id, { text: 'Hello Ada' })).status).toBe(200);
    expect(await unread(a)).toBe(1);
    expect(await unread(b)).toBe(0);
  });

  it("makes a stranger's first message a request: one message until accepted, then free", async () => {
    const a = await person('Ada');
    const stranger = await person('Sam');
    const conversation = await data(start(stranger, [a], { text: 'Hello there' }));
    expect(conversation).toMatchObject({ status: 'accepted', awaiting_accept: true });
    // The sender cannot flood: nothing more until the request is accepted.
    expect(await code(send(stranger, conversation.id, { text: 'Hello??' }))).toEqual([
      403,
      'message_request_pending',
    ]);
    expect(await code(start(stranger, [a], { text: 'Hello again' }))).toEqual([
      403,
      'message_request_pending',
    ]);
    expect(await inbox(a)).toEqual([]);
    const [request] = await inbox(a, 'requests');
    expect(request).toMatchObject({ id: conversation.id, status: 'request', unread: true });
    expect(await unread(a)).toBe(1);
    const accepted = await data(call(a, 'POST', `/v3/conversations/${conversation.id}/accept/`));
    expect(accepted.status).toBe('accepted');
    expect((await inbox(a)).map((c: { id: string }) => c.id)).toEqual([conversation.id]);
    expect((await send(stranger, conversation.id, { text: 'Thanks!' })).status).toBe(200);
    expect((await send(stranger, conversation.id, { text: 'And more' })).status).toBe(200);
  });

  it('hides a declined request from its recipient, and the sender still cannot send more', async () => {
    const a = await person('Ada');
    const stranger = await person('Sam');
    const conversation = await data(start(stranger, [a], { text: 'Buy my stuff' }));
    expect(await data(call(a, 'POST', `/v3/conversations/${conversation.id}/decline/`))).toEqual({
      unread_conversations: 0,
    });
    expect(await inbox(a, 'requests')).toEqual([]);
    expect(await code(call(a, 'GET', `/v3/conversations/${conversation.id}/messages/`))).toEqual([
      404,
      'conversation_not_found',
    ]);
    expect(await code(send(stranger, conversation.id, { text: 'Hello?' }))).toEqual([
      403,
      'message_request_pending',
    ]);
    // Declining is for requests only.
    const { a: x, b: y } = await friends();
    const mine = await data(start(x, [y], { text: 'Hi' }));
    expect(await code(call(y, 'POST', `/v3/conversations/${mine.id}/decline/`))).toEqual([403, 'forbidden']);
  });

  it('holds groups: one per set of people, a request for those who do not follow the sender', async () => {
    const a = await person('Ada');
    const friend = await person('Fay');
    const stranger = await person('Sol');
    await follow(friend, a);
    const group = await data(start(a, [friend, stranger], { text: 'Picnic?' }));
    expect(group.members.map((m: { id: string }) => m.id).sort()).toEqual(
      [String(friend.id), String(stranger.id)].sort(),
    );
    expect(group.awaiting_accept).toBe(false);
    expect((await data(start(a, [stranger, friend]))).id).toBe(group.id);
    expect((await inbox(friend))[0].id).toBe(group.id);
    expect((await inbox(stranger, 'requests'))[0].id).toBe(group.id);
    // Someone who is not in it finds nothing.
    const outsider = await person('Out');
    expect(await code(call(outsider, 'GET', `/v3/conversations/${group.id}/`))).toEqual([
      404,
      'conversation_not_found',
    ]);
    expect(await code(send(outsider, group.id, { text: 'hi' }))).toEqual([404, 'conversation_not_found']);
  });

  it("lets a member leave a group: gone from their lists and the others' view, back if they start it again", async () => {
    const a = await person('Ada');
    const b = await person('Bea');
    const c = await person('Cal');
    await follow(b, a);
    await follow(c, a);
    const group = await data(start(a, [b, c], { text: 'Picnic?' }));
    expect(group.group).toBe(true);
    expect(await data(call(c, 'POST', `/v3/conversations/${group.id}/leave/`))).toEqual({
      unread_conversations: 0,
    });
    expect(await inbox(c)).toEqual([]);
    expect(await code(call(c, 'GET', `/v3/conversations/${group.id}/messages/`))).toEqual([
      404,
      'conversation_not_found',
    ]);
    expect(await code(send(c, group.id, { text: 'one more' }))).toEqual([404, 'conversation_not_found']);
    // The others no longer see them in it, and what they send next does not reach them.
    const seen = await data(call(a, 'GET', `/v3/conversations/${group.id}/`));
    expect(seen.members.map((m: { id: string }) => m.id)).toEqual([String(b.id)]);
    expect((await send(b, group.id, { text: 'Saturday!' })).status).toBe(200);
    expect(await unread(c)).toBe(0);
    expect(await inbox(c)).toEqual([]);
    // Starting it again with the same people brings them back, with what was said meanwhile.
    const again = await data(start(c, [a, b]));
    expect(again.id).toBe(group.id);
    expect((await messagesOf(c, group.id)).map((m: { text: string }) => m.text)).toEqual([
      'Saturday!',
      'Picnic?',
    ]);

    // Only a group's accepted member may leave: not one-to-one, not a request, not twice.
    const { a: x, b: y } = await friends();
    const pair = await data(start(x, [y], { text: 'Hi' }));
    expect(await code(call(y, 'POST', `/v3/conversations/${pair.id}/leave/`))).toEqual([403, 'forbidden']);
    const stranger = await person('Sol');
    const asked = await data(start(stranger, [a, b], { text: 'Buy?' }));
    expect(await code(call(a, 'POST', `/v3/conversations/${asked.id}/leave/`))).toEqual([403, 'forbidden']);
    await data(call(b, 'POST', `/v3/conversations/${group.id}/leave/`));
    expect(await code(call(b, 'POST', `/v3/conversations/${group.id}/leave/`))).toEqual([
      404,
      'conversation_not_found',
    ]);
  });

  it('refuses bad input with a clear message and changes nothing', async () => {
    const { a, b } = await friends();
    const conversation = await data(start(a, [b]));
    expect(conversation.last_message).toBeNull();
    expect(await code(send(a, conversation.id, { text: 'x'.repeat(MESSAGE_MAX_LENGTH + 1) }))).toEqual([
      400,
      'invalid_request',
    ]);
    expect(await code(send(a, conversation.id, { text: '   ' }))).toEqual([400, 'message_empty']);
    expect(await code(send(a, conversation.id, {}))).toEqual([400, 'message_empty']);
    expect(await code(start(a, [a]))).toEqual([400, 'conversation_recipient_invalid']);
    expect(await code(call(a, 'POST', '/v3/conversations/', { user_ids: [] }))).toEqual([
      400,
      'invalid_request',
    ]);
    expect(await code(call(a, 'POST', '/v3/conversations/', { user_ids: ['999999999'] }))).toEqual([
      404,
      'user_not_found',
    ]);
    expect(await code(send(a, conversation.id, { pin_id: '999999999' }))).toEqual([404, 'pin_not_found']);
    expect(
      await code(call(a, 'GET', `/v3/conversations/${conversation.id}/messages/?bookmark=WzFlMzAwXQ`)),
    ).toEqual([400, 'invalid_bookmark']);
    expect(await messagesOf(a, conversation.id)).toEqual([]);
  });

  it('pages messages newest first with a bookmark', async () => {
    const { a, b } = await friends();
    const conversation = await data(start(a, [b], { text: 'one' }));
    for (const text of ['two', 'three']) await send(a, conversation.id, { text });
    const first = await call(a, 'GET', `/v3/conversations/${conversation.id}/messages/?page_size=2`);
    expect(first.body.resource_response.data.map((m: { text: string }) => m.text)).toEqual(['three', 'two']);
    const bookmark = first.body.resource_response.bookmark;
    const next = await data(
      call(a, 'GET', `/v3/conversations/${conversation.id}/messages/?page_size=2&bookmark=${bookmark}`),
    );
    expect(next.map((m: { text: string }) => m.text)).toEqual(['one']);
  });
});

describe('editing and deleting your own messages', () => {
  const edit = (who: Person, conversationId: string, messageId: string, text: unknown) =>
    call(who, 'PATCH', `/v3/conversations/${conversationId}/messages/${messageId}/`, { text });
  const remove = (who: Person, conversationId: string, messageId: string) =>
    call(who, 'DELETE', `/v3/conversations/${conversationId}/messages/${messageId}/`);

  it('the sender edits the text; everyone in it sees the new text, marked edited', async () => {
    const { a, b } = await friends();
    const conversation = await data(start(a, [b], { text: 'See you at 5' }));
    const [sent] = await messagesOf(a, conversation.id);
    expect(sent).toMatchObject({ edited_at: null, deleted: false });
    const edited = await data(edit(a, conversation.id, sent.id, '  See you at 6  '));
    expect(edited).toMatchObject({ id: sent.id, text: 'See you at 6', deleted: false });
    expect(edited.edited_at).not.toBeNull();
    expect((await messagesOf(b, conversation.id))[0]).toMatchObject({ text: 'See you at 6' });
    expect((await inbox(b))[0].last_message).toMatchObject({ text: 'See you at 6' });
    // An edit is not a new message: nothing unread for the sender, nothing more for the reader.
    expect(await unread(a)).toBe(0);
  });

  it("refuses someone else's message, an empty text, a missing message and a stranger, changing nothing", async () => {
    const { a, b } = await friends();
    const conversation = await data(start(a, [b], { text: 'Mine' }));
    const [sent] = await messagesOf(a, conversation.id);
    const stranger = await person('Cy');
    expect(await code(edit(b, conversation.id, sent.id, 'Hijack'))).toEqual([403, 'message_not_yours']);
    expect(await code(remove(b, conversation.id, sent.id))).toEqual([403, 'message_not_yours']);
    expect(await code(edit(a, conversation.id, sent.id, '   '))).toEqual([400, 'message_empty']);
    expect(await code(edit(a, conversation.id, sent.id, 'x'.repeat(MESSAGE_MAX_LENGTH + 1)))).toEqual([
      400,
      'invalid_request',
    ]);
    expect(await code(edit(a, conversation.id, '999999999', 'Gone'))).toEqual([404, 'message_not_found']);
    expect(await code(edit(stranger, conversation.id, sent.id, 'Hi'))).toEqual([
      404,
      'conversation_not_found',
    ]);
    expect(await code(remove(stranger, conversation.id, sent.id))).toEqual([404, 'conversation_not_found']);
    // A message of another conversation is not found through this one.
    const other = await data(start(a, [stranger], { text: 'Elsewhere' }));
    const [elsewhere] = await messagesOf(a, other.id);
    expect(await code(edit(a, conversation.id, elsewhere.id, 'Moved'))).toEqual([404, 'message_not_found']);
    expect((await messagesOf(b, conversation.id))[0]).toMatchObject({ text: 'Mine', edited_at: null });
  });

  it('the sender deletes it for everyone: no text or pin is left, and it stays deleted', async () => {
    const { a, b } = await friends();
    const board = await t.make.board(a.id);
    const pin = await t.make.pin(a.id, board.id, { title: 'Blue lamp' });
    const conversation = await data(start(a, [b], { text: 'Look at this', pin_id: String(pin.id) }));
    const [sent] = await messagesOf(a, conversation.id);
    expect(sent.pin).toMatchObject({ id: String(pin.id) });
    const deleted = await data(remove(a, conversation.id, sent.id));
    expect(deleted).toMatchObject({
      id: sent.id,
      text: '',
      pin: null,
      pin_unavailable: false,
      deleted: true,
    });
    for (const who of [a, b]) {
      expect((await messagesOf(who, conversation.id))[0]).toMatchObject({
        id: sent.id,
        text: '',
        deleted: true,
      });
    }
    expect(await code(remove(a, conversation.id, sent.id))).toEqual([404, 'message_not_found']);
    expect(await code(edit(a, conversation.id, sent.id, 'Back'))).toEqual([404, 'message_not_found']);
  });

  it("a request's message deleted still counts: the sender cannot send another until accepted", async () => {
    const a = await person('Ada');
    const b = await person('Bo');
    const conversation = await data(start(a, [b], { text: 'Hello stranger' }));
    const [sent] = await messagesOf(a, conversation.id);
    expect((await remove(a, conversation.id, sent.id)).status).toBe(200);
    expect(await code(send(a, conversation.id, { text: 'Again' }))).toEqual([403, 'message_request_pending']);
  });

  it('no edit once someone in it is blocked; deleting stays possible', async () => {
    const { a, b } = await friends();
    const conversation = await data(start(a, [b], { text: 'Hi' }));
    const [sent] = await messagesOf(a, conversation.id);
    expect((await call(b, 'PUT', `/v3/users/${a.username}/block/`)).status).toBe(200);
    expect(await code(edit(a, conversation.id, sent.id, 'Hello?'))).toEqual([403, 'message_blocked']);
    expect((await remove(a, conversation.id, sent.id)).status).toBe(200);
  });
});

describe('pins in messages', () => {
  it('shows a pin only to a reader who may see it: never a secret board outside it', async () => {
    const { a, b } = await friends();
    const open = await t.make.board(a.id);
    const secret = await t.make.board(a.id, { privacy: 'secret' });
    const publicPin = await t.make.pin(a.id, open.id, { title: 'Blue lamp' });
    const secretPin = await t.make.pin(a.id, secret.id, { title: 'Surprise gift' });
    const conversation = await data(start(a, [b], { text: 'Look', pin_id: String(publicPin.id) }));
    expect(conversation.last_message.pin).toMatchObject({ id: String(publicPin.id), title: 'Blue lamp' });
    expect((await send(a, conversation.id, { pin_id: String(secretPin.id) })).status).toBe(200);
    const [forB] = await messagesOf(b, conversation.id);
    expect(forB).toMatchObject({ pin: null, pin_unavailable: true });
    expect(JSON.stringify(await messagesOf(b, conversation.id))).not.toContain('Surprise gift');
    const [forA] = await messagesOf(a, conversation.id);
    expect(forA.pin).toMatchObject({ title: 'Surprise gift' });
    // Nobody sends a pin they cannot see.
    expect(await code(send(b, conversation.id, { pin_id: String(secretPin.id) }))).toEqual([
      404,
      'pin_not_found',
    ]);
  });
});

describe('Send by email', () => {
  async function outboxTo(email: string): Promise<{ to: string; subject: string; text: string }[]> {
    await t.app.background.settled();
    const all = (await t.request({ method: 'GET', url: '/__dev/outbox.json' })).body as { to: string }[];
    return all.filter((m) => m.to === email) as never;
  }

  it("mails one address the pin's title and link; never a secret board's pin", async () => {
    const a = await person('Ada');
    const board = await t.make.board(a.id);
    const pin = await t.make.pin(a.id, board.id, { title: 'Copper kettle' });
    expect(
      await data(call(a, 'POST', `/v3/pins/${pin.id}/send_email/`, { email: 'friend@example.org' })),
    ).toEqual({
      sent: true,
    });
    const [mail] = await outboxTo('friend@example.org');
    expect(mail!.subject).toBe('Ada User sent you a Pin on Pinboard');
    expect(mail!.text).toContain('Copper kettle');
    expect(mail!.text).toContain(`/pin/${pin.id}/`);
    const secret = await t.make.board(a.id, { privacy: 'secret' });
    const hidden = await t.make.pin(a.id, secret.id, { title: 'Hidden' });
    expect(
      await code(call(a, 'POST', `/v3/pins/${hidden.id}/send_email/`, { email: 'x@example.org' })),
    ).toEqual([403, 'pin_email_not_shareable']);
    const other = await person('Oz');
    expect(
      await code(call(other, 'POST', `/v3/pins/${hidden.id}/send_email/`, { email: 'x@example.org' })),
    ).toEqual([404, 'pin_not_found']);
    expect(await outboxTo('x@example.org')).toEqual([]);
    expect(
      await code(call(a, 'POST', `/v3/pins/${pin.id}/send_email/`, { email: 'not an address' })),
    ).toEqual([400, 'invalid_request']);
    expect(
      await code(
        call(a, 'POST', `/v3/pins/${pin.id}/send_email/`, { email: ['a@example.org', 'b@example.org'] }),
      ),
    ).toEqual([400, 'invalid_request']);
  });

  it('is rate limited per person', async () => {
    const a = await person('Ada');
    const board = await t.make.board(a.id);
    const pin = await t.make.pin(a.id, board.id);
    const answers: number[] = [];
    for (let i = 0; i < 21; i += 1) {
      answers.push(
        (await call(a, 'POST', `/v3/pins/${pin.id}/send_email/`, { email: `r${i}@example.org` })).status,
      );
    }
    expect(answers.slice(0, 20).every((status) => status === 200)).toBe(true);
    expect(answers[20]).toBe(429);
  });
});

describe('limits', () => {
  it('limits how many messages a person sends a minute', async () => {
    const { a, b } = await friends();
    const conversation = await data(start(a, [b]));
    const answers: number[] = [];
    for (let i = 0; i < 31; i += 1) answers.push((await send(a, conversation.id, { text: `m${i}` })).status);
    expect(answers.slice(0, 30).every((status) => status === 200)).toBe(true);
    expect(answers[30]).toBe(429);
  });
});

describe('blocking', () => {
  it('stops messages both ways, ends follows both ways and refuses new ones', async () => {
    const { a, b } = await friends();
    await follow(a, b);
    const conversation = await data(start(a, [b], { text: 'Hi' }));
    const blocked = await data(call(a, 'PUT', `/v3/users/${b.username}/block/`));
    expect(blocked).toMatchObject({ blocked_by_me: true, followed_by_me: false });
    expect((await data(call(b, 'GET', `/v3/users/${a.username}/`))).followed_by_me).toBe(false);
    expect(await code(follow(b, a))).toEqual([403, 'follow_blocked']);
    expect(await code(follow(a, b))).toEqual([403, 'follow_blocked']);
    expect(await code(send(b, conversation.id, { text: 'Why?' }))).toEqual([403, 'message_blocked']);
    expect(await code(send(a, conversation.id, { text: 'Bye' }))).toEqual([403, 'message_blocked']);
    expect(await code(start(b, [a], { text: 'Hello' }))).toEqual([403, 'message_blocked']);
    expect((await data(call(b, 'GET', `/v3/conversations/${conversation.id}/`))).blocked).toBe(true);
    expect(await code(call(a, 'PUT', `/v3/users/${a.username}/block/`))).toEqual([400, 'block_self']);
    // Unblocking lets them talk again (follows ended stay ended).
    expect((await data(call(a, 'DELETE', `/v3/users/${b.username}/block/`))).blocked_by_me).toBe(false);
    expect((await send(b, conversation.id, { text: 'Friends again?' })).status).toBe(200);
  });

  it('hides each from the other in people search, the typeahead and the Send typeahead', async () => {
    const a = await person('Quillon');
    const b = await person('Quillan');
    const names = async (who: Person) => {
      const search = await data(call(who, 'GET', '/v3/search/users/?q=quill'));
      const typeahead = await data(call(who, 'GET', '/v3/search/typeahead/?term=quill'));
      const people = await data(call(who, 'GET', '/v3/conversations/people/?q=quill'));
      return {
        search: search.results.map((u: { username: string }) => u.username),
        typeahead: typeahead.items
          .filter((i: { type: string }) => i.type === 'user')
          .map((i: { user: { username: string } }) => i.user.username),
        people: people.map((u: { username: string }) => u.username),
      };
    };
    expect((await names(b)).typeahead).toContain(a.username);
    expect((await names(b)).people).toContain(a.username);
    await call(a, 'PUT', `/v3/users/${b.username}/block/`);
    for (const [who, other] of [
      [b, a],
      [a, b],
    ] as const) {
      const found = await names(who);
      expect(found.search).not.toContain(other.username);
      expect(found.typeahead).not.toContain(other.username);
      expect(found.people).not.toContain(other.username);
    }
  });

  it('keeps notifications from a blocked person away', async () => {
    const a = await person('Ada');
    const b = await person('Bo');
    await follow(b, a);
    expect((await data(call(a, 'GET', '/v3/notifications/'))).length).toBe(1);
    await call(a, 'PUT', `/v3/users/${b.username}/block/`);
    expect(await data(call(a, 'GET', '/v3/notifications/'))).toEqual([]);
  });
});

describe('live delivery', () => {
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  function eventsOf(body: string) {
    return body
      .split('\n\n')
      .filter((block) => block.includes('data: '))
      .map((block) => LiveEventSchema.parse(JSON.parse(/^data: (.+)$/m.exec(block)![1]!)));
  }

  it("sends a new message to the recipient's open stream, as they may see it", async () => {
    const { a, b } = await friends();
    const conversation = await data(start(a, [b]));
    const stream = t.app.inject({
      method: 'GET',
      url: '/v3/live/',
      headers: { cookie: `${b.cookie}; csrftoken=t0k`, 'x-csrftoken': 't0k' },
    });
    await sleep(400);
    expect((await send(a, conversation.id, { text: 'Live hello' })).status).toBe(200);
    const events = eventsOf((await stream).body).filter((event) => event.type === 'messages');
    expect(events[0]).toEqual({ type: 'messages', unread_conversations: 0, message: null });
    expect(events.at(-1)).toMatchObject({
      type: 'messages',
      unread_conversations: 1,
      message: { conversation_id: conversation.id, text: 'Live hello', sender: { id: String(a.id) } },
    });
  });
});

describe('live edits', () => {
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  it("sends an edited message to the others' open streams, in place of the old one", async () => {
    const { a, b } = await friends();
    const conversation = await data(start(a, [b], { text: 'Old words' }));
    const [sent] = await messagesOf(a, conversation.id);
    const stream = t.app.inject({
      method: 'GET',
      url: '/v3/live/',
      headers: { cookie: `${b.cookie}; csrftoken=t0k`, 'x-csrftoken': 't0k' },
    });
    await sleep(400);
    expect(
      (
        await call(a, 'PATCH', `/v3/conversations/${conversation.id}/messages/${sent.id}/`, {
          text: 'New words',
        })
      ).status,
    ).toBe(200);
    const events = (await stream).body
      .split('\n\n')
      .filter((block) => block.includes('data: '))
      .map((block) => LiveEventSchema.parse(JSON.parse(/^data: (.+)$/m.exec(block)![1]!)))
      .filter((event) => event.type === 'messages');
    expect(events.at(-1)).toMatchObject({ type: 'messages', message: { id: sent.id, text: 'New words' } });
  });
});

describe.runIf(acrossInstances)('live delivery across instances (Redis)', () => {
  it('reaches a stream held by another instance', async () => {
    const copy = await copyPostgresTemplate();
    const handles = await Promise.all([1, 2].map(() => openDatabase({ databaseUrl: copy.url })));
    const env = { REDIS_URL: redisUrl!, LIVE_STREAM_SECONDS: '2', LIVE_HEARTBEAT_SECONDS: '1' };
    const [one, two] = await Promise.all(handles.map((handle) => createTestApp({ db: handle.db, env })));
    try {
      const a = await one!.make.user();
      const b = await one!.make.user();
      const headers = async (id: number) => ({
        cookie: `${await one!.make.sessionCookie(id)}; csrftoken=t0k`,
        'x-csrftoken': 't0k',
      });
      const stream = one!.app.inject({ method: 'GET', url: '/v3/live/', headers: await headers(b.id) });
      await new Promise((resolve) => setTimeout(resolve, 500));
      const sent = await two!.request({
        method: 'POST',
        url: '/v3/conversations/',
        headers: await headers(a.id),
        payload: { user_ids: [String(b.id)], text: 'Across instances' },
      });
      expect(sent.status).toBe(200);
      const events = (await stream).body
        .split('\n\n')
        .filter((block) => block.includes('data: '))
        .map((block) => LiveEventSchema.parse(JSON.parse(/^data: (.+)$/m.exec(block)![1]!)));
      expect(events.at(-1)).toMatchObject({ type: 'messages', message: { text: 'Across instances' } });
    } finally {
      await Promise.all([one, two].map((app) => app?.close()));
      await Promise.all(handles.map((handle) => handle.close()));
      await copy.drop();
    }
  });
});
