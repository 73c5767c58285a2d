/**
 * The worker-thread side of `PgliteThread` (pglite-thread.ts): owns the PGlite instance and
 * answers the main thread's messages, so PGlite's WebAssembly runs on a core of its own instead
 * of sharing the HTTP thread's. Requests are handled concurrently; PGlite's own mutexes keep a
 * transaction exclusive (a query sent while one is open waits for its end).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import {
  serializeError,
  type WorkerInit,
  type WorkerQueryOptions,
  type WorkerReply,
  type WorkerRequest,
} from './pglite-protocol.ts';

const port = parentPort!;
const init = workerData as WorkerInit;
const extensions = { pg_trgm };

const client = init.dump
  ? new PGlite({ loadDataDir: new Blob([init.dump]), extensions })
  : init.dataDir
    ? new PGlite(init.dataDir, { extensions })
    : new PGlite({ extensions });

/** Open transactions by id: the handle, and how to end it (true commits). */
const transactions = new Map<
  number,
  { tx: Transaction; end: (commit: boolean) => void; done: Promise<void> }
>();

const identity = (value: unknown) => value;

/** The query options PGlite takes, from the ones that crossed the thread boundary. */
function queryOptions(options: WorkerQueryOptions | undefined) {
  if (!options) return undefined;
  const parsers = options.rawTypes
    ? Object.fromEntries(options.rawTypes.map((oid) => [oid, identity]))
    : undefined;
  return { rowMode: options.rowMode, parsers };
}

function executor(txId: number | undefined) {
  if (txId === undefined) return client;
  const open = transactions.get(txId);
  if (!open) throw new Error('Transaction is closed');
  return open.tx;
}

async function handle(request: WorkerRequest): Promise<unknown> {
  switch (request.op) {
    case 'ready':
      await client.waitReady;
      return null;
    case 'query': {
      const result = await executor(request.tx).query(
        request.sql,
        request.params,
        queryOptions(request.options),
      );
      return { rows: result.rows, fields: result.fields, affectedRows: result.affectedRows };
    }
    case 'exec': {
      const results = await executor(request.tx).exec(request.sql, queryOptions(request.options));
      return results.map((r) => ({ rows: r.rows, fields: r.fields, affectedRows: r.affectedRows }));
    }
    case 'begin':
      return begin(request.id);
    case 'end': {
      const open = transactions.get(request.tx);
      if (!open) return null;
      open.end(request.commit);
      await open.done;
      return null;
    }
    case 'dump': {
      const blob = await client.dumpDataDir(request.compression);
      return new Uint8Array(await blob.arrayBuffer());
    }
    case 'close':
      await client.close();
      return null;
  }
}

/** Opens a transaction and answers once it has begun; it stays open until its 'end'. */
function begin(id: number): Promise<number> {
  return new Promise((resolve, reject) => {
    let end!: (commit: boolean) => void;
    const decided = new Promise<boolean>((r) => (end = r));
    const done = client
      .transaction(async (tx) => {
        transactions.set(id, { tx, end, done });
        resolve(id);
        // A rollback is an error thrown out of the callback: PGlite rolls back and rethrows.
        if (!(await decided)) throw ROLLBACK;
      })
      .catch((error: unknown) => {
        if (error === ROLLBACK) return;
        // Failing before the callback ran (BEGIN) fails the 'begin'; after, a failed COMMIT
        // reaches the 'end' request through `done`.
        if (!transactions.has(id)) reject(error);
        else throw error;
      })
      .finally(() => transactions.delete(id));
  });
}
const ROLLBACK = Symbol('rollback');

port.on('message', (request: WorkerRequest) => {
  handle(request).then(
    (value) => port.postMessage({ seq: request.seq, ok: true, value } satisfies WorkerReply),
    (error: unknown) =>
      port.postMessage({ seq: request.seq, ok: false, error: serializeError(error) } satisfies WorkerReply),
  );
});
