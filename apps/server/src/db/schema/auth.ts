import { bigint, boolean, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * "Remember this browser" tokens: a long-lived cookie that outlives the session, so a returning
 * viewer is recognised (LIMITED_LOGIN: the 'Welcome back' screen) without being signed in.
 * Only the SHA-256 of the cookie value is stored; deleting the row revokes it.
 */
export const recognitionTokens = pgTable(
  'recognition_tokens',
  {
    idHash: text('id_hash').primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('recognition_tokens_user_id_idx').on(t.userId)],
);

/** Consents given at sign-up, one row per key, kept with the account as proof of what was agreed. */
export const userConsents = pgTable(
  'user_consents',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    granted: boolean('granted').notNull(),
    /** The country the consent was asked in (server-resolved, not what the form said). */
    country: text('country').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('user_consents_user_id_idx').on(t.userId)],
);

/** Sign-up and login funnel events the web app reports (`POST /v3/events/`). */
export const authEvents = pgTable(
  'auth_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    step: text('step'),
    container: text('container'),
    loginType: text('login_type'),
    element: text('element'),
    /** The signed-in viewer when the event was reported; null for visitors. */
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    country: text('country'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('auth_events_created_at_idx').on(t.createdAt)],
);

/**
 * Password reset links (decision 19). Only the SHA-256 of the token is stored; a token works
 * once (`used_at` is set by one atomic update) and until `expires_at`. Asking for a new link
 * marks the account's earlier unused ones used, so only the newest mail works.
 */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    idHash: text('id_hash').primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The forgot_password `type` (unified or reset) the web's experiment chose. */
    requestType: text('request_type', { enum: ['unified', 'reset'] }).notNull(),
    /** The address that asked, for abuse review. */
    requestIp: text('request_ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('password_reset_tokens_user_id_idx').on(t.userId)],
);
