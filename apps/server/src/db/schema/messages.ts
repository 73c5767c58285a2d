import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { CONVERSATION_MEMBER_STATUSES } from '@pinboard/shared';
import { pins } from './pins.ts';
import { users } from './users.ts';

/**
 * A conversation (decision 52): one per set of people, so sending to the same people again reuses
 * it. `member_key` is the members' ids sorted and joined by commas.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    memberKey: text('member_key').notNull(),
    creatorId: bigint('creator_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The newest message's id: the inbox's order and bookmark. */
    lastMessageId: bigint('last_message_id', { mode: 'number' }),
  },
  (t) => [uniqueIndex('conversations_member_key').on(t.memberKey)],
);

/**
 * A person in a conversation: `accepted` (theirs to read and write), `request` (a stranger's
 * first message, waiting for Accept or Decline), `declined` (hidden from them, nothing more
 * reaches them; the others are not told) or `left` (a group they left: as declined, and the others
 * no longer see them in it). Starting the conversation with the same people again makes them
 * `accepted` again. `last_read_message_id` is the read state.
 */
export const conversationMembers = pgTable(
  'conversation_members',
  {
    conversationId: bigint('conversation_id', { mode: 'number' })
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: CONVERSATION_MEMBER_STATUSES }).notNull(),
    lastReadMessageId: bigint('last_read_message_id', { mode: 'number' }),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.conversationId, t.userId] }),
    index('conversation_members_user_idx').on(t.userId, t.conversationId),
  ],
);

/** One message: text, a pin, or both. A pin shows only to a reader who may see it now. */
export const messages = pgTable(
  'messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    conversationId: bigint('conversation_id', { mode: 'number' })
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: bigint('sender_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    text: text('text').notNull().default(''),
    pinId: bigint('pin_id', { mode: 'number' }).references(() => pins.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When its sender last changed its text (decision 52, amended); null: as sent. */
    editedAt: timestamp('edited_at', { withTimezone: true }),
    /**
     * When its sender deleted it: its text and pin are cleared at once, and the row stays as
     * 'This message was deleted' so the conversation's order, read state and request count hold.
     */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('messages_conversation_idx').on(t.conversationId, t.id.desc()),
    index('messages_pin_idx')
      .on(t.pinId)
      .where(sql`${t.pinId} is not null`),
  ],
);
