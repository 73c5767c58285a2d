import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { selectRows } from '../../db/sql-helpers.ts';
import { visiblePinJoins } from '../../policies/visibility.ts';

/**
 * Hashtags starting with `prefix` (lower case, no '#') on pins the viewer may see, the most
 * used first, with how many such pins carry each.
 */
export async function listHashtagsByPrefix(
  db: Executor,
  prefix: string,
  viewerId: number | null,
  limit: number,
): Promise<{ tag: string; pinCount: number }[]> {
  const rows = await selectRows<{ tag: string; pin_count: string | number }>(
    db,
    sql`
    select t.tag, count(*) as pin_count
    from pins
    cross join lateral unnest(pins.hashtags) as t(tag)
    ${visiblePinJoins(viewerId)}
    where starts_with(t.tag, ${prefix})
    group by t.tag
    order by count(*) desc, t.tag
    limit ${limit}`,
  );
  return rows.map((row) => ({ tag: row.tag, pinCount: Number(row.pin_count) }));
}
