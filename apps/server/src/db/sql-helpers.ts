import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from './client.ts';

/** An `int8[]` literal of ids, for `unnest(...) cross join lateral` queries over a page of rows. */
export function int8Array(ids: readonly number[]): SQL {
  for (const id of ids) {
    if (!Number.isSafeInteger(id)) throw new TypeError(`Not an id: ${id}`);
  }
  return sql.raw(`array[${ids.join(',')}]::int8[]`);
}

/** A non-empty `text[]` of bound parameters. */
export function textArray(values: readonly string[]): SQL {
  return sql`array[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]::text[]`;
}

/** Runs raw SQL and returns its rows, typed (both drivers answer `{ rows }`). */
export async function selectRows<Row>(db: Executor, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

/** The constraint a unique violation (SQLSTATE 23505) broke, through Drizzle's error wrapping. */
export function uniqueViolation(error: unknown): string | null {
  for (let e = error as { code?: unknown; constraint?: unknown; cause?: unknown } | undefined; e;) {
    if (e.code === '23505') return typeof e.constraint === 'string' ? e.constraint : '';
    e = e.cause as typeof e;
  }
  return null;
}
