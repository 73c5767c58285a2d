import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { runEvery, type Background } from '../../lib/background.ts';
import { deleteInBatches } from '../../lib/batched-delete.ts';
import { notifications } from '../../db/schema/notifications.ts';

/*
 * Notifications retention (decision 50): a notification seen and older than
 * NOTIFICATION_RETENTION_DAYS is deleted. Unseen ones stay, whatever their age: the unread count
 * and the list still owe them to their recipient. Groups are by UTC day (decision 50), so a whole
 * old day goes at once and no group is left showing fewer actors than it had when it was read.
 */

export const NOTIFICATION_RETENTION_DAYS = 180;
/** How often each instance sweeps; the first sweep is one period after the start. */
export const NOTIFICATION_SWEEP_EVERY_MS = 3_600_000;
/** Rows deleted per statement: short transactions, no long lock on a busy table. */
const BATCH = 1_000;
const DAY_MS = 86_400_000;

/**
 * Deletes the notifications seen and created before `cutoff`, a batch at a time. Each batch
 * claims its rows with `for update skip locked`, so instances sweeping at once delete disjoint
 * rows and never wait on each other (or on a request marking rows seen). Answers how many went.
 */
export async function deleteSeenNotificationsBefore(db: Database, cutoff: Date): Promise<number> {
  return deleteInBatches(
    db,
    BATCH,
    (limit) => sql`
      delete from ${notifications} where id in (
        select id from ${notifications}
        where created_at < ${cutoff.toISOString()}::timestamptz and seen_at is not null
        order by created_at
        limit ${limit}
        for update skip locked
      )
      returning id`,
  );
}

/** The sweep's cutoff at `now`. */
export const retentionCutoff = (now = new Date()) =>
  new Date(now.getTime() - NOTIFICATION_RETENTION_DAYS * DAY_MS);

/**
 * Sweeps every `everyMs` (0: never) in the app's background tasks, one sweep at a time per
 * instance. Answers a function that stops it.
 */
export function startNotificationRetention(
  deps: { db: Database; background: Background },
  everyMs = NOTIFICATION_SWEEP_EVERY_MS,
): () => void {
  return runEvery(deps.background, 'notification-retention', everyMs, () =>
    deleteSeenNotificationsBefore(deps.db, retentionCutoff()),
  );
}
