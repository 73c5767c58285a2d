import { bigint, index, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * The account's confirmed phone number for two-factor login (decision 20). A row exists only once
 * a texted code confirmed the number; a new number replaces it only when its own code is confirmed.
 */
export const userPhones = pgTable('user_phones', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** E.164, e.g. +14155550100. */
  e164: text('e164').notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
});

/**
 * Texted codes: a login code, or a code confirming a new number (`target`). Stored as an HMAC
 * under the session secret; an account has at most one live code per purpose (a new one deletes
 * the old). `wrong_tries` only grows through one atomic update capped at 5.
 */
export const mfaCodes = pgTable(
  'mfa_codes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['login', 'phone_confirm'] }).notNull(),
    /** The E.164 number the code was texted to. */
    target: text('target').notNull(),
    codeHash: text('code_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    wrongTries: smallint('wrong_tries').notNull().default(0),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('mfa_codes_user_id_purpose_idx').on(t.userId, t.purpose)],
);

/** Single-use backup codes (HMAC under the session secret); a new set replaces the old. */
export const backupCodes = pgTable(
  'backup_codes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('backup_codes_user_id_idx').on(t.userId)],
);
