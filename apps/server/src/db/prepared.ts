import { sql } from 'drizzle-orm';
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
