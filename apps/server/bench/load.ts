import autocannon from 'autocannon';
import type { Cleanup } from './cleanup.ts';
import { cpuPerRequest, type CpuMeter, type CpuPerRequest } from './process-cpu.ts';

export const CONNECTIONS = 50;
const WARMUP_SECONDS = 3;
/** Failed answers kept per run, to say what failed (a 4xx/5xx under load is usually a server bug). */
const FAILURE_SAMPLES = 3;

/** The warm-up never outlasts the measured run (a quick `--duration 1` check stays quick). */
export function warmupSeconds(durationSeconds: number): number {
  return Math.min(WARMUP_SECONDS, durationSeconds);
}

/** One request of a signed-in connection: what to send, and what to do with its answer. */
export interface Call {
  /** What kind of call it is, for the per-kind counts of the mixed scenario (e.g. `save`). */
  kind: string;
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  headers: Record<string, string>;
  body?: string;
  /** Sees every 2xx answer; returns a problem when it is not what it should be. */
  check?: (status: number, body: string) => string | null;
  /** Called on every answer, whatever its status. */
  answered?: () => void;
}

export interface Endpoint {
  /** Stable name the targets refer to: hello, feed, pin, home, closeup, mixed50, ... */
  key: string;
  /** What the table shows, e.g. `GET /v3/pins/{id}/`. */
  label: string;
  /** Fixed paths, for visitors; each connection cycles through them. */
  paths?: string[];
  /**
   * Signed-in loads: for each connection (numbered from 0), a source of its next call. Each
   * connection has its own person's cookie and its own random ids.
   */
  calls?: (connection: number) => () => Call;
  accept?: string;
  /** Concurrent connections; CONNECTIONS unless stated. */
  connections?: number;
}

/** Calls of one kind in a measured run. */
export interface KindCount {
  count: number;
  /** Non-2xx answers, and 2xx answers whose check found a problem. */
  failed: number;
}

export interface LoadResult {
  endpoint: Endpoint;
  /** Average of the per-second request counts, as autocannon reports it. */
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  /** Connection errors and timeouts, plus 2xx answers whose check found a problem. */
  errors: number;
  total: number;
  /** Signed-in loads: the calls by kind. */
  kinds?: Map<string, KindCount>;
  /** A few failed answers, as `status method path: body`. */
  failures: string[];
  /** CPU per request of the server and its database backends over the measured run (Linux). */
  cpu?: CpuPerRequest | null;
}

/** Counts a measured run's answers by kind and keeps a few failures. */
class Tally {
  readonly kinds = new Map<string, KindCount>();
  readonly failures: string[] = [];
  badAnswers = 0;

  record(call: Call, status: number, body: string): void {
    const entry = this.kinds.get(call.kind) ?? { count: 0, failed: 0 };
    this.kinds.set(call.kind, entry);
    entry.count += 1;
    call.answered?.();
    const ok = status >= 200 && status <= 299;
    const problem = ok ? (call.check?.(status, body) ?? null) : `${body.slice(0, 200)}`;
    if (problem === null) return;
    entry.failed += 1;
    if (ok) this.badAnswers += 1;
    if (this.failures.length < FAILURE_SAMPLES) {
      this.failures.push(`${status} ${call.method} ${call.path}: ${problem}`);
    }
  }
}

/** Loads one endpoint: a warm-up whose figures are dropped, then the measured run. */
export async function measureEndpoint(
  baseUrl: string,
  endpoint: Endpoint,
  durationSeconds: number,
  cleanup: Cleanup,
  warmup = warmupSeconds(durationSeconds),
  meter?: CpuMeter,
): Promise<LoadResult> {
  if (warmup > 0) await runAutocannon(baseUrl, endpoint, warmup, cleanup, new Tally());
  const tally = new Tally();
  const before = meter?.sample();
  const result = await runAutocannon(baseUrl, endpoint, durationSeconds, cleanup, tally);
  const after = meter?.sample();
  return {
    endpoint,
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + tally.badAnswers,
    total: result.requests.total,
    ...(endpoint.calls ? { kinds: tally.kinds } : {}),
    failures: tally.failures,
    ...(before && after ? { cpu: cpuPerRequest(before, after, result.requests.total) } : {}),
  };
}

/** Per connection: its own call source; each request is built from the next call. */
function signedInClients(endpoint: Endpoint, tally: Tally): Pick<autocannon.Options, 'setupClient'> {
  const calls = endpoint.calls;
  if (!calls) return {};
  let connections = 0;
  return {
    setupClient(client) {
      const next = calls(connections++);
      let current: Call | undefined;
      client.setRequests([
        {
          setupRequest: (request) => {
            current = next();
            const built: autocannon.Request = {
              ...request,
              method: current.method,
              path: current.path,
              headers: current.headers,
            };
            if (current.body !== undefined) built.body = current.body;
            return built;
          },
          onResponse: (status, body) => {
            if (current) tally.record(current, status, body);
          },
        },
      ]);
    },
  };
}

async function runAutocannon(
  baseUrl: string,
  endpoint: Endpoint,
  seconds: number,
  cleanup: Cleanup,
  tally: Tally,
): Promise<autocannon.Result> {
  const headers = endpoint.accept ? { accept: endpoint.accept } : {};
  let forget: (runIt?: boolean) => Promise<void> = async () => {};
  try {
    return await new Promise<autocannon.Result>((resolve, reject) => {
      const instance = autocannon(
        {
          url: baseUrl,
          connections: endpoint.connections ?? CONNECTIONS,
          pipelining: 1,
          duration: seconds,
          requests: (endpoint.paths ?? ['/']).map((path) => ({ method: 'GET' as const, path, headers })),
          ...signedInClients(endpoint, tally),
        },
        (error, result) => (error ? reject(error as Error) : resolve(result)),
      );
      // So a Ctrl-C does not leave 50 sockets hammering a server that is shutting down.
      forget = cleanup.add('stop autocannon', () => instance.stop());
    });
  } finally {
    await forget(false);
  }
}
