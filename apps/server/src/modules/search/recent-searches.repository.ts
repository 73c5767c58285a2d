import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { recentSearches } from '../../db/schema/discovery.ts';

/**
 * The `with` entries that record the search as the viewer's newest and keep only the newest
 * `keep`: the delete sees the rows as they were before the upsert (one snapshot for the whole
 * statement), so it keeps the newest `keep - 1` of the others. A statement may add them to its
 * own `with` (the start of a search, decision 59) and need not read them.
 */
export function recordRecentSearchCtes(userId: number, query: string, keep: number): SQL {
  return sql`recorded as (
      insert into recent_searches (user_id, query, searched_at) values (${userId}, ${query}, ${new Date()})
      on conflict (user_id, query) do update set searched_at = excluded.searched_at
    ),
    trimmed as (
      delete from recent_searches r where r.user_id = ${userId} and r.query <> ${query} and r.query not in (
        select k.query from recent_searches k where k.user_id = ${userId} and k.query <> ${query}
        order by k.searched_at desc, k.query limit ${keep - 1})
    )`;
}

/** The viewer's recent searches, newest first; only those starting with `prefix` when given. */
export function listRecentSearches(db: Executor, userId: number, limit: number, prefix?: string) {
  return db
    .select({ query: recentSearches.query, searchedAt: recentSearches.searchedAt })
    .from(recentSearches)
    .where(
      and(
        eq(recentSearches.userId, userId),
        prefix === undefined ? undefined : sql`starts_with(${recentSearches.query}, ${prefix})`,
      ),
    )
    .orderBy(desc(recentSearches.searchedAt), recentSearches.query)
    .limit(limit);
}

export async function clearRecentSearches(db: Executor, userId: number): Promise<void> {
  await db.delete(recentSearches).where(eq(recentSearches.userId, userId));
}
