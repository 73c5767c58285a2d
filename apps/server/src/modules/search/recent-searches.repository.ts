import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { recentSearches } from '../../db/schema/discovery.ts';

/**
 * Records the search as the viewer's newest and keeps only the newest `keep`, in one statement
 * (one round trip, one commit): the delete sees the rows as they were before the upsert, so it
 * keeps the newest `keep - 1` of the others.
 */
export async function recordRecentSearch(db: Executor, userId: number, query: string, keep: number) {
  await db.execute(sql`
    with recorded as (
      insert into recent_searches (user_id, query, searched_at) values (${userId}, ${query}, ${new Date()})
      on conflict (user_id, query) do update set searched_at = excluded.searched_at
    )
    delete from recent_searches r where r.user_id = ${userId} and r.query <> ${query} and r.query not in (
      select k.query from recent_searches k where k.user_id = ${userId} and k.query <> ${query}
      order by k.searched_at desc, k.query limit ${keep - 1})`);
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
