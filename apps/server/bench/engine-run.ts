import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { checkRowsAfterWrites, readSeedIds, withBenchDatabase, type SeedIds } from './bench-database.ts';
import { ENDPOINT_COUNT, HELLO_ENDPOINT, READY_PROBES, discoverEndpoints } from './endpoints.ts';
import type { Cleanup } from './cleanup.ts';
import { measureOtherWork } from './machine.ts';
import { measureEndpoint, warmupSeconds, type Endpoint, type LoadResult } from './load.ts';
import { measureLive, type LiveReport } from './live.ts';
import { cpuMeter, databaseNameOf } from './process-cpu.ts';
import { makeBenchPeople, newSaveLedger, pick } from './people.ts';
import type { EngineReport, RowsCheck, SoakReport } from './report.ts';
import { POSTGRES_ONLY_SCENARIOS, SIGNED_IN_SCENARIOS, type ScenarioName } from './scenarios.ts';
import {
  PROMOTED_CAMPAIGNS,
  chargeFromTwoInstances,
  measureChoosing,
  readHomeFeed,
  prepareLedger,
  readLedger,
  seedPromotedCampaigns,
  setBenchCampaigns,
  CHOOSING_ROUNDS,
  pacedRate,
  LEDGER_INSTANCES,
  LEDGER_TARGET_PER_SECOND,
  type LedgerFigures,
  type PromotedFigures,
} from './promoted.ts';
import {
  checkSignedInAnswersAreFresh,
  signedInEndpoints,
  soakEndpoint,
  type SignedInWorld,
} from './signed-in.ts';
import {
  ServerFailedError,
  describeExit,
  findFreePort,
  spawnServer,
  waitUntilServing,
  type ChildServer,
  type ReadyProbe,
} from './server-process.ts';
import { CANDIDATE_LIST_MAX_AGE_MS } from '../src/modules/promoted/serving.ts';
import { checkLedger, checkPromoted, checkTargets, formatSeconds, type EngineKind } from './targets.ts';

export const SERVER_SCRIPT = 'apps/server/src/main.ts';
const HELLO_SCRIPT = 'apps/server/bench/hello-server.ts';
/** Seeding 100,000 pins takes minutes on 2 busy cores; a slow first start is reported, not broken. */
const FIRST_START_TIMEOUT_MS = 1_800_000;
// A later start is judged against its own target; on a machine loaded by others it can take minutes.
const LATER_START_TIMEOUT_MS = 300_000;

export interface EngineSetup {
  kind: EngineKind;
  title: string;
  repoRoot: string;
  /** Temp directory for media (both engines) and the PGlite files. */
  dataDir: string;
  /** Set for PostgreSQL: a fresh, empty database. */
  databaseUrl?: string;
  durationSeconds: number;
  /** Pins the first start seeds. */
  pins: number;
  /** Signed-in bench people to make. */
  people: number;
  scenarios: readonly ScenarioName[];
  /** Seconds of the steady-memory soak (0: none). */
  soakSeconds: number;
  /** When set, the loaded server runs under `node --cpu-prof` and writes its profile here. */
  cpuProfDir?: string;
  /** PostgreSQL only: the server runs with this `REDIS_URL` (live events over Redis pub/sub). */
  redisUrl?: string;
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
    SEED_PINS: String(setup.pins),
  };
  for (const name of ['DATABASE_URL', 'REDIS_URL', 'SEED_DEMO', 'SEED_NUMBER', 'PUBLIC_URL', 'NODE_ENV'])
    delete env[name];
  // The bench people pass the default bot check (ALTCHA) as the web app's widget does.
  for (const name of ['BOT_CHECK', 'RECAPTCHA_PROJECT_ID', 'RECAPTCHA_SITE_KEY', 'RECAPTCHA_API_KEY'])
    delete env[name];
  if (setup.databaseUrl) env.DATABASE_URL = setup.databaseUrl;
  if (setup.redisUrl) env.REDIS_URL = setup.redisUrl;
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

/** An answer this quick says the server has worked through what the last load left queued. */
const QUIET_ANSWER_MS = 1_000;
const DRAIN_LIMIT_MS = 600_000;

/**
 * Waits until `probe` (a call that reads the database) answers within QUIET_ANSWER_MS: a load
 * stops waiting for its last requests, but a slow server still has them queued, and the next
 * scenario must not be measured behind them. Answers how long that took.
 */
async function waitUntilDrained(server: ChildServer, probe: () => string): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < DRAIN_LIMIT_MS) {
    const asked = performance.now();
    try {
      const response = await fetch(`${server.baseUrl}${probe()}`, {
        signal: AbortSignal.timeout(DRAIN_LIMIT_MS),
      });
      await response.arrayBuffer();
    } catch {
      // A refused or dropped probe is not an answer; the liveness check after the load tells a crash.
    }
    if (performance.now() - asked < QUIET_ANSWER_MS) return performance.now() - started;
    if (!server.isRunning()) throw new ServerFailedError(server, 'died while working through a load');
  }
  throw new ServerFailedError(server, `still busy ${DRAIN_LIMIT_MS / 1000} s after a load stopped`);
}

/**
 * Loads each endpoint in turn. With `drainProbe`, waits after each load until the server
 * answers quickly again, and says so when that took more than a moment.
 */
export async function loadEach(
  server: ChildServer,
  endpoints: Endpoint[],
  seconds: number,
  cleanup: Cleanup,
  drainProbe?: () => string,
  databaseUrl?: string,
) {
  const results: LoadResult[] = [];
  const pid = server.child.pid;
  const meter = pid === undefined ? undefined : cpuMeter(pid, databaseNameOf(databaseUrl));
  for (const endpoint of endpoints) {
    console.log(`  loading ${endpoint.label} for ${seconds} s...`);
    const warmup = warmupSeconds(seconds);
    results.push(await measureEndpoint(server.baseUrl, endpoint, seconds, cleanup, warmup, meter));
    if (!server.isRunning()) throw new ServerFailedError(server, `died under load on ${endpoint.label}`);
    if (drainProbe) {
      const drainMs = await waitUntilDrained(server, drainProbe);
      if (drainMs > 2 * QUIET_ANSWER_MS) {
        console.log(`    the server answered quickly again ${formatSeconds(drainMs)} after the load stopped`);
      }
    }
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

/** The server's resident memory in MiB, from /proc (Linux); null elsewhere. */
export function residentMiB(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const match = /^VmRSS:\s+(\d+) kB$/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : null;
  } catch {
    return null;
  }
}

/** Before the soak, the mixed scenario runs this long so caches, pools and JIT settle. */
export const SOAK_WARMUP_SECONDS = 30;
const SOAK_SAMPLE_MS = 5_000;

/** The mixed scenario for `seconds` after a warm-up, with the server's RSS sampled throughout. */
async function soak(
  server: ChildServer,
  endpoint: Endpoint,
  seconds: number,
  cleanup: Cleanup,
  drainProbe: () => string,
): Promise<SoakReport> {
  console.log(`  soak: ${SOAK_WARMUP_SECONDS} s warm-up, then ${seconds} s of ${endpoint.label}...`);
  await waitUntilDrained(server, drainProbe);
  await measureEndpoint(server.baseUrl, endpoint, SOAK_WARMUP_SECONDS, cleanup, 0);
  const afterWarmupMiB = residentMiB(server.child.pid);
  let peakMiB = afterWarmupMiB ?? 0;
  const sampler = setInterval(() => {
    peakMiB = Math.max(peakMiB, residentMiB(server.child.pid) ?? 0);
  }, SOAK_SAMPLE_MS);
  let result: LoadResult;
  try {
    result = await measureEndpoint(server.baseUrl, endpoint, seconds, cleanup, 0);
  } finally {
    clearInterval(sampler);
  }
  if (!server.isRunning()) throw new ServerFailedError(server, 'died during the soak');
  const afterSoakMiB = residentMiB(server.child.pid);
  if (afterSoakMiB !== null) peakMiB = Math.max(peakMiB, afterSoakMiB);
  return { seconds, result, afterWarmupMiB, afterSoakMiB, peakMiB };
}

/**
 * First start on empty data (migrate + seed), ids read from the database, a later start on the
 * same data, then the scenarios asked for: the visitor's cached reads, then the signed-in ones
 * with bench people made through the API, then the soak. After the server stops, the rows are
 * checked: kept counts against recounts, and every save answered as new against its row.
 */
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
  console.log(
    `  first start (migrate + seed of ${setup.pins.toLocaleString('en-US')} pins): ${formatSeconds(first.startMs)}`,
  );
  reportServerOutput(first.server);
  await first.stop();

  const ids: SeedIds = await withBenchDatabase(setup, readSeedIds);
  const idCounts = `${ids.pinIds.length.toLocaleString('en-US')} pins, ${ids.boardIds.length.toLocaleString('en-US')} boards, ${ids.sectionIds.length.toLocaleString('en-US')} sections, ${ids.usernames.length.toLocaleString('en-US')} people`;
  console.log(`  ids from the bench database (what any signed-in person may see): ${idCounts}`);

  const nodeFlags = setup.cpuProfDir ? ['--cpu-prof', `--cpu-prof-dir=${setup.cpuProfDir}`] : [];
  const later = await startServer(
    `${setup.kind} server`,
    { ...base, nodeFlags },
    LATER_START_TIMEOUT_MS,
    cleanup,
  );
  console.log(`  later start: ${formatSeconds(later.startMs)}`);
  const baseUrl = later.server.baseUrl;

  const problems: string[] = [];
  let complete = true;
  const visitorEndpoints: Endpoint[] = [];
  if (setup.scenarios.includes('visitor')) {
    const discovered = await discoverEndpoints(baseUrl);
    problems.push(...discovered.problems);
    for (const problem of discovered.problems) console.warn(`  problem: ${problem}`);
    visitorEndpoints.push(...discovered.endpoints);
    complete = discovered.endpoints.length === ENDPOINT_COUNT;
  }

  const wantsPeople =
    setup.scenarios.some((name) => SIGNED_IN_SCENARIOS.includes(name)) || setup.soakSeconds > 0;
  const ledger = newSaveLedger();
  let world: SignedInWorld | undefined;
  let peopleText: string | undefined;
  let freshness: string | undefined;
  if (wantsPeople) {
    const started = performance.now();
    const people = await makeBenchPeople(baseUrl, setup.people, ids, ledger);
    peopleText = `${people.length} bench people signed up through the API in ${formatSeconds(performance.now() - started)}, each with ${people[0]!.boardIds.length} boards of their own holding ${ledger.added.size} saves in all, following seed boards and people`;
    console.log(`  ${peopleText}`);
    world = { ids, people, ledger, boardsMade: 0 };
    freshness = await checkSignedInAnswersAreFresh(baseUrl, world);
    console.log(`  no answer cache for signed-in people: ${freshness}`);
  }

  const otherWork = await measureOtherWork();
  (otherWork.busy ? console.warn : console.log)(`  ${otherWork.text}`);
  const endpoints = [...visitorEndpoints, ...(world ? signedInEndpoints(world, setup.scenarios) : [])];
  // A pin by a random id: a database read (a visitor's pin is kept for a second per id only).
  const drainProbe = () => `/v3/pins/${pick(ids.pinIds)}/`;
  const results = await loadEach(
    later.server,
    endpoints,
    setup.durationSeconds,
    cleanup,
    drainProbe,
    setup.databaseUrl,
  );
  let live: LiveReport | undefined;
  if (world && setup.scenarios.includes('live')) {
    const mixed = soakEndpoint(world);
    const endpoint: Endpoint = {
      ...mixed,
      key: 'mixedLive',
      label: `${mixed.label}, ${world.people.length} live streams open`,
    };
    console.log(
      `  loading ${endpoint.label} for ${setup.durationSeconds} s, with saves and follows that owe live events...`,
    );
    live = await measureLive(baseUrl, world, endpoint, setup.durationSeconds, cleanup, () =>
      residentMiB(later.server.child.pid),
    );
    if (!later.server.isRunning()) throw new ServerFailedError(later.server, 'died under the live load');
    results.push(live.load);
    await waitUntilDrained(later.server, drainProbe);
  }
  // The promoted pins' scenarios write campaigns into the bench database from here: PostgreSQL only.
  let promoted: PromotedFigures | undefined;
  let adLedger: LedgerFigures | undefined;
  let benchAds: number[] | undefined;
  const databaseUrl = setup.databaseUrl;
  for (const name of POSTGRES_ONLY_SCENARIOS) {
    if (setup.scenarios.includes(name) && !databaseUrl) console.log(`  ${name}: skipped (PostgreSQL only)`);
  }
  if (databaseUrl && world && setup.scenarios.includes('promoted')) {
    const meter = cpuMeter(later.server.child.pid!, databaseNameOf(databaseUrl));
    const ads = await withBenchDatabase(setup, async (db) => {
      const written = await seedPromotedCampaigns(db, ids.pinIds, PROMOTED_CAMPAIGNS);
      // What autovacuum would have done by now in a database that ran a while: statistics for the
      // new rows (the candidates' statement was planned for one ad without them) and the seed's
      // visibility map. Not done, it runs in the middle of a round, one of its tails.
      await db.execute(sql`vacuum (analyze)`);
      return written;
    });
    benchAds = ads;
    console.log(
      `  promoted: ${ads.length} active campaigns written; home feeds for ${CHOOSING_ROUNDS} × ${setup.durationSeconds} s without them and with them, in turn...`,
    );
    const setActive = async (active: boolean) => {
      await withBenchDatabase(setup, (db) => setBenchCampaigns(db, ads, active));
      // Written straight into the database. The server's kept candidate list is read again in the
      // background while pages keep it, unless it is past its longest age: wait past that, so the
      // round's first page, sent alone, waits for a fresh read and none is served the other side's list.
      await new Promise((resolve) => setTimeout(resolve, CANDIDATE_LIST_MAX_AGE_MS + 500));
      const started = performance.now();
      await readHomeFeed(baseUrl, world.people[0]!);
      return performance.now() - started;
    };
    const seconds = setup.durationSeconds;
    const saturated = await measureChoosing(
      baseUrl,
      world.people,
      seconds,
      { kind: 'saturated' },
      setActive,
      meter,
    );
    const pagesPerSecond = pacedRate(saturated.without, seconds);
    console.log(`  promoted: the same, paced at ${pagesPerSecond} pages a second...`);
    const paced = await measureChoosing(
      baseUrl,
      world.people,
      seconds,
      { kind: 'paced', pagesPerSecond },
      setActive,
      meter,
    );
    promoted = { campaigns: ads.length, ...saturated, paced: { ...paced, pagesPerSecond } };
    await waitUntilDrained(later.server, drainProbe);
  }
  if (databaseUrl && setup.scenarios.includes('ledger')) {
    const adIds = await withBenchDatabase(setup, async (db) =>
      prepareLedger(db, benchAds ?? (await seedPromotedCampaigns(db, ids.pinIds, PROMOTED_CAMPAIGNS))),
    );
    console.log(
      `  ledger: ${LEDGER_INSTANCES} processes charging up to ${LEDGER_TARGET_PER_SECOND.toLocaleString('en-US')} impressions a second for ${setup.durationSeconds} s...`,
    );
    const charged = await chargeFromTwoInstances(setup.repoRoot, databaseUrl, adIds, setup.durationSeconds);
    const rows = await withBenchDatabase(setup, (db) => readLedger(db, adIds));
    adLedger = {
      instances: LEDGER_INSTANCES,
      targetPerSecond: LEDGER_TARGET_PER_SECOND,
      counts: charged.counts,
      perSecond: charged.perSecond,
      rows,
    };
  }
  const soakReport =
    world && setup.soakSeconds > 0
      ? await soak(later.server, soakEndpoint(world), setup.soakSeconds, cleanup, drainProbe)
      : undefined;
  reportServerOutput(later.server);
  await later.stop();

  let rows: RowsCheck | undefined;
  if (world) {
    const benchBoards = world.people.flatMap((person) => person.boardIds);
    const found = await withBenchDatabase(setup, (db) => checkRowsAfterWrites(db, benchBoards, ledger.added));
    rows = {
      ...found,
      savesSent: ledger.sent,
      savesAnswered: ledger.answered,
      savesAnsweredAsNew: ledger.added.size,
    };
  }

  const starts = { firstMs: first.startMs, laterMs: later.startMs, pins: setup.pins };
  return {
    kind: setup.kind,
    title: setup.title,
    starts,
    idCounts,
    people: peopleText,
    freshness,
    results,
    soak: soakReport,
    rows,
    live,
    promoted,
    ledger: adLedger,
    checks: [
      ...checkTargets(setup.kind, results, starts, soakReport, rows, live),
      ...(promoted ? checkPromoted(promoted) : []),
      ...(adLedger ? checkLedger(adLedger) : []),
    ],
    problems,
    complete,
    otherWork: otherWork.text,
  };
}
