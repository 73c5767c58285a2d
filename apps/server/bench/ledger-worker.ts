/**
 * One charging process of the ledger scenario (`promoted.ts`): its own PostgreSQL pool, as a
 * server instance has, charging CPM impressions the way the events call does — through the
 * instance's queue of reports (`createAdEventQueue`), each a page's report of up to
 * PROMOTED_EVENTS_MAX impressions — on random ads of the given list, at most `perSecond`
 * impressions, for `seconds`. The events call itself is not used: its rate limit per address
 * (every bench call comes from one address) and the tokens a person is served bound it far below
 * the rate asked. Prints its counts (of impressions) as one JSON line.
 */
import { randomBytes } from 'node:crypto';
import { openDatabase } from '../src/db/client.ts';
import { PROMOTED_EVENTS_MAX } from '@pinboard/shared/promoted-events';
import { createAdEventQueue } from '../src/modules/promoted/spend.ts';
import { LEDGER_PRICE_MICRO, type WorkerCounts } from './promoted.ts';

/** Reports in flight at once in this process (pages reporting to one instance at the same time). */
const IN_FLIGHT = 10;

const args = JSON.parse(process.argv[2]!) as {
  adIds: number[];
  seconds: number;
  perSecond: number;
  instance: number;
};
const handle = await openDatabase({ databaseUrl: process.env.DATABASE_URL!, maxConnections: IN_FLIGHT });
// As a server instance charges its reports (modules/promoted/promoted.ts).
const charge = createAdEventQueue(handle.db);
const counts: WorkerCounts = { attempted: 0, charged: 0, counted: 0, other: 0, errors: 0, seconds: 0 };
const started = performance.now();
const until = started + args.seconds * 1000;
const prefix = `bench-${args.instance}-${randomBytes(4).toString('hex')}-`;

async function loop(): Promise<void> {
  while (performance.now() < until) {
    // Never ahead of the asked rate: wait for the schedule when a report would be early.
    const due = (counts.attempted / args.perSecond) * 1000;
    const ahead = due - (performance.now() - started);
    if (ahead > 0) await new Promise((resolve) => setTimeout(resolve, ahead));
    const first = counts.attempted;
    counts.attempted += PROMOTED_EVENTS_MAX;
    const now = new Date();
    const report = Array.from({ length: PROMOTED_EVENTS_MAX }, (_, i) => ({
      token: {
        adId: args.adIds[Math.floor(Math.random() * args.adIds.length)]!,
        mode: 'cpm' as const,
        priceMicro: LEDGER_PRICE_MICRO,
        issuedAt: Math.floor(now.getTime() / 1000),
        nonce: `${prefix}${first + i}`,
      },
      event: 'impression' as const,
    }));
    try {
      for (const outcome of await charge(report)) {
        if (outcome === 'charged') counts.charged += 1;
        else if (outcome === 'counted') counts.counted += 1;
        else counts.other += 1;
      }
    } catch {
      counts.errors += PROMOTED_EVENTS_MAX;
    }
  }
}

await Promise.all(Array.from({ length: IN_FLIGHT }, loop));
counts.seconds = (performance.now() - started) / 1000;
await handle.close();
console.log(JSON.stringify(counts));
