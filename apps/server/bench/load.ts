import autocannon from 'autocannon';
import type { Cleanup } from './cleanup.ts';

export const CONNECTIONS = 50;
const WARMUP_SECONDS = 3;

/** The warm-up never outlasts the measured run (a quick `--duration 1` check stays quick). */
export function warmupSeconds(durationSeconds: number): number {
  return Math.min(WARMUP_SECONDS, durationSeconds);
}

export interface Endpoint {
  /** Stable name the targets refer to: hello, feed, pin, boardPins, userBoards. */
  key: string;
  /** What the table shows, e.g. `GET /v3/pins/{id}/`. */
  label: string;
  /** One or more paths; each connection cycles through them, so one cached row is not all we measure. */
  paths: string[];
  accept?: string;
  /** Concurrent connections; CONNECTIONS unless a latency target asks for a lighter load. */
  connections?: number;
}

export interface LoadResult {
  endpoint: Endpoint;
  /** Average of the per-second request counts, as autocannon reports it. */
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  /** Connection errors, timeouts included. */
  errors: number;
  total: number;
}

/** Loads one endpoint at CONNECTIONS connections: a warm-up whose figures are dropped, then the measured run. */
export async function measureEndpoint(
  baseUrl: string,
  endpoint: Endpoint,
  durationSeconds: number,
  cleanup: Cleanup,
): Promise<LoadResult> {
  await runAutocannon(baseUrl, endpoint, warmupSeconds(durationSeconds), cleanup);
  const result = await runAutocannon(baseUrl, endpoint, durationSeconds, cleanup);
  return {
    endpoint,
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    total: result.requests.total,
  };
}

async function runAutocannon(
  baseUrl: string,
  endpoint: Endpoint,
  seconds: number,
  cleanup: Cleanup,
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
          requests: endpoint.paths.map((path) => ({ method: 'GET' as const, path, headers })),
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
