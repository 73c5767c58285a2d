import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * A person's privacy switches (decision 46). No row: every switch has its default
 * (PRIVACY_DEFAULTS in packages/shared), so the columns' defaults are the same values.
 */
export const userPrivacySettings = pgTable('user_privacy_settings', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Their profile, boards and pins pages say `noindex` to search engines. */
  hideFromSearchEngines: boolean('hide_from_search_engines').notNull().default(false),
  personalizeFromActivity: boolean('personalize_from_activity').notNull().default(true),
  personalizeAdsFromPartners: boolean('personalize_ads_from_partners').notNull().default(true),
  personalizeAdsFromVisitedSites: boolean('personalize_ads_from_visited_sites').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * What a person hears about, one row per category they changed (decision 46); a category without
 * a row has NOTIFICATION_DEFAULTS' choice. `email`: off, instant or daily (digest).
 */
export const notificationSettings = pgTable(
  'notification_settings',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    category: text('category').notNull(),
    email: text('email', { enum: ['off', 'instant', 'daily'] }).notNull(),
    push: boolean('push').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.category] })],
);

/**
 * Email confirmation links (decision 46): the SHA-256 of the token only (the mail holds the
 * token), for one address of one account; used once, within its lifetime.
 */
export const emailVerificationTokens = pgTable(
  'email_verification_tokens',
  {
    idHash: text('id_hash').primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('email_verification_tokens_user_id_idx').on(t.userId)],
);

/**
 * Websites a person claims (decision 46). Verified by a meta tag or a file carrying `code`; a
 * domain has at most one verified claim, whose person is the site's official account.
 */
export const websiteClaims = pgTable(
  'website_claims',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    domain: text('domain').notNull(),
    origin: text('origin').notNull(),
    code: text('code').notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    verifiedBy: text('verified_by', { enum: ['meta', 'file'] }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('website_claims_user_domain_key').on(t.userId, t.domain),
    uniqueIndex('website_claims_verified_domain_key')
      .on(t.domain)
      .where(sql`${t.verifiedAt} is not null`),
  ],
);
