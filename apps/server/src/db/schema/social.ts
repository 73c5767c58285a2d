import { bigint, index, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { boards } from './boards.ts';
import { users } from './users.ts';

export const boardFollows = pgTable(
  'board_follows',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    boardId: bigint('board_id', { mode: 'number' })
      .notNull()
      .references(() => boards.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.boardId] }), index('board_follows_board_idx').on(t.boardId)],
);

export const userFollows = pgTable(
  'user_follows',
  {
    followerId: bigint('follower_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    followeeId: bigint('followee_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.followerId, t.followeeId] }),
    index('user_follows_followee_idx').on(t.followeeId),
  ],
);

export const boardCollaborators = pgTable(
  'board_collaborators',
  {
    boardId: bigint('board_id', { mode: 'number' })
      .notNull()
      .references(() => boards.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** A collaborator archives a group board for themselves only. */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.boardId, t.userId] }), index('board_collaborators_user_idx').on(t.userId)],
);

export const boardInvites = pgTable(
  'board_invites',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    boardId: bigint('board_id', { mode: 'number' })
      .notNull()
      .references(() => boards.id, { onDelete: 'cascade' }),
    inviterId: bigint('inviter_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Exactly one of invitee user and invitee email is set. */
    inviteeUserId: bigint('invitee_user_id', { mode: 'number' }).references(() => users.id, {
      onDelete: 'cascade',
    }),
    inviteeEmail: text('invitee_email'),
    status: text('status', { enum: ['pending', 'accepted', 'declined'] })
      .notNull()
      .default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('board_invites_pending_user_key')
      .on(t.boardId, t.inviteeUserId)
      .where(sql`${t.status} = 'pending' and ${t.inviteeUserId} is not null`),
    uniqueIndex('board_invites_pending_email_key')
      .on(t.boardId, sql`lower(${t.inviteeEmail})`)
      .where(sql`${t.status} = 'pending' and ${t.inviteeEmail} is not null`),
    index('board_invites_invitee_idx').on(t.inviteeUserId),
  ],
);
