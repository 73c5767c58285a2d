import { RECENT_SEARCHES_MAX, type RecentSearches } from '@pinboard/shared';
import type { Executor } from '../../db/client.ts';
import { clearRecentSearches, listRecentSearches } from './recent-searches.repository.ts';

/** The signed-in viewer's recent searches, newest first (the header's empty search field). */
export async function getRecentSearches(db: Executor, viewerId: number): Promise<RecentSearches> {
  const rows = await listRecentSearches(db, viewerId, RECENT_SEARCHES_MAX);
  return rows.map((row) => ({ query: row.query, searched_at: row.searchedAt.toISOString() }));
}

/** Forgets the signed-in viewer's recent searches. */
export async function forgetRecentSearches(db: Executor, viewerId: number): Promise<RecentSearches> {
  await clearRecentSearches(db, viewerId);
  return [];
}
