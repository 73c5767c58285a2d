import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Usernames people left (decision 45): their old profile, board and section links lead to the
 * person's current name, and nobody else may take one while it is held (PROFILE_LIMITS). One row
 * per name, whoever left it last; taking a name back, or someone taking it once it is free,
 * removes the row.
 */
export const formerUsernames = pgTable(
  'former_usernames',
  {
    username: text('username').notNull(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    leftAt: timestamp('left_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('former_usernames_lower_key').on(sql`lower(${t.username})`),
    index('former_usernames_user_id_idx').on(t.userId),
  ],
);
