import { bigint, index, pgTable, primaryKey, text, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { pins } from './pins.ts';
import { users } from './users.ts';

/**
 * Comments on pins (decision 51). A top comment has no parent; a reply's parent is always a top
 * comment (one level). Deleting a pin deletes its comments, deleting a comment its replies, likes,
 * mentions and notifications. Who may see one is who may see its pin (`policies/visibility.ts`),
 * less what an operator removed (`removed_at`), which only its author sees.
 */
export const pinComments = pgTable(
  'pin_comments',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    pinId: bigint('pin_id', { mode: 'number' })
      .notNull()
      .references(() => pins.id, { onDelete: 'cascade' }),
    authorId: bigint('author_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    parentId: bigint('parent_id', { mode: 'number' }).references((): AnyPgColumn => pinComments.id, {
      onDelete: 'cascade',
    }),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when an operator removed it (decision 54): shown to its author alone, with the notice. */
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [
    // A pin's top comments newest first, a comment's replies oldest first, and the pin's count.
    index('pin_comments_pin_parent_idx').on(t.pinId, t.parentId, t.id),
    index('pin_comments_parent_idx').on(t.parentId, t.id),
    index('pin_comments_author_idx').on(t.authorId),
  ],
);

/** Who likes a comment: a person likes it once. */
export const commentLikes = pgTable(
  'comment_likes',
  {
    commentId: bigint('comment_id', { mode: 'number' })
      .notNull()
      .references(() => pinComments.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.commentId, t.userId] }), index('comment_likes_user_idx').on(t.userId)],
);

/** The accounts a comment's `@username`s named when it was written. */
export const commentMentions = pgTable(
  'comment_mentions',
  {
    commentId: bigint('comment_id', { mode: 'number' })
      .notNull()
      .references(() => pinComments.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.commentId, t.userId] }), index('comment_mentions_user_idx').on(t.userId)],
);
