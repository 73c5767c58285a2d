import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { runEvery, type Background } from '../../lib/background.ts';
import { deleteInBatches } from '../../lib/batched-delete.ts';
import { AD_CHARGE_KINDS, adTokenUses, type AdEventKind } from '../../db/schema/ad-delivery.ts';
import { AD_TOKEN_TTL_SECONDS, CONVERSION_WINDOW_SECONDS } from './ad-token.ts';

/*
 * Pruning the ad tokens' uses (decision 56): a use only matters while its token could be shown
 * again (a replay is refused by the row), and a card's token counts nothing after
 * AD_TOKEN_TTL_SECONDS. A click's use also admits its view's conversion, and a conversion's
 * refuses its replay, while the landing token may convert (CONVERSION_WINDOW_SECONDS, decision
 * 69). So a use older than its kind's life, plus a margin for instances' clocks, is deleted, the
 * way notifications retention deletes old notifications (hourly, batches, `for update skip locked`).
 */

/** How long a use of each kind matters, from the card's serving (its use comes after). */
export const AD_TOKEN_USE_LIFE_SECONDS: Record<AdEventKind, number> = {
  impression: AD_TOKEN_TTL_SECONDS,
  click: CONVERSION_WINDOW_SECONDS,
  conversion: CONVERSION_WINDOW_SECONDS,
};

/** Added to the token's life before a use goes: instances' clocks may differ by this much. */
export const AD_TOKEN_USE_MARGIN_SECONDS = 600;
/** How often each instance sweeps; the first sweep is one period after the start. */
export const AD_TOKEN_USES_SWEEP_EVERY_MS = 3_600_000;
/** Rows deleted per statement: short transactions, no long lock on a busy table. */
const BATCH = 5_000;

/**
 * The sweep's cutoff for a kind at `now`: a use before it belongs to a token that can no longer
 * count (or, for a click, convert).
 */
export const adTokenUsesCutoff = (kind: AdEventKind, now = new Date()) =>
  new Date(now.getTime() - (AD_TOKEN_USE_LIFE_SECONDS[kind] + AD_TOKEN_USE_MARGIN_SECONDS) * 1000);

/**
 * Deletes the uses of `kind` made before `cutoff`, a batch at a time
 * (`ad_token_uses_kind_used_at_idx`). Each batch claims its rows with `for update skip locked`, so
 * instances sweeping at once delete disjoint rows and never wait on each other. Answers how many
 * went.
 */
export async function deleteAdTokenUsesBefore(
  db: Database,
  kind: AdEventKind,
  cutoff: Date,
): Promise<number> {
  return deleteInBatches(
    db,
    BATCH,
    (limit) => sql`
      delete from ${adTokenUses} where (nonce, kind) in (
        select nonce, kind from ${adTokenUses}
        where kind = ${kind} and used_at < ${cutoff.toISOString()}::timestamptz
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
  return runEvery(deps.background, 'ad-token-uses-retention', everyMs, async () => {
    let deleted = 0;
    for (const kind of AD_CHARGE_KINDS)
      deleted += await deleteAdTokenUsesBefore(deps.db, kind, adTokenUsesCutoff(kind));
    return deleted;
  });
}
