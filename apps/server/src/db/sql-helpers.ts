import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from './client.ts';

/** An `int8[]` literal of ids, for `unnest(...) cross join lateral` queries over a page of rows. */
export function int8Array(ids: readonly number[]): SQL {
  for (const id of ids) {
    if (!Number.isSafeInteger(id)) throw new TypeError(`Not an id: ${id}`);
  }
  return sql.raw(`array[${ids.join(',')}]::int8[]`);
}

/** Runs raw SQL and returns its rows, typed (both drivers answer `{ rows }`). */
export async function selectRows<Row>(db: Executor, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}
