import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { runEvery, type Background } from '../../lib/background.ts';
import { deleteInBatches } from '../../lib/batched-delete.ts';
import { adTokenUses } from '../../db/schema/ad-delivery.ts';
import { AD_TOKEN_TTL_SECONDS } from './ad-token.ts';

/*
 * Pruning the ad tokens' uses (decision 56): a use only matters while its token could be shown
 * again (a replay is refused by the row), and a token counts nothing after AD_TOKEN_TTL_SECONDS.
 * So a use older than the token's life, plus a margin for instances' clocks, is deleted, the way
 * notifications retention deletes old notifications (hourly, batches, `for update skip locked`).
 */

/** Added to the token's life before a use goes: instances' clocks may differ by this much. */
export const AD_TOKEN_USE_MARGIN_SECONDS = 600;
/** How often each instance sweeps; the first sweep is one period after the start. */
export const AD_TOKEN_USES_SWEEP_EVERY_MS = 3_600_000;
/** Rows deleted per statement: short transactions, no long lock on a busy table. */
const BATCH = 5_000;

/** The sweep's cutoff at `now`: a use before it belongs to a token that can no longer count. */
export const adTokenUsesCutoff = (now = new Date()) =>
  new Date(now.getTime() - (AD_TOKEN_TTL_SECONDS + AD_TOKEN_USE_MARGIN_SECONDS) * 1000);

/**
 * Deletes the uses made before `cutoff`, a batch at a time (`ad_token_uses_used_at_idx`). Each
 * batch claims its rows with `for update skip locked`, so instances sweeping at once delete
 * disjoint rows and never wait on each other. Answers how many went.
 */
export async function deleteAdTokenUsesBefore(db: Database, cutoff: Date): Promise<number> {
  return deleteInBatches(
    db,
    BATCH,
    (limit) => sql`
      delete from ${adTokenUses} where (nonce, kind) in (
        select nonce, kind from ${adTokenUses}
        where used_at < ${cutoff.toISOString()}::timestamptz
        order by used_at
        limit ${limit}
        for update skip locked
      )
      returning nonce`,
  );
}

/**
 * Sweeps every `everyMs` (0: never) in the app's background tasks, one sweep at a time per
 * instance. Answers a function that stops it.
 */
export function startAdTokenUsesRetention(
  deps: { db: Database; background: Background },
  everyMs = AD_TOKEN_USES_SWEEP_EVERY_MS,
): () => void {
  return runEvery(deps.background, 'ad-token-uses-retention', everyMs, () =>
    deleteAdTokenUsesBefore(deps.db, adTokenUsesCutoff()),
  );
}
