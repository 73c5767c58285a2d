/**
 * PGlite in a worker thread. PGlite runs its WebAssembly on the thread that calls it; in the
 * server's own thread it took one core for both the engine and HTTP. `PgliteThread` is the
 * main-thread stand-in for the PGlite client: it implements what Drizzle's PGlite session and
 * our code call (`query`, `exec`, `transaction`, `waitReady`, `dumpDataDir`, `close`) by
 * messages to pglite-worker.ts, which owns the instance. PGlite's own `PGliteWorker` needs Web
 * Locks, which Node does not have.
 *
 * Errors arrive with the fields PGlite gave them (code, constraint, detail, …). If the worker
 * dies, every pending and later call fails with the reason, and `onCrash` is told once.
 */
import { Worker } from 'node:worker_threads';
import type { QueryOptions, Results } from '@electric-sql/pglite';
import {
  deserializeError,
  type WorkerInit,
  type WorkerQueryOptions,
  type WorkerReply,
  type WorkerRequest,
} from './pglite-protocol.ts';

type Request = WorkerRequest extends infer R ? (R extends unknown ? Omit<R, 'seq'> : never) : never;

export interface PgliteThreadOptions extends WorkerInit {
  /** Told once if the worker dies without being closed. */
  onCrash?: (error: Error) => void;
}

/** What a transaction callback receives, like PGlite's `Transaction`. */
export interface ThreadTransaction {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(sql: string, options?: QueryOptions): Promise<Results[]>;
  rollback(): Promise<void>;
  readonly closed: boolean;
}

/** The worker's entry: registers tsx, then loads pglite-worker.ts. */
const WORKER_ENTRY = new URL('./pglite-worker-entry.mjs', import.meta.url);

export class PgliteThread {
  readonly waitReady: Promise<void>;
  readonly #worker: Worker;
  readonly #pending = new Map<
    number,
    { resolve: (value: unknown) => void; reject: (error: Error) => void }
  >();
  #seq = 0;
  #transactions = 0;
  #dead: Error | null = null;
  #closing = false;

  constructor(options: PgliteThreadOptions = {}) {
    const { onCrash, ...init } = options;
    this.#worker = new Worker(WORKER_ENTRY, { workerData: init satisfies WorkerInit });
    this.#worker.on('message', (reply: WorkerReply) => {
      const pending = this.#pending.get(reply.seq);
      if (!pending) return;
      this.#pending.delete(reply.seq);
      if (this.#pending.size === 0) this.#worker.unref();
      if (reply.ok) pending.resolve(reply.value);
      else pending.reject(deserializeError(reply.error));
    });
    const die = (error: Error) => {
      if (this.#dead) return;
      this.#dead = error;
      for (const pending of this.#pending.values()) pending.reject(error);
      this.#pending.clear();
      if (!this.#closing) onCrash?.(error);
    };
    this.#worker.on('error', (error) =>
      die(new Error(`The PGlite worker failed: ${error.message}`, { cause: error })),
    );
    this.#worker.on('exit', (code) =>
      die(new Error(this.#closing ? 'The database is closed' : `The PGlite worker exited with code ${code}`)),
    );
    this.waitReady = this.#call({ op: 'ready' }).then(() => undefined);
  }

  /** The worker thread itself (a test ends it to see a crash handled). */
  get worker(): Worker {
    return this.#worker;
  }

  #call(request: Request): Promise<unknown> {
    if (this.#dead) return Promise.reject(this.#dead);
    const seq = ++this.#seq;
    return new Promise((resolve, reject) => {
      // The worker keeps the process alive only while a call waits on it: a CLI that ends
      // without closing the database (an error) still exits.
      if (this.#pending.size === 0) this.#worker.ref();
      this.#pending.set(seq, { resolve, reject });
      this.#worker.postMessage({ ...request, seq });
    });
  }

  query<T>(sql: string, params: unknown[] = [], options?: QueryOptions, tx?: number): Promise<Results<T>> {
    return this.#call({ op: 'query', tx, sql, params, options: portable(options) }) as Promise<Results<T>>;
  }

  exec(sql: string, options?: QueryOptions, tx?: number): Promise<Results[]> {
    return this.#call({ op: 'exec', tx, sql, options: portable(options) }) as Promise<Results[]>;
  }

  /**
   * Runs `callback` in a transaction: committed when it returns, rolled back when it throws.
   * While it is open the worker runs nothing else (PGlite's transaction mutex).
   */
  async transaction<T>(callback: (tx: ThreadTransaction) => Promise<T>): Promise<T> {
    const id = ++this.#transactions;
    await this.#call({ op: 'begin', id });
    let closed = false;
    const open = () => {
      if (closed) throw new Error('Transaction is closed');
    };
    const tx: ThreadTransaction = {
      query: async (sql, params, options) => (open(), this.query(sql, params, options, id)),
      exec: async (sql, options) => (open(), this.exec(sql, options, id)),
      rollback: async () => {
        open();
        closed = true;
        await this.#call({ op: 'end', tx: id, commit: false });
      },
      get closed() {
        return closed;
      },
    };
    let result: T;
    try {
      result = await callback(tx);
    } catch (error) {
      if (!closed) {
        closed = true;
        await this.#call({ op: 'end', tx: id, commit: false }).catch(() => {});
      }
      throw error;
    }
    if (!closed) {
      closed = true;
      await this.#call({ op: 'end', tx: id, commit: true });
    }
    return result;
  }

  async dumpDataDir(compression: 'none' | 'gzip' | 'auto' = 'auto'): Promise<Blob> {
    const bytes = (await this.#call({ op: 'dump', compression })) as Uint8Array;
    return new Blob([bytes]);
  }

  /** Closes PGlite (flushing its data directory) and ends the worker. */
  async close(): Promise<void> {
    if (this.#dead) return;
    try {
      await this.#call({ op: 'close' });
    } finally {
      this.#closing = true;
      await this.#worker.terminate();
    }
  }
}

/** The options of a query as they can cross to the worker (see `WorkerQueryOptions`). */
function portable(options: QueryOptions | undefined): WorkerQueryOptions | undefined {
  if (!options) return undefined;
  const rawTypes = options.parsers ? Object.keys(options.parsers).map(Number) : undefined;
  return { rowMode: options.rowMode, rawTypes };
}
