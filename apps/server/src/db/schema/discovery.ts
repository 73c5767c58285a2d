import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { OFFSITE_RULE_STATUSES } from '@pinboard/shared/offsite';
import { users } from './users.ts';

/**
 * A search term an operator attached a notice to (docs/product/search.md#advisories, `npm run admin --
 * advisory add`): the search answer carries it; abusive terms (severity 0) show it and no results.
 */
export const searchAdvisories = pgTable('search_advisories', {
  /** The normalised query (trimmed, lower case, inner spaces collapsed). */
  term: text('term').primaryKey(),
  severity: smallint('severity').notNull(),
  advisoryType: text('advisory_type'),
  /** The advisory level; the notice's action button shows only for levels 4 and 14. */
  level: smallint('level'),
  /** ISO country the advisory applies to; null everywhere. */
  resourceCountry: text('resource_country'),
  /** The sensitivity notice: title, description with link tags, actions, style, footer. */
  notice: jsonb('notice').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** An operator's verdict on a link domain (`npm run admin -- offsite-rule add`). */
export const offsiteRules = pgTable('offsite_rules', {
  /** Lower-case host without `www.`; a rule covers its subdomains too. */
  domain: text('domain').primaryKey(),
  status: text('status', { enum: OFFSITE_RULE_STATUSES }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A signed-in viewer's recent searches, newest first by searched_at. */
export const recentSearches = pgTable(
  'recent_searches',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    query: text('query').notNull(),
    searchedAt: timestamp('searched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.query] })],
);

/**
 * Words and hashtags of pins on public boards (decision 27), kept by a trigger of migration
 * 0010: the vocabulary search corrects typos against (trigram similarity) and the typeahead's
 * popular hashtags ('#tag' entries) by prefix. A term's count — how many pin writes used it —
 * is the sum of its rows: each database connection adds to its own `shard` row (migration 0024,
 * decision 49), so saves of pins sharing a common word do not wait on one row until commit.
 */
export const searchTerms = pgTable(
  'search_terms',
  {
    term: text('term').notNull(),
    shard: smallint('shard').notNull().default(0),
    pinCount: integer('pin_count').notNull().default(1),
  },
  (t) => [
    primaryKey({ columns: [t.term, t.shard] }),
    // A small pending list (migration 0012): typo correction reads it in full.
    index('search_terms_trgm_idx')
      .using('gin', sql`${t.term} gin_trgm_ops`)
      .with({ gin_pending_list_limit: 64 }),
    index('search_terms_prefix_idx').on(sql`${t.term} text_pattern_ops`, t.pinCount.desc()),
  ],
);
