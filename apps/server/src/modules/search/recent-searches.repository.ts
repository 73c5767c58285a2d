import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { recentSearches } from '../../db/schema/discovery.ts';

/** Records the search as the viewer's newest and keeps only the newest `keep`. */
export async function recordRecentSearch(db: Executor, userId: number, query: string, keep: number) {
  await db.transaction(async (tx) => {
    await tx
      .insert(recentSearches)
      .values({ userId, query, searchedAt: new Date() })
      .onConflictDoUpdate({
        target: [recentSearches.userId, recentSearches.query],
        set: { searchedAt: sql`excluded.searched_at` },
      });
    await tx.execute(sql`
      delete from recent_searches r where r.user_id = ${userId} and r.query not in (
        select k.query from recent_searches k where k.user_id = ${userId}
        order by k.searched_at desc, k.query limit ${keep})`);
  });
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
