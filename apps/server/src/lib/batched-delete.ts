import type { SQL } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { selectRows } from '../db/sql-helpers.ts';

/**
 * Runs `delete … where <key> in (select … limit <batch> for update skip locked) returning 1` until
 * a batch comes back short: short transactions, no long lock on a busy table, and instances
 * sweeping at once delete disjoint rows without waiting on each other. Answers how many went.
 */
export async function deleteInBatches(
  db: Database,
  batch: number,
  statement: (limit: number) => SQL,
): Promise<number> {
  let deleted = 0;
  for (;;) {
    const rows = await selectRows<unknown>(db, statement(batch));
    deleted += rows.length;
    if (rows.length < batch) return deleted;
  }
}
