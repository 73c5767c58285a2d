import { and, asc, desc, eq, inArray, lt, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { IN_CONVERSATION, type ConversationMemberStatus } from '@pinboard/shared';
import type { Executor } from '../../db/client.ts';
import { selectRows } from '../../db/sql-helpers.ts';
import { images } from '../../db/schema/images.ts';
import { conversationMembers, conversations, messages } from '../../db/schema/messages.ts';
import { pins } from '../../db/schema/pins.ts';
import { userFollows } from '../../db/schema/social.ts';
import { users } from '../../db/schema/users.ts';
import {
  activeAccount,
  notBlockedEitherWay,
  pinSendableByEmailAs,
  pinVisibleToReaderAs,
} from '../../policies/visibility.ts';
import { userSummaryColumns } from '../users/users.repository.ts';

/** The most the unread count counts: the badge shows 99+ past it. */
export const UNREAD_CONVERSATIONS_CAP = 100;

/** The key of a set of people: their ids sorted and joined by commas. */
export const memberKeyOf = (ids: number[]) => [...new Set(ids)].sort((a, b) => a - b).join(',');

/** Active people by id, as summaries (any order). */
export async function findActivePeople(db: Executor, ids: number[]) {
  if (ids.length === 0) return [];
  const person = alias(users, 'person');
  const avatar = alias(images, 'person_avatar');
  return db
    .select(userSummaryColumns(person, avatar))
    .from(person)
    .leftJoin(avatar, eq(avatar.id, person.avatarImageId))
    .where(and(inArray(person.id, ids), activeAccount(person)));
}

/** Of `people`, those who follow `followee`. */
export async function followersAmong(db: Executor, followee: number, people: number[]): Promise<Set<number>> {
  if (people.length === 0) return new Set();
  const rows = await db
    .select({ id: userFollows.followerId })
    .from(userFollows)
    .where(and(eq(userFollows.followeeId, followee), inArray(userFollows.followerId, people)));
  return new Set(rows.map((row) => row.id));
}

export async function findConversationIdByKey(db: Executor, memberKey: string): Promise<number | null> {
  const [row] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(eq(conversations.memberKey, memberKey))
    .limit(1);
  return row?.id ?? null;
}

/**
 * Creates the conversation of these members, or answers the one a concurrent call made with the
 * same members (the unique member key).
 */
export async function insertConversation(
  db: Executor,
  conversation: {
    memberKey: string;
    creatorId: number;
    members: { userId: number; status: ConversationMemberStatus }[];
  },
): Promise<number> {
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(conversations)
      .values({ memberKey: conversation.memberKey, creatorId: conversation.creatorId })
      .onConflictDoNothing()
      .returning({ id: conversations.id });
    if (!created) return (await findConversationIdByKey(tx, conversation.memberKey))!;
    await tx
      .insert(conversationMembers)
      .values(conversation.members.map((member) => ({ conversationId: created.id, ...member })));
    return created.id;
  });
}

/** The person's place in a conversation, or null when they are not in it. */
export async function findMembership(db: Executor, conversationId: number, userId: number) {
  const [row] = await db
    .select({ status: conversationMembers.status, lastReadMessageId: conversationMembers.lastReadMessageId })
    .from(conversationMembers)
    .where(
      and(eq(conversationMembers.conversationId, conversationId), eq(conversationMembers.userId, userId)),
    )
    .limit(1);
  return row ?? null;
}

export async function setMemberStatus(
  db: Executor,
  conversationId: number,
  userId: number,
  status: ConversationMemberStatus,
): Promise<void> {
  await db
    .update(conversationMembers)
    .set({ status })
    .where(
      and(eq(conversationMembers.conversationId, conversationId), eq(conversationMembers.userId, userId)),
    );
}

/**
 * Everyone in the conversations, with their place, in the order they joined; not those who left a
 * group (one who declined a request still shows: the sender is not told).
 */
export async function listMembers(db: Executor, conversationIds: number[]) {
  if (conversationIds.length === 0) return [];
  return db
    .select({
      conversationId: conversationMembers.conversationId,
      userId: conversationMembers.userId,
      status: conversationMembers.status,
    })
    .from(conversationMembers)
    .where(
      and(
        inArray(conversationMembers.conversationId, conversationIds),
        ne(conversationMembers.status, 'left'),
      ),
    )
    .orderBy(asc(conversationMembers.joinedAt), asc(conversationMembers.userId));
}

/** Locks the conversation's row until the transaction ends (one sender's request cap at a time). */
export async function lockConversation(tx: Executor, conversationId: number): Promise<void> {
  await selectRows(tx, sql`select id from ${conversations} where id = ${conversationId} for update`);
}

/** Messages the person sent into the conversation. */
export async function countMessagesBy(
  db: Executor,
  conversationId: number,
  senderId: number,
): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), eq(messages.senderId, senderId)));
  return row?.count ?? 0;
}

/**
 * Adds a message, makes it the conversation's newest, and marks it read for its sender, whose
 * place becomes `accepted` (answering a request accepts it). Answers the new message's id.
 */
export async function insertMessage(
  tx: Executor,
  message: { conversationId: number; senderId: number; text: string; pinId: number | null },
): Promise<number> {
  const [row] = await tx.insert(messages).values(message).returning({ id: messages.id });
  const id = row!.id;
  await tx
    .update(conversations)
    .set({ lastMessageId: id })
    .where(eq(conversations.id, message.conversationId));
  await tx
    .update(conversationMembers)
    .set({ status: 'accepted', lastReadMessageId: id })
    .where(
      and(
        eq(conversationMembers.conversationId, message.conversationId),
        eq(conversationMembers.userId, message.senderId),
      ),
    );
  return id;
}

/** A message's own facts, whoever sent it (the edit and delete paths check them). */
export async function findMessageFacts(db: Executor, conversationId: number, messageId: number) {
  const [row] = await db
    .select({ senderId: messages.senderId, pinId: messages.pinId, deletedAt: messages.deletedAt })
    .from(messages)
    .where(and(eq(messages.id, messageId), eq(messages.conversationId, conversationId)));
  return row ?? null;
}

/** The sender's new text; `edited_at` says it changed. */
export async function updateMessageText(db: Executor, messageId: number, text: string): Promise<void> {
  await db
    .update(messages)
    .set({ text, editedAt: sql`now()` })
    .where(eq(messages.id, messageId));
}

/** Deleted by its sender: its text and pin go at once; the row stays as the deleted message. */
export async function markMessageDeleted(db: Executor, messageId: number): Promise<void> {
  await db
    .update(messages)
    .set({ text: '', pinId: null, deletedAt: sql`now()` })
    .where(eq(messages.id, messageId));
}

/**
 * Messages as `readerId` sees them (senders active), newest first: the pin's card only when the
 * reader may see the pin now (`pinVisibleToReaderAs`).
 */
export function selectMessages(db: Executor, readerId: number) {
  const sender = alias(users, 'sender');
  const avatar = alias(images, 'sender_avatar');
  const pinImage = alias(images, 'pin_image');
  const visible = pinVisibleToReaderAs(sql`${messages.pinId}`, readerId);
  return db
    .select({
      id: messages.id,
      conversationId: messages.conversationId,
      text: messages.text,
      createdAt: messages.createdAt,
      editedAt: messages.editedAt,
      deletedAt: messages.deletedAt,
      senderId: messages.senderId,
      sender: userSummaryColumns(sender, avatar),
      hadPin: sql<boolean>`${messages.pinId} is not null`,
      pinId: sql<number | null>`case when ${visible} then ${messages.pinId} end`.mapWith(
        (value: string | number | null) => (value === null ? null : Number(value)),
      ),
      pinTitle: pins.title,
      pinImageSizes: pinImage.sizes,
    })
    .from(messages)
    .innerJoin(sender, and(eq(sender.id, messages.senderId), activeAccount(sender)))
    .leftJoin(avatar, eq(avatar.id, sender.avatarImageId))
    .leftJoin(pins, eq(pins.id, messages.pinId))
    .leftJoin(pinImage, eq(pinImage.id, pins.imageId))
    .$dynamic();
}
export type MessageRow = Awaited<ReturnType<ReturnType<typeof selectMessages>['execute']>>[number];

/** A page of a conversation's messages, newest first, before `beforeId` when given. */
export function listMessages(
  db: Executor,
  options: { conversationId: number; readerId: number; beforeId: number | null; limit: number },
) {
  return selectMessages(db, options.readerId)
    .where(
      and(
        eq(messages.conversationId, options.conversationId),
        options.beforeId === null ? undefined : lt(messages.id, options.beforeId),
      ),
    )
    .orderBy(desc(messages.id))
    .limit(options.limit);
}

/** Messages by id, as the reader sees them. */
export function findMessages(db: Executor, readerId: number, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return selectMessages(db, readerId).where(inArray(messages.id, ids));
}

/** What a conversation's answer needs of it and of the member asking (a list row or one). */
const conversationFacts = {
  id: conversations.id,
  memberKey: conversations.memberKey,
  status: conversationMembers.status,
  lastMessageId: conversations.lastMessageId,
  lastReadMessageId: conversationMembers.lastReadMessageId,
};

/**
 * The person's conversations with a message (or started by them), newest message first:
 * `inbox` those they accepted, `requests` those waiting for their answer.
 */
export async function listConversationsOf(
  db: Executor,
  options: {
    userId: number;
    filter: 'inbox' | 'requests';
    before: { order: number; id: number } | null;
    limit: number;
  },
) {
  // A conversation without messages sorts by its id (below every message id of later ones).
  const order = sql<number>`coalesce(${conversations.lastMessageId}, 0)`;
  return db
    .select({ ...conversationFacts, order: order.mapWith(Number) })
    .from(conversationMembers)
    .innerJoin(conversations, eq(conversations.id, conversationMembers.conversationId))
    .where(
      and(
        eq(conversationMembers.userId, options.userId),
        eq(conversationMembers.status, options.filter === 'inbox' ? 'accepted' : 'request'),
        // A request shows once it has a message; an inbox conversation once it has one or is theirs.
        options.filter === 'requests' ? sql`${conversations.lastMessageId} is not null` : undefined,
        options.before === null
          ? undefined
          : sql`(${order}, ${conversations.id}) < (${options.before.order}::int8, ${options.before.id}::int8)`,
      ),
    )
    .orderBy(desc(order), desc(conversations.id))
    .limit(options.limit);
}

/** One conversation's facts for a member. */
export async function findConversationOf(db: Executor, conversationId: number, userId: number) {
  const [row] = await db
    .select(conversationFacts)
    .from(conversationMembers)
    .innerJoin(conversations, eq(conversations.id, conversationMembers.conversationId))
    .where(
      and(eq(conversationMembers.conversationId, conversationId), eq(conversationMembers.userId, userId)),
    )
    .limit(1);
  return row ?? null;
}
export type ConversationRow = NonNullable<Awaited<ReturnType<typeof findConversationOf>>>;

/**
 * Conversations (accepted or requests) with a message newer than the person's last read one, up
 * to UNREAD_CONVERSATIONS_CAP. Their own messages mark what they had read, so only others' count.
 */
export async function countUnreadConversations(db: Executor, userId: number): Promise<number> {
  const [row] = await selectRows<{ count: string | number }>(
    db,
    sql`select count(*) as count from (
        select 1 from ${conversationMembers} cm
        join ${conversations} c on c.id = cm.conversation_id
        where cm.user_id = ${userId} and cm.status in ('accepted', 'request')
          and c.last_message_id > coalesce(cm.last_read_message_id, 0)
        limit ${UNREAD_CONVERSATIONS_CAP}) unread`,
  );
  return Number(row?.count ?? 0);
}

/** Marks the conversation read up to its newest message for the person. */
export async function markConversationRead(
  db: Executor,
  conversationId: number,
  userId: number,
): Promise<void> {
  await db
    .update(conversationMembers)
    .set({
      lastReadMessageId: sql`(select last_message_id from ${conversations} where id = ${conversationId})`,
    })
    .where(
      and(eq(conversationMembers.conversationId, conversationId), eq(conversationMembers.userId, userId)),
    );
}

/** Others in the conversation who still hear of it (accepted or a pending request). */
export async function listListeningMembers(db: Executor, conversationId: number, except: number) {
  const rows = await db
    .select({ userId: conversationMembers.userId })
    .from(conversationMembers)
    .where(
      and(
        eq(conversationMembers.conversationId, conversationId),
        ne(conversationMembers.userId, except),
        inArray(conversationMembers.status, [...IN_CONVERSATION]),
      ),
    );
  return rows.map((row) => row.userId);
}

/** A pin as the viewer may send it: whether they may see it, and whether anyone may (email). */
export async function findPinToSend(db: Executor, pinId: number, viewerId: number) {
  const [row] = await selectRows<{ id: string | number; title: string; visible: boolean; public: boolean }>(
    db,
    sql`select p.id, p.title,
        ${pinVisibleToReaderAs(sql`p.id`, viewerId)} as visible,
        ${pinSendableByEmailAs('p')} as public
      from ${pins} p where p.id = ${pinId}`,
  );
  return row ? { id: Number(row.id), title: row.title, visible: row.visible, public: row.public } : null;
}

/** People the viewer may send to whose name or username starts with the prefix; followed first. */
export async function listMessagePeople(db: Executor, viewerId: number, prefix: string, limit: number) {
  const person = alias(users, 'users');
  const avatar = alias(images, 'people_avatar');
  const pattern = `${prefix.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const text = sql`lower(${person.username} || ' ' || ${person.firstName} || ' ' || ${person.lastName})`;
  const followed = sql`exists (select 1 from ${userFollows} mf where mf.follower_id = ${viewerId} and mf.followee_id = ${person.id})`;
  return db
    .select(userSummaryColumns(person, avatar))
    .from(person)
    .leftJoin(avatar, eq(avatar.id, person.avatarImageId))
    .where(
      and(
        activeAccount(person),
        ne(person.id, viewerId),
        notBlockedEitherWay(person.id, viewerId),
        prefix === '' ? followed : sql`(${text} like ${pattern} or ${text} like ${`% ${pattern}`})`,
      ),
    )
    .orderBy(sql`${followed} desc`, desc(person.followerCount), desc(person.id))
    .limit(limit);
}
