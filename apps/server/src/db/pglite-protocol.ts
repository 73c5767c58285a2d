/** The messages between `PgliteThread` and its worker (pglite-worker.ts). */

export interface WorkerInit {
  /** A data directory; absent with `dump` or for in memory. */
  dataDir?: string | undefined;
  /** An in-memory cluster starts from this `dumpDataDir` tarball. */
  dump?: Uint8Array | undefined;
}

/**
 * Query options that can cross a thread: functions cannot, so a parser is sent as the type it
 * applies to, and only parsers that return the text unchanged are supported (Drizzle's only kind:
 * it keeps dates, intervals and numeric arrays as PostgreSQL's text).
 */
export interface WorkerQueryOptions {
  rowMode?: 'array' | 'object' | undefined;
  rawTypes?: number[] | undefined;
}

export type WorkerRequest = { seq: number } & (
  | { op: 'ready' }
  | {
      op: 'query';
      tx?: number | undefined;
      sql: string;
      params: unknown[];
      options?: WorkerQueryOptions | undefined;
    }
  | { op: 'exec'; tx?: number | undefined; sql: string; options?: WorkerQueryOptions | undefined }
  | { op: 'begin'; id: number }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'dump'; compression: 'none' | 'gzip' | 'auto' }
  | { op: 'close' }
);

export type WorkerReply =
  { seq: number; ok: true; value: unknown } | { seq: number; ok: false; error: SerializedError };

export interface SerializedError {
  name: string;
  message: string;
  stack?: string | undefined;
  /** The error's own fields that survive a copy (PostgreSQL's code, constraint, detail, …). */
  fields: Record<string, unknown>;
}

/** An error as plain data: structured cloning keeps an Error's message but not its fields. */
export function serializeError(error: unknown): SerializedError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error), fields: {} };
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(error)) {
    // PGlite adds the query's options (parsers: functions) and params; only plain values cross.
    if (key === 'queryOptions') continue;
    if (value === null || ['string', 'number', 'boolean', 'bigint', 'undefined'].includes(typeof value))
      fields[key] = value;
    else if (key === 'params' && Array.isArray(value))
      fields[key] = value.map((v) =>
        typeof v === 'object' && v !== null && !(v instanceof Date) ? String(v) : v,
      );
  }
  return { name: error.name, message: error.message, stack: error.stack, fields };
}

/** The error back in the main thread, with the same fields as the worker's. */
export function deserializeError(serialized: SerializedError): Error {
  const error = new Error(serialized.message);
  error.name = serialized.name;
  Object.assign(error, serialized.fields);
  if (serialized.stack) error.stack = serialized.stack;
  return error;
}
