import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { pins } from '../db/schema/pins.ts';

/** Rows per INSERT: about 15 parameters a pin, well under PostgreSQL's 65,535 per statement. */
const PINS_PER_INSERT = 1_000;

export interface InsertedPin {
  id: number;
  pinnerId: number;
}

/**
 * Inserts many pins in one transaction without the per-pin triggers that keep counts and the
 * search vocabulary (migration 0011), then brings those up to date with one set-based statement
 * each, exactly as the triggers would have: the pins' boards (pin count, last pinned), sections,
 * pinners, pinners per board, the pins they were saved from (repin count), and the vocabulary's terms.
 *
 * Why: per pin, the count trigger updates the same few board and user rows. Inside one long
 * transaction none of their old versions can be pruned, so each lookup of such a row walks all
 * of them, and 100,000 pins took ever longer per pin (decision 29).
 *
 * `tx` must be a transaction: the setting that turns the triggers off is transaction-local, and
 * a failure must leave neither pins nor counts behind.
 */
export async function insertPinsInBulk(
  tx: Executor,
  values: (typeof pins.$inferInsert)[],
  onProgress?: (inserted: number) => void,
): Promise<InsertedPin[]> {
  await tx.execute(sql`select set_config('pinboard.bulk_load', 'on', true)`);
  const rows: InsertedPin[] = [];
  for (let start = 0; start < values.length; start += PINS_PER_INSERT) {
    rows.push(
      ...(await tx
        .insert(pins)
        .values(values.slice(start, start + PINS_PER_INSERT))
        .returning({ id: pins.id, pinnerId: pins.pinnerId })),
    );
    onProgress?.(rows.length);
  }
  if (rows.length > 0) await countBulkPins(tx, rows);
  await tx.execute(sql`select set_config('pinboard.bulk_load', 'off', true)`);
  return rows;
}

/**
 * What the skipped triggers would have added, for the given pins. Runs while the bulk-load setting
 * is still on, so the repin-count update does not fire the vocabulary's update trigger.
 */
async function countBulkPins(tx: Executor, rows: InsertedPin[]): Promise<void> {
  // One array parameter: the ids of this load only, whatever else is in the table.
  const ids = sql`(select unnest(${`{${rows.map((row) => row.id).join(',')}}`}::bigint[]))`;
  // Board and section pin counts count the pins of active accounts (migration 0014).
  const pinnerActive = sql`exists (select 1 from users a where a.id = pins.pinner_id and a.status = 'active')`;
  await tx.execute(sql`
    update boards b set pin_count = b.pin_count + c.n, last_pinned_to_at = greatest(b.last_pinned_to_at, c.last_at)
    from (select board_id, count(*) filter (where ${pinnerActive})::int as n, max(created_at) as last_at
          from pins where id in ${ids} group by board_id) c
    where b.id = c.board_id`);
  await tx.execute(sql`
    update board_sections s set pin_count = s.pin_count + c.n
    from (select section_id, count(*)::int as n from pins
          where id in ${ids} and section_id is not null and ${pinnerActive} group by section_id) c
    where s.id = c.section_id`);
  await tx.execute(sql`
    update users u set pin_count = u.pin_count + c.n
    from (select pinner_id, count(*)::int as n from pins where id in ${ids} group by pinner_id) c
    where u.id = c.pinner_id`);
  await tx.execute(sql`
    insert into board_pinner_counts as bpc (pinner_id, board_id, pin_count)
      select pinner_id, board_id, count(*)::int from pins where id in ${ids}
      group by pinner_id, board_id order by pinner_id, board_id
    on conflict (pinner_id, board_id) do update set pin_count = bpc.pin_count + excluded.pin_count`);
  await tx.execute(sql`
    update pins p set repin_count = p.repin_count + c.n
    from (select via_pin_id, count(*)::int as n from pins
          where id in ${ids} and via_pin_id is not null group by via_pin_id) c
    where p.id = c.via_pin_id`);
  await tx.execute(sql`
    insert into search_terms as st (term, pin_count)
      select term, count(*) from pins p
      join boards b on b.id = p.board_id and b.privacy = 'public'
      cross join lateral pin_search_terms(p.title, p.description, p.hashtags) as term
      where p.id in ${ids}
      group by term order by term
    on conflict (term, shard) do update set pin_count = st.pin_count + excluded.pin_count`);
}
