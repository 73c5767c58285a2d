import { ENDPOINT_COUNT, HELLO_ENDPOINT, READY_PROBES, discoverEndpoints } from './endpoints.ts';
import type { Cleanup } from './cleanup.ts';
import { measureOtherWork } from './machine.ts';
import { measureEndpoint, type Endpoint, type LoadResult } from './load.ts';
import type { EngineReport } from './report.ts';
import {
  ServerFailedError,
  describeExit,
  findFreePort,
  spawnServer,
  waitUntilServing,
  type ChildServer,
  type ReadyProbe,
} from './server-process.ts';
import { checkTargets, formatSeconds, type EngineKind } from './targets.ts';

export const SERVER_SCRIPT = 'apps/server/src/main.ts';
const HELLO_SCRIPT = 'apps/server/bench/hello-server.ts';
/** Well past the 60 s target, so a slow first start is reported as missed rather than as broken. */
const FIRST_START_TIMEOUT_MS = 300_000;
const LATER_START_TIMEOUT_MS = 120_000;

export interface EngineSetup {
  kind: EngineKind;
  title: string;
  repoRoot: string;
  /** Temp directory for media (both engines) and the PGlite files. */
  dataDir: string;
  /** Set for PostgreSQL: a fresh, empty database. */
  databaseUrl?: string;
  durationSeconds: number;
  /** When set, the loaded server runs under `node --cpu-prof` and writes its profile here. */
  cpuProfDir?: string;
}

/**
 * The server's environment: what `npm start` would run, quieter, on our port and data. Settings
 * from the caller's shell that would change what is measured (Redis, a seed switch) are dropped.
 */
export function serverEnv(setup: EngineSetup, port: number): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: setup.dataDir,
    LOG_LEVEL: 'warn',
    SEED_PINS: '600',
  };
  for (const name of ['DATABASE_URL', 'REDIS_URL', 'SEED_DEMO', 'SEED_NUMBER', 'PUBLIC_URL', 'NODE_ENV'])
    delete env[name];
  if (setup.databaseUrl) env.DATABASE_URL = setup.databaseUrl;
  return env;
}

/** Spawns a server, registers its stop with the cleanup, and waits until it serves. */
export async function startServer(
  label: string,
  options: {
    script: string;
    repoRoot: string;
    port: number;
    env: NodeJS.ProcessEnv;
    probes: ReadyProbe[];
    nodeFlags?: string[];
  },
  timeoutMs: number,
  cleanup: Cleanup,
): Promise<{ server: ChildServer; startMs: number; stop: () => Promise<void> }> {
  const server = spawnServer({ label, cwd: options.repoRoot, ...options });
  const stop = cleanup.add(`stop ${label}`, async () => {
    // A crash was already reported with its output; only a bad shutdown is news here.
    if (!server.isRunning()) return;
    const info = await server.stop();
    const clean = info.code === 0 || info.signal === 'SIGTERM' || info.signal === 'SIGINT';
    if (!clean) console.warn(`  warning: ${label} did not shut down cleanly (${describeExit(info)})`);
  });
  const startMs = await waitUntilServing(server, options.probes, timeoutMs);
  return { server, startMs, stop };
}

export async function loadEach(
  server: ChildServer,
  endpoints: Endpoint[],
  seconds: number,
  cleanup: Cleanup,
) {
  const results: LoadResult[] = [];
  for (const endpoint of endpoints) {
    console.log(`  loading ${endpoint.label} for ${seconds} s...`);
    results.push(await measureEndpoint(server.baseUrl, endpoint, seconds, cleanup));
    if (!server.isRunning()) throw new ServerFailedError(server, `died under load on ${endpoint.label}`);
  }
  return results;
}

/** Mentions what the server logged at warn level or worse: under load that is usually a failing request. */
function reportServerOutput(server: ChildServer): void {
  const count = server.outputLineCount();
  if (count === 0) return;
  const last = server.outputTail().slice(-3).join('\n    ');
  console.warn(`  note: ${server.label} logged ${count} warning/error line(s); the last:\n    ${last}`);
}

/** The ceiling: a bare Fastify route in its own process, loaded the same way. */
export async function measureHelloCeiling(
  repoRoot: string,
  durationSeconds: number,
  cleanup: Cleanup,
): Promise<LoadResult> {
  console.log('hello-world Fastify server (the ceiling):');
  const port = await findFreePort();
  const { server, stop } = await startServer(
    'hello-world server',
    {
      script: HELLO_SCRIPT,
      repoRoot,
      port,
      env: { ...process.env, PORT: String(port) },
      probes: [{ path: '/' }],
    },
    LATER_START_TIMEOUT_MS,
    cleanup,
  );
  const otherWork = await measureOtherWork();
  (otherWork.busy ? console.warn : console.log)(`  ${otherWork.text}`);
  const [result] = await loadEach(server, [HELLO_ENDPOINT], durationSeconds, cleanup);
  await stop();
  return result!;
}

/** First start on empty data, stop, later start on the same data, then load every endpoint. */
export async function benchEngine(setup: EngineSetup, cleanup: Cleanup): Promise<EngineReport> {
  console.log(`${setup.title}:`);
  const port = await findFreePort();
  const env = serverEnv(setup, port);
  const base = { script: SERVER_SCRIPT, repoRoot: setup.repoRoot, port, env, probes: READY_PROBES };

  const first = await startServer(
    `${setup.kind} server (first start)`,
    base,
    FIRST_START_TIMEOUT_MS,
    cleanup,
  );
  console.log(`  first start (migrate + seed): ${formatSeconds(first.startMs)}`);
  reportServerOutput(first.server);
  await first.stop();

  const nodeFlags = setup.cpuProfDir ? ['--cpu-prof', `--cpu-prof-dir=${setup.cpuProfDir}`] : [];
  const later = await startServer(
    `${setup.kind} server`,
    { ...base, nodeFlags },
    LATER_START_TIMEOUT_MS,
    cleanup,
  );
  console.log(`  later start: ${formatSeconds(later.startMs)}`);

  const { endpoints, problems } = await discoverEndpoints(later.server.baseUrl);
  for (const problem of problems) console.warn(`  problem: ${problem}`);
  const otherWork = await measureOtherWork();
  (otherWork.busy ? console.warn : console.log)(`  ${otherWork.text}`);
  const results = await loadEach(later.server, endpoints, setup.durationSeconds, cleanup);
  reportServerOutput(later.server);
  await later.stop();

  const starts = { firstMs: first.startMs, laterMs: later.startMs };
  return {
    title: setup.title,
    starts,
    results,
    checks: checkTargets(setup.kind, results, starts),
    problems,
    complete: endpoints.length === ENDPOINT_COUNT,
    otherWork: otherWork.text,
  };
}
