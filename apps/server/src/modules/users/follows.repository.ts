import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { userFollows } from '../../db/schema/social.ts';

/** Follows a user; following twice is a no-op. Counts move by trigger. */
export async function insertUserFollow(db: Executor, followerId: number, followeeId: number) {
  await db.insert(userFollows).values({ followerId, followeeId }).onConflictDoNothing();
}

/** Unfollows a user; unfollowing someone not followed is a no-op. */
export async function deleteUserFollow(db: Executor, followerId: number, followeeId: number) {
  await db
    .delete(userFollows)
    .where(and(eq(userFollows.followerId, followerId), eq(userFollows.followeeId, followeeId)));
}
