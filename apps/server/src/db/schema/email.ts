import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { NOTIFICATION_KINDS } from '@pinboard/shared';
import { users } from './users.ts';

/**
 * One daily digest per person and UTC day (decision 53). The job claims a person's day by inserting
 * this row (`on conflict do nothing`), so of any number of instances running the job exactly one
 * sends it; `sent_at` is set once the mail went out, and a claim whose mail failed is deleted so
 * the next run tries again.
 */
export const emailDigests = pgTable(
  'email_digests',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The UTC day whose notifications the digest gathers. */
    day: date('day', { mode: 'string' }).notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** Items the mail listed (0: nothing was left to tell at send time, so none was sent). */
    items: integer('items').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

/** Answers of the user survey (`/email/user_survey/`, decision 53); operators list them. */
export const userSurveys = pgTable(
  'user_surveys',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    satisfaction: integer('satisfaction').notNull(),
    uses: text('uses').array().notNull(),
    text: text('text').notNull(),
    /** How the person reached the form: a mail's link, or signed in. */
    via: text('via', { enum: ['mail', 'session'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('user_surveys_created_at_idx').on(t.createdAt.desc()),
    check('user_surveys_satisfaction_check', sql`${t.satisfaction} between 1 and 5`),
  ],
);

/**
 * An instant notification mail whose sending failed, waiting to be tried again (decision 53): one
 * row per person and notification group, so a group that grows meanwhile is mailed once, as it
 * is then. `next_attempt_at` is both when it is due and, while an instance tries it, the lease
 * that keeps other instances off it. After `MAIL_RETRY_ATTEMPTS` failures the row is deleted and
 * the mail given up (logged); the notification stays in the list.
 */
export const notificationMailRetries = pgTable(
  'notification_mail_retries',
  {
    recipientId: bigint('recipient_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    groupKey: text('group_key').notNull(),
    kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
    /** A board invitation's id (an invitation made to an address is never mailed twice). */
    inviteId: bigint('invite_id', { mode: 'number' }),
    /** Failed attempts so far (the first, in the request's background, included). */
    attempts: integer('attempts').notNull().default(1),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    lastError: text('last_error').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.recipientId, t.groupKey] }),
    index('notification_mail_retries_due_idx').on(t.nextAttemptAt),
  ],
);
