import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Executor } from './client.ts';

/**
 * A query built once per database handle and run with parameters (decision 15): no SQL text
 * rebuilt per request, and on PostgreSQL a named statement each connection plans once
 * (planning these joins costs more than running them). `build` calls `.prepare(name)` on a
 * query whose variable parts are `sql.placeholder(…)`s; the name must be unique in the server.
 */
export function preparedPerDatabase<Prepared>(build: (db: Executor) => Prepared): (db: Executor) => Prepared {
  const byDatabase = new WeakMap<Executor, Prepared>();
  return (db) => {
    let prepared = byDatabase.get(db);
    if (!prepared) byDatabase.set(db, (prepared = build(db)));
    return prepared;
  };
}

/**
 * A prepared statement's `limit` written into its SQL text. Drizzle sends a number as a
 * parameter, and for `limit $n` PostgreSQL prices the generic plan as if a tenth of the rows
 * were read, so it never keeps that plan and plans every run again. (Drizzle writes an SQL
 * object in place of the number; the cast is for its type.)
 */
export function literalLimit(limit: number): number {
  if (!Number.isSafeInteger(limit) || limit < 0) throw new RangeError(`Not a limit: ${limit}`);
  return sql.raw(String(limit)) as unknown as number;
}

/**
 * A prepared statement's parameter read through a scalar subquery, `(select $n::int8)`, which
 * planning does not look into (decision 39). Where a plan made for the values is priced below the
 * generic plan — a viewer who owns or collaborates on nothing, an array whose length the planner
 * sees — PostgreSQL would plan every run again; through the subquery every plan is priced alike
 * and the generic one is kept. Typed as a placeholder, so that it goes where one goes (a
 * `ViewerIdParam`).
 */
export function opaqueParam(name: string, type: 'int8' | 'int8[]' | 'text[]'): Placeholder {
  // Cast again outside: `= any((select …))` would be read as the subquery form of `any`.
  return sql`((select ${sql.placeholder(name)}::${sql.raw(type)})::${sql.raw(type)})` as unknown as Placeholder;
}

/**
 * A raw SQL select (`query`, its variable parts `sql.placeholder(…)`s) as a named statement
 * answering rows of `columns`, as `selectRows` answers them unprepared: for a statement written
 * as SQL rather than with the query builder. The columns are read from it as a subquery.
 */
export function preparedRows<Column extends string>(name: string, columns: readonly Column[], query: SQL) {
  const fields = Object.fromEntries(columns.map((column) => [column, sql.raw(`s.${column}`)])) as Record<
    Column,
    SQL
  >;
  return preparedPerDatabase((db) =>
    db
      .select(fields)
      .from(sql`(${query}) as s`)
      .prepare(name),
  );
}
