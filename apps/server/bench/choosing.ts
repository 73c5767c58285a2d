/**
 * Choosing the promoted pins, one page at a time, timed in CPU: `withPromoted` called for the
 * bench people's home-feed pages (25 organic cards) against a database a `--keep` bench run left
 * with its 1,000 campaigns, the candidate list kept as the server keeps it. Prints, per choice,
 * the CPU of this process (all its threads, the list's reads once a second included) and of the
 * database's PostgreSQL backends, and the wall time (which on a loaded machine is mostly waiting).
 *
 *   DATABASE_URL=postgres://…/pinboard_bench_… node --import tsx apps/server/bench/choosing.ts [choices]
 */
import { sql } from 'drizzle-orm';
import type { Pin } from '@pinboard/shared';
import { openDatabase } from '../src/db/client.ts';
import { selectRows } from '../src/db/sql-helpers.ts';
import { presentPin } from '../src/modules/pins/pins.presenter.ts';
import { listPublicPinsInOrder } from '../src/modules/pins/pins.repository.ts';
import { createAdTokens } from '../src/modules/promoted/ad-token.ts';
import { createCandidateList, withPromoted } from '../src/modules/promoted/serving.ts';
import { hundredths, percentile } from './live-latency.ts';
import { cpuMeter, cpuPerRequest, databaseNameOf } from './process-cpu.ts';

const WARM_UP = 100;

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL: a PostgreSQL database a --keep bench run left');
const choices = Number(process.argv[2] ?? 1_000);
const handle = await openDatabase({ databaseUrl: url });
const db = handle.db;
const people = await selectRows<{ id: number }>(
  db,
  sql`select id::float8 as id from users where username like 'bench.%' order by id limit 20`,
);
const pinIds = (
  await selectRows<{ id: number }>(db, sql`select id::float8 as id from pins order by id desc limit 500`)
).map((row) => Number(row.id));
const pages: Pin[][] = [];
for (let i = 0; i < 20; i += 1)
  pages.push((await listPublicPinsInOrder(db, pinIds.slice(i * 25, i * 25 + 25))).map(presentPin));
const deps = {
  db,
  tokens: createAdTokens('bench-session-secret-0123456789abcdef'),
  candidates: createCandidateList(db),
};
const meter = cpuMeter(process.pid, databaseNameOf(url));
let before = meter.sample();
const walls: number[] = [];
let promoted = 0;
for (let i = 0; i < WARM_UP + choices; i += 1) {
  if (i === WARM_UP) before = meter.sample();
  const person = people[i % people.length]!;
  const started = performance.now();
  const page = await withPromoted(deps, pages[i % pages.length]!, {
    userId: Number(person.id),
    key: `u:${person.id}`,
    country: 'US',
  });
  if (i < WARM_UP) continue;
  walls.push(performance.now() - started);
  if (page.some((pin) => pin.is_promoted)) promoted += 1;
}
const cpu = cpuPerRequest(before, meter.sample(), choices)!;
walls.sort((a, b) => a - b);
console.log(
  JSON.stringify({
    choices,
    withPromoted: promoted,
    cpuMsPerChoice: { server: hundredths(cpu.serverMs), postgres: hundredths(cpu.databaseMs) },
    wallMs: { p50: hundredths(percentile(walls, 0.5)), p99: hundredths(percentile(walls, 0.99)) },
  }),
);
await handle.close();
