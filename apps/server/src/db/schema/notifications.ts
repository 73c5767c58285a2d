import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { NOTIFICATION_KINDS } from '@pinboard/shared';
import { boardInvites } from './social.ts';
import { pinComments } from './comments.ts';
import { boards } from './boards.ts';
import { pins } from './pins.ts';
import { users } from './users.ts';

/**
 * One thing that happened to a person (decision 50): who did it, and the pin, board or invitation
 * it is about. Rows of one `group_key` are one item of the list ("Lena and 3 others saved your
 * Pin"); an actor is in a group once. What a row names is checked against the recipient's rights
 * again at every read (`policies/visibility.ts`, `notificationVisibleAs`).
 */
export const notifications = pgTable(
  'notifications',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    recipientId: bigint('recipient_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
    actorId: bigint('actor_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    pinId: bigint('pin_id', { mode: 'number' }).references(() => pins.id, { onDelete: 'cascade' }),
    boardId: bigint('board_id', { mode: 'number' }).references(() => boards.id, { onDelete: 'cascade' }),
    inviteId: bigint('invite_id', { mode: 'number' }).references(() => boardInvites.id, {
      onDelete: 'cascade',
    }),
    /** The comment of a comment, reply or mention: deleting the comment deletes its notifications. */
    commentId: bigint('comment_id', { mode: 'number' }).references(() => pinComments.id, {
      onDelete: 'cascade',
    }),
    /** Kind, object and UTC day (an invitation: its id): the rows shown as one item. */
    groupKey: text('group_key').notNull(),
    /** A moderation notice's words (decision 54); null for every other kind. */
    message: text('message'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    seenAt: timestamp('seen_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('notifications_group_actor_key').on(t.recipientId, t.groupKey, t.actorId),
    index('notifications_recipient_idx').on(t.recipientId, t.id.desc()),
    // The unread count reads only these, group by group: it stops at the cap's hundredth group
    // instead of reading every unseen row (decision 66).
    index('notifications_unseen_idx')
      .on(t.recipientId, t.groupKey)
      .where(sql`${t.seenAt} is null`),
    // The daily digest job reads a day's notifications by this (decision 53).
    index('notifications_created_at_idx').on(t.createdAt),
    // Deleting a pin, board or invitation deletes its notifications by these.
    index('notifications_pin_idx')
      .on(t.pinId)
      .where(sql`${t.pinId} is not null`),
    index('notifications_board_idx')
      .on(t.boardId)
      .where(sql`${t.boardId} is not null`),
    index('notifications_comment_idx')
      .on(t.commentId)
      .where(sql`${t.commentId} is not null`),
    index('notifications_invite_idx')
      .on(t.inviteId)
      .where(sql`${t.inviteId} is not null`),
  ],
);
