import {
  AGE_APPEAL_STATUSES,
  APPEAL_STATUSES,
  MODERATION_ACTIONS,
  REPORT_OBJECT_TYPES,
  REPORT_REASONS,
  REPORT_STATUSES,
} from '@pinboard/shared';
import { sql } from 'drizzle-orm';
import { bigint, date, index, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { pins } from './pins.ts';
import { users } from './users.ts';

/**
 * Pins a person asked to see fewer of ("See fewer like this", decision 43): their home feed leaves
 * out the pin and every pin of the same picture. The picture is copied so the feed's test is one
 * probe on (user, image).
 */
export const hiddenPins = pgTable(
  'hidden_pins',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    pinId: bigint('pin_id', { mode: 'number' })
      .notNull()
      .references(() => pins.id, { onDelete: 'cascade' }),
    imageId: bigint('image_id', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.pinId] }),
    index('hidden_pins_user_image_idx').on(t.userId, t.imageId),
    // A pin's delete (and its board's) removes its rows through the foreign key.
    index('hidden_pins_pin_idx').on(t.pinId),
  ],
);

/**
 * What people reported (a pin, comment, board or person) and why; moderation reads and
 * closes them. One open report per reporter and object. The object is kept by type and id without a
 * foreign key: a report outlives what it is about.
 */
export const reports = pgTable(
  'reports',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    reporterId: bigint('reporter_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    objectType: text('object_type', { enum: REPORT_OBJECT_TYPES }).notNull(),
    objectId: bigint('object_id', { mode: 'number' }).notNull(),
    reason: text('reason', { enum: REPORT_REASONS }).notNull(),
    status: text('status', { enum: REPORT_STATUSES }).notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The operator's decision that closed it (decision 54); null while open. */
    decisionId: bigint('decision_id', { mode: 'number' }).references(() => moderationDecisions.id, {
      onDelete: 'set null',
    }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    index('reports_reporter_idx').on(t.reporterId, t.id),
    index('reports_open_idx')
      .on(t.id)
      .where(sql`${t.status} = 'open'`),
    uniqueIndex('reports_open_per_reporter_key')
      .on(t.reporterId, t.objectType, t.objectId)
      .where(sql`${t.status} = 'open'`),
    index('reports_object_idx').on(t.objectType, t.objectId),
  ],
);

/**
 * An operator's decision on a reported object (decision 54): remove, warn, suspend or dismiss,
 * with the owner it was taken against (the violations they see) and the reason of the report it
 * answered. Every open report of the object is closed by it.
 */
export const moderationDecisions = pgTable(
  'moderation_decisions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    objectType: text('object_type', { enum: REPORT_OBJECT_TYPES }).notNull(),
    objectId: bigint('object_id', { mode: 'number' }).notNull(),
    ownerId: bigint('owner_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    action: text('action', { enum: MODERATION_ACTIONS }).notNull(),
    reason: text('reason', { enum: REPORT_REASONS }).notNull(),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('moderation_decisions_owner_idx').on(t.ownerId, t.id),
    index('moderation_decisions_object_idx').on(t.objectType, t.objectId),
  ],
);

/** An owner's appeal of a removal: one per decision; an operator restores or upholds. */
export const appeals = pgTable(
  'appeals',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    decisionId: bigint('decision_id', { mode: 'number' })
      .notNull()
      .references(() => moderationDecisions.id, { onDelete: 'cascade' }),
    appellantId: bigint('appellant_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    status: text('status', { enum: APPEAL_STATUSES }).notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('appeals_decision_key').on(t.decisionId),
    index('appeals_appellant_idx').on(t.appellantId, t.id),
  ],
);

/**
 * A review asked for by someone the age rule kept from signing up: the email and birthday they
 * give, and a digest of the key their browser holds to read the outcome (no account yet).
 */
export const ageAppeals = pgTable('age_appeals', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  email: text('email').notNull(),
  birthday: date('birthday').notNull(),
  keyDigest: text('key_digest').notNull(),
  status: text('status', { enum: AGE_APPEAL_STATUSES }).notNull().default('pending'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  decidedAt: timestamp('decided_at', { withTimezone: true }),
});
