/**
 * An in-process loop over a kept bench database (not part of `npm run bench`): the app built by
 * buildApp, `app.inject` callers signed in as the bench people, and per request the statements
 * sent (counted at `pg`'s `Client.query`), the CPU of this process and of the database's backends.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/<kept> node --import tsx apps/server/bench/reads-loop.ts feed,closeup,related,search,board,save [requests] [concurrency]
 *
 * `save` saves a random pin into one of the caller's own boards, as the bench's save scenario does.
 *
 * PIN_POOL=n picks the pins among the first n of the seed only (pins asked for again, as popular
 * pins are), instead of among all of them.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app.ts';
import { createMediaStorage } from '../src/adapters/storage/index.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { sessions } from '../src/db/schema/users.ts';
import { CSRF_COOKIE } from '../src/plugins/csrf.ts';
import { hashSessionToken, SESSION_COOKIE } from '../src/plugins/viewer.ts';
import { readSeedIds } from './bench-database.ts';
import { searchQueries } from './scenarios.ts';
import { backendPids, processCpuMs } from './process-cpu.ts';
import { randomBytes } from 'node:crypto';

let statements = 0;
const originalQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  statements += 1;
  return (originalQuery as (...a: unknown[]) => unknown).apply(this, args);
} as typeof originalQuery;

const databaseUrl = process.env.DATABASE_URL!;
const database = new URL(databaseUrl).pathname.slice(1);
const [scenarioList = 'feed,closeup,related', requestsText = '300', concurrencyText = '10'] =
  process.argv.slice(2);
const requests = Number(requestsText);
const concurrency = Number(concurrencyText);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'reads-loop-'));
const config = loadConfig({
  DATA_DIR: dataDir,
  NODE_ENV: 'production',
  LOG_LEVEL: 'silent',
  DATABASE_URL: databaseUrl,
  BOT_CHECK: 'off',
  SEED_DEMO: 'false',
});
const handle = await openDatabase({ databaseUrl, maxConnections: concurrency });
const storage = await createMediaStorage(config);
const app = await buildApp({ config, db: handle.db, storage });
const ids = await readSeedIds(handle.db);
const people = (
  (await handle.db.execute(sql`select id from users where email like 'bench.%' order by id`)) as unknown as {
    rows: { id: string }[];
  }
).rows.map((row) => Number(row.id));
if (people.length === 0) throw new Error('no bench people in this database');
const cookies: string[] = [];
const csrfTokens: string[] = [];
const boardsOf: number[][] = [];
for (const userId of people) {
  const token = randomBytes(24).toString('base64url');
  await handle.db
    .insert(sessions)
    .values({ idHash: hashSessionToken(token), userId, expiresAt: new Date(Date.now() + 3_600_000) });
  // With the CSRF cookie a browser holds after its first answer (and the bench's people send), so
  // no request pays for a new one.
  const csrf = randomBytes(24).toString('base64url');
  csrfTokens.push(csrf);
  cookies.push(`${SESSION_COOKIE}=${token}; ${CSRF_COOKIE}=${csrf}`);
  boardsOf.push(
    (
      (await handle.db.execute(
        sql`select id from boards where owner_id = ${userId} order by id`,
      )) as unknown as {
        rows: { id: string }[];
      }
    ).rows.map((row) => Number(row.id)),
  );
}
const pick = <T>(values: T[]) => values[Math.floor(Math.random() * values.length)]!;
const queries = searchQueries();
const pinPool = process.env.PIN_POOL ? ids.pinIds.slice(0, Number(process.env.PIN_POOL)) : ids.pinIds;

const paths: Record<string, () => string[]> = {
  feed: () => ['/v3/feeds/home/'],
  closeup: () => {
    const id = pick(pinPool);
    return [`/v3/pins/${id}/`, `/v3/pins/${id}/saved_to/`];
  },
  closeupPin: () => [`/v3/pins/${pick(pinPool)}/`],
  related: () => [`/v3/pins/${pick(pinPool)}/related/`],
  search: () => [`/v3/search/pins/?q=${encodeURIComponent(pick(queries))}`],
  board: () => [`/v3/boards/${pick(ids.boardIds)}/pins/`],
  save: () => [`/v3/pins/${pick(pinPool)}/repin/`],
};

function backendCpu(): number {
  let total = 0;
  for (const pid of backendPids(database)) total += processCpuMs(pid) ?? 0;
  return total;
}

async function run(name: string, count: number) {
  let done = 0;
  let failed = 0;
  let person = 0;
  const worker = async () => {
    const index = person++ % cookies.length;
    const cookie = cookies[index]!;
    const save = name === 'save';
    while (done < count) {
      done += 1;
      for (const url of paths[name]!()) {
        const answer = await app.inject({
          method: save ? 'POST' : 'GET',
          url,
          headers: {
            cookie,
            accept: 'application/json',
            ...(save && {
              'content-type': 'application/json',
              'x-csrftoken': csrfTokens[index]!,
              origin: config.publicUrl,
            }),
          },
          ...(save && { payload: JSON.stringify({ board_id: String(pick(boardsOf[index]!)) }) }),
        });
        if (answer.statusCode !== 200) failed += 1;
        else if (process.env.DUMP_DIR)
          fs.writeFileSync(path.join(process.env.DUMP_DIR, `${name}.json`), answer.body);
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return failed;
}

for (const name of scenarioList.split(',')) {
  await run(name, Math.min(200, requests));
  const statementsBefore = statements;
  const nodeBefore = process.cpuUsage();
  const pgBefore = backendCpu();
  const load = os.loadavg()[0]!.toFixed(1);
  const failed = await run(name, requests);
  const node = process.cpuUsage(nodeBefore);
  const pgMs = backendCpu() - pgBefore;
  const calls = name === 'closeup' ? requests * 2 : requests;
  console.log(
    `${name}: ${requests} x, ${failed} failed, load ${load}→${os.loadavg()[0]!.toFixed(1)}: per HTTP call (${calls}): statements ${((statements - statementsBefore) / calls).toFixed(2)}, CPU ms node ${((node.user + node.system) / 1000 / calls).toFixed(2)} + PostgreSQL ${(pgMs / calls).toFixed(2)}`,
  );
}
// Each pooled connection's prepared statements: generic plans kept, or planned per run.
const pool = (handle.db as unknown as { $client: pg.Pool }).$client;
const clients = await Promise.all(Array.from({ length: concurrency }, () => pool.connect()));
const plans = new Map<string, { generic: number; custom: number }>();
for (const client of clients) {
  const { rows } = await client.query<{ name: string; generic_plans: string; custom_plans: string }>(
    'select name, generic_plans, custom_plans from pg_prepared_statements',
  );
  for (const row of rows) {
    const seen = plans.get(row.name) ?? { generic: 0, custom: 0 };
    seen.generic += Number(row.generic_plans);
    seen.custom += Number(row.custom_plans);
    plans.set(row.name, seen);
  }
  client.release();
}
for (const [name, seen] of [...plans].sort())
  console.log(`  ${name}: ${seen.generic} generic, ${seen.custom} custom`);
await app.close();
await handle.close();
fs.rmSync(dataDir, { recursive: true, force: true });
