import { and, eq, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { int8Array, selectRows } from '../../db/sql-helpers.ts';
import { userBlocks } from '../../db/schema/blocks.ts';
import { userFollows } from '../../db/schema/social.ts';
import { notBlockedEitherWay } from '../../policies/visibility.ts';

/**
 * Whether either of two people blocked the other (decision 52): the one check a service makes
 * before letting one reach the other (a message, a follow, a comment). Queries over many rows
 * take the same rule as a condition, `notBlockedEitherWay` (policies/visibility.ts).
 */
export async function isBlockedEitherWay(db: Executor, a: number, b: number): Promise<boolean> {
  const [row] = await selectRows<{ free: boolean }>(db, sql`select ${notBlockedEitherWay(a, b)} as free`);
  return row?.free === false;
}

/** Of `others`, the ids that `viewer` blocked or that blocked `viewer`. */
export async function blockedAmong(db: Executor, viewer: number, others: number[]): Promise<Set<number>> {
  if (others.length === 0) return new Set();
  const rows = await selectRows<{ id: string | number }>(
    db,
    sql`select case when blocker_id = ${viewer} then blocked_id else blocker_id end as id
      from ${userBlocks}
      where (blocker_id = ${viewer} and blocked_id = any(${int8Array(others)}))
         or (blocked_id = ${viewer} and blocker_id = any(${int8Array(others)}))`,
  );
  return new Set(rows.map((row) => Number(row.id)));
}

/**
 * Blocks `blockedId` for `blockerId` and ends every follow between them, both ways (the
 * follower counts move by trigger). Blocking twice is a no-op.
 */
export async function insertBlock(db: Executor, blockerId: number, blockedId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(userBlocks).values({ blockerId, blockedId }).onConflictDoNothing();
    await tx
      .delete(userFollows)
      .where(
        or(
          and(eq(userFollows.followerId, blockerId), eq(userFollows.followeeId, blockedId)),
          and(eq(userFollows.followerId, blockedId), eq(userFollows.followeeId, blockerId)),
        ),
      );
  });
}

/** Lifts a block; unblocking someone not blocked is a no-op. Follows ended by it stay ended. */
export async function deleteBlock(db: Executor, blockerId: number, blockedId: number): Promise<void> {
  await db
    .delete(userBlocks)
    .where(and(eq(userBlocks.blockerId, blockerId), eq(userBlocks.blockedId, blockedId)));
}
