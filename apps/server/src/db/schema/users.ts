import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { images } from './images.ts';

export const users = pgTable(
  'users',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    username: text('username').notNull(),
    email: text('email'),
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    about: text('about').notNull().default(''),
    websiteUrl: text('website_url'),
    /** Up to two of the shared PRONOUNS, in the order chosen. */
    pronouns: text('pronouns')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    avatarImageId: bigint('avatar_image_id', { mode: 'number' }).references(() => images.id, {
      onDelete: 'set null',
    }),
    avatarColorIndex: smallint('avatar_color_index').notNull().default(0),
    /** personal or business (a partner account). */
    type: text('type', { enum: ['personal', 'business'] })
      .notNull()
      .default('personal'),
    country: text('country'),
    locale: text('locale'),
    gender: text('gender', { enum: ['female', 'male', 'unknown'] }),
    birthday: date('birthday'),
    status: text('status', { enum: ['active', 'suspended', 'deactivated', 'soft_banned'] })
      .notNull()
      .default('active'),
    connectedToFacebook: boolean('connected_to_facebook').notNull().default(false),
    connectedToGoogle: boolean('connected_to_google').notNull().default(false),
    /** Login asks for a texted code (or a backup code) after the password (decision 20). */
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
    /**
     * When the email was confirmed through its link; null while it waits (decision 46). Accounts
     * made any other way than an email sign-up (seeded, a provider's) count as confirmed.
     */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }).defaultNow(),
    /** Counts kept by triggers (see the counts migration), never written by the app. */
    pinCount: integer('pin_count').notNull().default(0),
    boardCount: integer('board_count').notNull().default(0),
    followerCount: integer('follower_count').notNull().default(0),
    followingCount: integer('following_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    index('users_created_at_idx').on(t.createdAt),
    // People search and typeahead (decision 27): this exact expression is userSearchText.
    index('users_search_trgm_idx').using(
      'gin',
      sql`lower(${t.username} || ' ' || ${t.firstName} || ' ' || ${t.lastName}) gin_trgm_ops`,
    ),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    /** sha256 of the cookie value; the value itself is never stored. */
    idHash: text('id_hash').primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    userAgent: text('user_agent'),
    ip: text('ip'),
    /**
     * SHA-256 of the browser's account-group cookie: the sessions of one browser's accounts,
     * between which the account switcher moves. Null for a session outside any group.
     */
    groupHash: text('group_hash'),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId), index('sessions_group_hash_idx').on(t.groupHash)],
);
