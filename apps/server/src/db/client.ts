import { existsSync } from 'node:fs';
import { readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { PgliteThread } from './pglite-thread.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** The one database type the app sees, whichever engine is underneath. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle; repositories accept either this or the database. */
export type Executor = Database | Parameters<Parameters<Database['transaction']>[0]>[0];

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** A PostgreSQL URL; when absent, PGlite is used. */
  databaseUrl?: string | undefined;
  /** PGlite data directory; undefined means in memory. */
  pgliteDir?: string | undefined;
  /** An in-memory PGlite starts from this dump (`dumpDataDir`) instead of an empty cluster. */
  pgliteDump?: Blob;
  /**
   * Runs PGlite in a worker thread (pglite-thread.ts) so that its engine has a core of its own.
   * The default for a data directory (the server, the CLIs, the bench); in memory (the tests'
   * many small databases) it stays in this thread unless asked.
   */
  pgliteThread?: boolean;
  /** Pool size for PostgreSQL. */
  maxConnections?: number;
  /**
   * Told when the database connection dies: an idle PostgreSQL connection (server restart,
   * admin kill), or PGlite's worker thread (its queries then fail with the reason).
   */
  onConnectionError?: (error: Error) => void;
}

/**
 * PGlite's session: joins planned in the order they are written. Drizzle's PGlite driver sends every
 * statement unnamed, so PGlite plans each run again where PostgreSQL keeps a prepared statement's
 * generic plan (decision 15); the pin answers' joins (nine relations and their subqueries) took
 * 35-40 ms to plan for 2 ms of execution. In the written order (the driving relation first, as
 * the statements are written for PostgreSQL past its own limit of eight) planning takes about 3.
 */
const PGLITE_SESSION = 'set join_collapse_limit = 1';

/** Opens PGlite (in a directory or in memory) or a PostgreSQL pool. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.maxConnections ?? 10,
      idleTimeoutMillis: 0,
    });
    // Without a listener an idle connection's death would crash the process; the pool simply
    // opens a new connection on next use.
    pool.on('error', options.onConnectionError ?? (() => {}));
    // Fail fast with a clear error instead of on the first request.
    const client = await pool.connect();
    client.release();
    return {
      db: drizzlePg(pool, { schema }) as unknown as Database,
      kind: 'postgres',
      close: () => pool.end(),
    };
  }
  const dir = options.pgliteDir ? path.resolve(options.pgliteDir) : undefined;
  if (options.pgliteThread ?? dir !== undefined) {
    const onCrash = options.onConnectionError;
    const dump = options.pgliteDump && new Uint8Array(await options.pgliteDump.arrayBuffer());
    const client = dir
      ? await openPgliteDir(dir, (dataDir) => new PgliteThread({ dataDir, onCrash }))
      : new PgliteThread({ dump, onCrash });
    await client.waitReady;
    await client.exec(PGLITE_SESSION);
    return {
      db: drizzlePglite(client as unknown as PGlite, { schema }) as unknown as Database,
      kind: 'pglite',
      close: () => client.close(),
    };
  }
  // pg_trgm (search's typo tolerance) is a PGlite extension loaded by the client; the migration
  // then creates it, on PGlite as on PostgreSQL. (The worker loads it too.)
  const extensions = { pg_trgm };
  const client = dir
    ? await openPgliteDir(dir, (d) => new PGlite(d, { extensions }))
    : new PGlite(options.pgliteDump ? { loadDataDir: options.pgliteDump, extensions } : { extensions });
  await client.waitReady;
  await client.exec(PGLITE_SESSION);
  return {
    db: drizzlePglite(client, { schema }) as unknown as Database,
    kind: 'pglite',
    close: () => client.close(),
  };
}

/**
 * PGlite in a data directory. A new cluster is made in a sibling `<dir>.init-<pid>` and renamed
 * into place once complete: a process killed while PGlite creates it (a few seconds on the first
 * start) would otherwise leave a half-made directory that no later start can open. Leftovers of
 * such a kill are removed; the caller holds the DATA_DIR lock, so none is another's work.
 */
async function openPgliteDir<C extends { waitReady: Promise<unknown>; close(): Promise<void> }>(
  dir: string,
  open: (dir: string) => C,
): Promise<C> {
  if (!existsSync(dir)) {
    const parent = path.dirname(dir);
    const prefix = `${path.basename(dir)}.init-`;
    for (const name of await readdir(parent).catch(() => [] as string[])) {
      if (name.startsWith(prefix)) await rm(path.join(parent, name), { recursive: true, force: true });
    }
    const staging = path.join(parent, `${prefix}${process.pid}`);
    const fresh = open(staging);
    await fresh.waitReady;
    await fresh.close();
    await rename(staging, dir);
  }
  return open(dir);
}
