/**
 * `npm run bench`: starts the server on PostgreSQL and on PGlite from empty data with a big seed,
 * times its first and later starts, loads the API with autocannon next to a hello-world ceiling
 * (visitors, then signed-in people made through the API, then a mix of reads and writes), checks
 * the rows after the writes, and judges the figures against the targets in targets.ts. Missed
 * targets are reported, not failed: the exit code is non-zero only when the run itself broke.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createCleanup, cleanUpOnSignals, type Cleanup } from './cleanup.ts';
import { benchEngine, measureHelloCeiling, type EngineSetup } from './engine-run.ts';
import type { LoadResult } from './load.ts';
import { describeMachine } from './machine.ts';
import { parseBenchOptions, USAGE, type BenchOptions } from './options.ts';
import { DEFAULT_ADMIN_URL, checkPostgres, createBenchDatabase, redactUrl } from './postgres-database.ts';
import { formatEngineReport, type EngineReport } from './report.ts';
import { checkAgainstPostgres } from './targets.ts';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
/** What --keep left behind, listed once at the end. */
const kept: string[] = [];

function readOptions(): BenchOptions {
  try {
    const options = parseBenchOptions(process.argv.slice(2));
    if (options === 'help') {
      console.log(USAGE);
      process.exit(0);
    }
    return options;
  } catch (error) {
    console.error((error as Error).message);
    process.exit(2);
  }
}

/** `GET /` serves the Vite build; without one it answers 503 and the server would never count as up. */
async function ensureWebBuild(): Promise<void> {
  if (fs.existsSync(path.join(repoRoot, 'apps/web/dist/index.html'))) return;
  console.log('apps/web/dist is missing: running `npm run build` first (not part of any timing).');
  await new Promise<void>((resolve, reject) => {
    const child = spawn('npm', ['run', 'build'], { cwd: repoRoot, stdio: 'inherit' });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`npm run build exited with ${code}`)),
    );
  });
}

function makeTempDir(prefix: string, options: BenchOptions, cleanup: Cleanup): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  if (options.keep) kept.push(`data directory ${dir}`);
  else cleanup.add(`remove ${dir}`, () => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

function runSettings(options: BenchOptions) {
  return {
    durationSeconds: options.durationSeconds,
    pins: options.pins,
    people: options.people,
    scenarios: options.scenarios,
    soakSeconds: options.soakSeconds,
  };
}

/** The PostgreSQL setup, or null (with one line saying why) when the server cannot be reached. */
async function preparePostgres(options: BenchOptions, cleanup: Cleanup): Promise<EngineSetup | null> {
  const adminUrl = process.env.DATABASE_URL || DEFAULT_ADMIN_URL;
  const problem = await checkPostgres(adminUrl);
  if (problem) {
    console.log(
      `PostgreSQL: SKIPPED, cannot connect to ${redactUrl(adminUrl)} (${problem}); set DATABASE_URL to use another server.`,
    );
    return null;
  }
  const database = await createBenchDatabase(adminUrl, options.fromDatabase);
  if (options.fromDatabase) console.log(`PostgreSQL: starting from a copy of ${options.fromDatabase}`);
  if (options.keep) {
    kept.push(`database: psql '${redactUrl(database.url)}'  (then: drop database ${database.name};)`);
  } else {
    cleanup.add(`drop database ${database.name}`, () => database.drop());
  }
  return {
    kind: 'postgres',
    title: `PostgreSQL (${redactUrl(database.url)})${options.redisUrl ? ` + Redis (${redactUrl(options.redisUrl)})` : ''}`,
    repoRoot,
    dataDir: makeTempDir('pinboard-bench-pg-media-', options, cleanup),
    databaseUrl: database.url,
    ...(options.redisUrl ? { redisUrl: options.redisUrl } : {}),
    ...runSettings(options),
  };
}

function preparePglite(options: BenchOptions, cleanup: Cleanup): EngineSetup {
  const dataDir = makeTempDir('pinboard-bench-pglite-', options, cleanup);
  return {
    kind: 'pglite',
    title: `PGlite (DATA_DIR ${dataDir})`,
    repoRoot,
    dataDir,
    ...runSettings(options),
  };
}

async function main(): Promise<number> {
  const options = readOptions();
  const cleanup = createCleanup();
  cleanUpOnSignals(cleanup);
  console.log(describeMachine(options.durationSeconds));

  let broken = false;
  const reports: EngineReport[] = [];
  let hello: LoadResult | undefined;
  const cpuProfDir = options.cpuProf
    ? fs.mkdtempSync(path.join(os.tmpdir(), 'pinboard-bench-cpu-'))
    : undefined;
  try {
    await ensureWebBuild();
    try {
      hello = await measureHelloCeiling(repoRoot, options.durationSeconds, cleanup);
    } catch (error) {
      // The engines are still worth measuring without their ceiling.
      broken = true;
      console.error(`hello-world server: the run broke: ${(error as Error).message}`);
    } finally {
      await cleanup.runAll();
    }

    const kinds = options.engine === 'all' ? (['postgres', 'pglite'] as const) : [options.engine];
    for (const kind of kinds) {
      try {
        const setup =
          kind === 'postgres' ? await preparePostgres(options, cleanup) : preparePglite(options, cleanup);
        if (!setup) {
          // Asked for PostgreSQL alone and got nothing measured: that run did not work.
          if (options.engine === 'postgres') broken = true;
          continue;
        }
        const engineProfDir = cpuProfDir ? path.join(cpuProfDir, kind) : undefined;
        const report = await benchEngine({ ...setup, cpuProfDir: engineProfDir }, cleanup);
        reports.push(report);
        // An endpoint that answered no id with 200 is not measured: the run did not do its job.
        if (!report.complete) broken = true;
      } catch (error) {
        broken = true;
        console.error(`${kind}: the run broke: ${(error as Error).message}`);
      } finally {
        // Each engine's servers, database and directory go before the next engine starts.
        await cleanup.runAll();
      }
    }
  } catch (error) {
    broken = true;
    console.error(`bench: ${(error as Error).stack ?? String(error)}`);
  } finally {
    await cleanup.runAll();
  }

  // PGlite's signed-in figures are judged as a share of PostgreSQL's from this run.
  const postgres = reports.find((report) => report.kind === 'postgres');
  const pglite = reports.find((report) => report.kind === 'pglite');
  if (postgres && pglite) pglite.checks.unshift(...checkAgainstPostgres(pglite.results, postgres.results));
  else if (pglite)
    console.log(
      "\nPGlite's signed-in req/s are judged as a share of PostgreSQL's: none was measured in this run.",
    );

  console.log('\n## Results\n');
  for (const report of reports) console.log(`${formatEngineReport(report, hello)}\n`);
  const missed = reports.flatMap((report) => report.checks.filter((check) => !check.met));
  if (reports.length === 0) console.log('No engine was measured.');
  else if (missed.length === 0) console.log('Every target measured in this run is met.');
  else
    console.log(
      `${missed.length} target(s) missed (reported, not failed: the exit code says whether the run worked).`,
    );
  if (cpuProfDir) console.log(`CPU profiles of the loaded servers: ${cpuProfDir}`);
  for (const item of kept) console.log(`Kept (--keep): ${item}`);
  return broken ? 1 : 0;
}

process.exitCode = await main();
