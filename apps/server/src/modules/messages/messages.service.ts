import {
  IN_CONVERSATION,
  REQUEST_MESSAGES_BEFORE_ACCEPT,
  type Conversation,
  type ConversationMemberStatus,
  type LiveEvent,
  type Message,
  type UserSummary,
} from '@pinboard/shared';
import type { Mailer } from '../../adapters/mail/index.ts';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Background } from '../../lib/background.ts';
import { decodeBookmark, pageOf } from '../../lib/bookmark.ts';
import { escapeHtml } from '../../lib/escape-html.ts';
import { blockedAmong } from '../blocks/blocks.repository.ts';
import { askLiveEvent, sendLiveEvent } from '../notifications/live-publisher.ts';
import { presentUserSummary } from '../users/users.presenter.ts';
import { isGroup, presentConversation, presentMessage } from './messages.presenter.ts';
import {
  countMessagesBy,
  countUnreadConversations,
  findActivePeople,
  findConversationIdByKey,
  findMessageFacts,
  findConversationOf,
  findMessages,
  findPinToSend,
  followersAmong,
  insertConversation,
  insertMessage,
  listConversationsOf,
  listListeningMembers,
  listMembers,
  listMessagePeople,
  listMessages,
  lockConversation,
  markConversationRead as markRead,
  markMessageDeleted,
  memberKeyOf,
  setMemberStatus,
  updateMessageText,
  type ConversationRow,
} from './messages.repository.ts';

/*
 * Messages (decision 52): conversations of two or more people, one per set of people; a
 * stranger's first message is a request the recipient accepts or declines, and until someone
 * accepts the sender may send no more; nobody reaches someone they blocked or who blocked them;
 * a pin shows only to a reader who may see it. New messages reach every open tab of the others
 * (and the sender's other tabs) through the live bus.
 */

const toIds = (ids: string[]) => [...new Set(ids.map(Number))];

/** A bookmark of whole, non-negative ids only (anything else names no row). */
function idKey(bookmark: string | undefined, length: number): number[] | null {
  const key = decodeBookmark(bookmark);
  if (key === null) return null;
  if (
    key.length !== length ||
    !key.every((part) => typeof part === 'number' && Number.isSafeInteger(part) && part >= 0)
  ) {
    throw new AppError('invalid_bookmark', { field: 'bookmark' });
  }
  return key as number[];
}

/** Conversations as the viewer sees them: the others in each, its newest message, its state. */
async function presentConversations(
  db: Executor,
  viewer: number,
  rows: ConversationRow[],
): Promise<Conversation[]> {
  if (rows.length === 0) return [];
  const members = await listMembers(
    db,
    rows.map((row) => row.id),
  );
  const otherIds = [...new Set(members.filter((m) => m.userId !== viewer).map((m) => m.userId))];
  const [people, blocked, lastMessages] = await Promise.all([
    findActivePeople(db, otherIds),
    blockedAmong(db, viewer, otherIds),
    findMessages(
      db,
      viewer,
      rows.flatMap((row) => (row.lastMessageId === null ? [] : [row.lastMessageId])),
    ),
  ]);
  const personById = new Map(people.map((person) => [person.id, presentUserSummary(person)]));
  const messageById = new Map(lastMessages.map((message) => [message.id, presentMessage(message)]));
  return rows.map((row) => {
    const others = members.filter((m) => m.conversationId === row.id && m.userId !== viewer);
    return presentConversation(row, {
      members: others.flatMap((m) => {
        const person = personById.get(m.userId);
        return person ? [person] : [];
      }),
      awaitingAccept: !others.some((m) => m.status === 'accepted'),
      lastMessage: row.lastMessageId === null ? null : (messageById.get(row.lastMessageId) ?? null),
      blocked: others.some((m) => blocked.has(m.userId)),
    });
  });
}

/** The viewer's conversation, or `conversation_not_found` (not theirs, or declined or left by them). */
async function loadConversation(
  db: Executor,
  viewer: number,
  conversationId: number,
): Promise<ConversationRow> {
  const row = await findConversationOf(db, conversationId, viewer);
  if (!row || !IN_CONVERSATION.includes(row.status)) throw new AppError('conversation_not_found');
  return row;
}

export async function getConversation(
  db: Executor,
  viewer: number,
  conversationId: number,
): Promise<Conversation> {
  const row = await loadConversation(db, viewer, conversationId);
  return (await presentConversations(db, viewer, [row]))[0]!;
}

/** `GET /v3/conversations/`: the inbox or the requests, newest message first. */
export async function pageConversations(
  db: Executor,
  viewer: number,
  query: { filter: 'inbox' | 'requests'; bookmark?: string; page_size: number },
) {
  const key = idKey(query.bookmark, 2);
  const rows = await listConversationsOf(db, {
    userId: viewer,
    filter: query.filter,
    before: key ? { order: key[0]!, id: key[1]! } : null,
    limit: query.page_size + 1,
  });
  const page = pageOf(rows, query.page_size, (row) => [row.order, row.id]);
  return { items: await presentConversations(db, viewer, page.items), bookmark: page.bookmark };
}

/** `GET /v3/conversations/{id}/messages/`: newest first. */
export async function pageMessages(
  db: Executor,
  viewer: number,
  conversationId: number,
  query: { bookmark?: string; page_size: number },
) {
  await loadConversation(db, viewer, conversationId);
  const key = idKey(query.bookmark, 1);
  const rows = await listMessages(db, {
    conversationId,
    readerId: viewer,
    beforeId: key ? key[0]! : null,
    limit: query.page_size + 1,
  });
  const page = pageOf(rows, query.page_size, (row) => [row.id]);
  return { items: page.items.map(presentMessage), bookmark: page.bookmark };
}

/** A pin the viewer sends must be one they may see (else it is not found). */
async function checkPinToSend(
  db: Executor,
  viewer: number,
  pinId: string | undefined,
): Promise<number | null> {
  if (pinId === undefined) return null;
  const pin = await findPinToSend(db, Number(pinId), viewer);
  if (!pin || !pin.visible) throw new AppError('pin_not_found', { field: 'pin_id' });
  return pin.id;
}

/** Tells each listening member (and the sender's other tabs) of a new message, as each may see it. */
function announceMessage(db: Executor, messageId: number, people: number[]) {
  for (const userId of people) askLiveEvent(db, userId, { type: 'messages', messageId });
}

/** A message's live event for one person: their unread conversations and the message as they see it. */
export async function liveMessageEvent(db: Executor, userId: number, messageId: number): Promise<LiveEvent> {
  const [unread, [row]] = await Promise.all([
    countUnreadConversations(db, userId),
    findMessages(db, userId, [messageId]),
  ]);
  return { type: 'messages', unread_conversations: unread, message: row ? presentMessage(row) : null };
}

/**
 * Sends a message into a conversation the viewer is in: not to or from someone blocked either
 * way; not more than REQUEST_MESSAGES_BEFORE_ACCEPT while nobody else has accepted.
 */
async function sendInto(
  db: Executor,
  viewer: number,
  conversationId: number,
  body: { text?: string; pin_id?: string },
): Promise<Message> {
  const text = body.text ?? '';
  if (text === '' && body.pin_id === undefined) throw new AppError('message_empty');
  const members = await listMembers(db, [conversationId]);
  const others = members.filter((m) => m.userId !== viewer);
  if (
    (
      await blockedAmong(
        db,
        viewer,
        others.map((m) => m.userId),
      )
    ).size > 0
  ) {
    throw new AppError('message_blocked');
  }
  const pinId = await checkPinToSend(db, viewer, body.pin_id);
  const messageId = await db.transaction(async (tx) => {
    await lockConversation(tx, conversationId);
    const accepted = others.some((m) => m.status === 'accepted');
    if (!accepted && (await countMessagesBy(tx, conversationId, viewer)) >= REQUEST_MESSAGES_BEFORE_ACCEPT) {
      throw new AppError('message_request_pending');
    }
    return insertMessage(tx, { conversationId, senderId: viewer, text, pinId });
  });
  return announceChange(db, viewer, conversationId, messageId);
}

/** `POST /v3/conversations/{id}/messages/`. */
export async function sendMessage(
  db: Executor,
  viewer: number,
  conversationId: number,
  body: { text?: string; pin_id?: string },
): Promise<Message> {
  await loadConversation(db, viewer, conversationId);
  return sendInto(db, viewer, conversationId, body);
}

/**
 * `POST /v3/conversations/`: the conversation with these people (made on first use, reused after),
 * with a first message when there is text or a pin. Each recipient who does not follow the
 * viewer gets it as a request. Starting it makes it the viewer's (accepted).
 */
export async function startConversation(
  db: Executor,
  viewer: number,
  body: { user_ids: string[]; text?: string; pin_id?: string },
): Promise<Conversation> {
  const recipients = toIds(body.user_ids);
  if (recipients.includes(viewer)) throw new AppError('conversation_recipient_invalid');
  const people = await findActivePeople(db, recipients);
  if (people.length !== recipients.length) throw new AppError('user_not_found', { field: 'user_ids' });
  if ((await blockedAmong(db, viewer, recipients)).size > 0) throw new AppError('message_blocked');
  if (body.pin_id !== undefined) await checkPinToSend(db, viewer, body.pin_id);
  const memberKey = memberKeyOf([viewer, ...recipients]);
  let conversationId = await findConversationIdByKey(db, memberKey);
  if (conversationId === null) {
    const followers = await followersAmong(db, viewer, recipients);
    const status = (id: number): ConversationMemberStatus => (followers.has(id) ? 'accepted' : 'request');
    conversationId = await insertConversation(db, {
      memberKey,
      creatorId: viewer,
      members: [
        { userId: viewer, status: 'accepted' },
        ...recipients.map((userId) => ({ userId, status: status(userId) })),
      ],
    });
  } else {
    await setMemberStatus(db, conversationId, viewer, 'accepted');
  }
  if ((body.text ?? '') !== '' || body.pin_id !== undefined) {
    await sendInto(db, viewer, conversationId, body);
  }
  return getConversation(db, viewer, conversationId);
}

/**
 * The viewer's own message of a conversation they are in, not deleted: what they may edit or
 * delete. Someone else's message is `message_not_yours`; anything else, `message_not_found`.
 */
async function loadOwnMessage(db: Executor, viewer: number, conversationId: number, messageId: number) {
  await loadConversation(db, viewer, conversationId);
  const message = await findMessageFacts(db, conversationId, messageId);
  if (!message || message.deletedAt !== null) throw new AppError('message_not_found');
  if (message.senderId !== viewer) throw new AppError('message_not_yours');
  return message;
}

/** Everyone's open tabs in the conversation (the viewer's too) see the message as it is now; answers it. */
async function announceChange(db: Executor, viewer: number, conversationId: number, messageId: number) {
  const listening = await listListeningMembers(db, conversationId, viewer);
  announceMessage(db, messageId, [...listening, viewer]);
  const [row] = await findMessages(db, viewer, [messageId]);
  return presentMessage(row!);
}

/**
 * `PATCH /v3/conversations/{id}/messages/{messageId}/`: new text for the viewer's own message
 * (a pin sent with it stays; text may be emptied only beside a pin). Not while someone in it is
 * blocked either way: that is a message to them too.
 */
export async function editMessage(
  db: Executor,
  viewer: number,
  conversationId: number,
  messageId: number,
  text: string,
): Promise<Message> {
  const message = await loadOwnMessage(db, viewer, conversationId, messageId);
  if (text === '' && message.pinId === null) throw new AppError('message_empty');
  const members = await listMembers(db, [conversationId]);
  const others = members.filter((m) => m.userId !== viewer).map((m) => m.userId);
  if ((await blockedAmong(db, viewer, others)).size > 0) throw new AppError('message_blocked');
  await updateMessageText(db, messageId, text);
  return announceChange(db, viewer, conversationId, messageId);
}

/**
 * `DELETE /v3/conversations/{id}/messages/{messageId}/`: the viewer's own message goes for
 * everyone (its text and pin are cleared at once; 'This message was deleted' stays in its place).
 */
export async function deleteMessage(
  db: Executor,
  viewer: number,
  conversationId: number,
  messageId: number,
): Promise<Message> {
  await loadOwnMessage(db, viewer, conversationId, messageId);
  await markMessageDeleted(db, messageId);
  return announceChange(db, viewer, conversationId, messageId);
}

/** `POST /v3/conversations/{id}/read/`: read up to the newest message; the viewer's tabs hear of it. */
export async function readConversation(db: Executor, viewer: number, conversationId: number) {
  await loadConversation(db, viewer, conversationId);
  await markRead(db, conversationId, viewer);
  return announceUnread(db, viewer);
}

async function announceUnread(db: Executor, viewer: number) {
  const unread = await countUnreadConversations(db, viewer);
  sendLiveEvent(db, viewer, { type: 'messages', unread_conversations: unread, message: null });
  return { unread_conversations: unread };
}

/** `POST /v3/conversations/{id}/accept/`: a request becomes the viewer's conversation. */
export async function acceptConversation(db: Executor, viewer: number, conversationId: number) {
  await loadConversation(db, viewer, conversationId);
  await setMemberStatus(db, conversationId, viewer, 'accepted');
  return getConversation(db, viewer, conversationId);
}

/** `POST /v3/conversations/{id}/decline/`: the request leaves the viewer's lists; nothing more arrives. */
export async function declineConversation(db: Executor, viewer: number, conversationId: number) {
  const row = await loadConversation(db, viewer, conversationId);
  if (row.status !== 'request')
    throw new AppError('forbidden', { detail: 'Only a message request can be declined.' });
  await setMemberStatus(db, conversationId, viewer, 'declined');
  return announceUnread(db, viewer);
}

/**
 * `POST /v3/conversations/{id}/leave/`: the viewer leaves a group conversation (three people or
 * more): it leaves their lists, nothing more reaches them, and the others no longer see them in
 * it. A request is declined rather than left; a one-to-one conversation has Block instead.
 */
export async function leaveConversation(db: Executor, viewer: number, conversationId: number) {
  const row = await loadConversation(db, viewer, conversationId);
  if (row.status !== 'accepted')
    throw new AppError('forbidden', { detail: 'A message request is declined, not left.' });
  if (!isGroup(row)) throw new AppError('forbidden', { detail: 'Only a group conversation can be left.' });
  await setMemberStatus(db, conversationId, viewer, 'left');
  return announceUnread(db, viewer);
}

/** The viewer's unread conversations (the header's messages icon). */
export function countUnread(db: Executor, viewer: number): Promise<number> {
  return countUnreadConversations(db, viewer);
}

/** The first live event of a stream: the unread count now. */
export async function liveMessagesEvent(db: Executor, viewer: number): Promise<LiveEvent> {
  return {
    type: 'messages',
    unread_conversations: await countUnreadConversations(db, viewer),
    message: null,
  };
}

/** `GET /v3/conversations/people/`: followed people first; nobody blocked either way. */
export async function findMessagePeople(db: Executor, viewer: number, q: string): Promise<UserSummary[]> {
  const rows = await listMessagePeople(db, viewer, q.toLowerCase().replace(/^@/, ''), 8);
  return rows.map(presentUserSummary);
}

export interface PinMailDeps {
  db: Executor;
  mailer: Mailer;
  background: Background;
  publicUrl: string;
}

/**
 * `POST /v3/pins/{id}/send_email/`: mails the pin's title and link to one address. Only a pin
 * anyone may see (a secret board's pins are not sent outside it); one the viewer cannot see is
 * not found. The mail goes out in the background.
 */
export async function sendPinByEmail(
  deps: PinMailDeps,
  viewerId: number,
  pinId: number,
  email: string,
): Promise<{ sent: true }> {
  const pin = await findPinToSend(deps.db, pinId, viewerId);
  if (!pin || !pin.visible) throw new AppError('pin_not_found');
  if (!pin.public) throw new AppError('pin_email_not_shareable');
  const [me] = await findActivePeople(deps.db, [viewerId]);
  const viewer = {
    name: me ? [me.firstName, me.lastName].filter(Boolean).join(' ') || me.username : 'Someone',
  };
  const link = `${deps.publicUrl.replace(/\/+$/, '')}/pin/${pin.id}/`;
  const title = pin.title.trim() || 'a Pin';
  const subject = `${viewer.name} sent you a Pin on Pinboard`;
  const text = `${viewer.name} sent you a Pin: ${title}\n\n${link}\n`;
  const html = `<p>${escapeHtml(viewer.name)} sent you a Pin: <strong>${escapeHtml(title)}</strong></p><p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`;
  deps.background.run('pin-email', () => deps.mailer.send({ to: email, subject, text, html }));
  return { sent: true };
}
