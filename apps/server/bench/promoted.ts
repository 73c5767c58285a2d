/**
 * The promoted scenarios (decision 56). `promoted`: 1,000 active campaigns with varied targeting
 * are written into the bench database, then the bench people's home feeds are read before and
 * after the campaigns exist: judged is what they add to the page's p99 (with minus without,
 * decision 72), printed beside the server's own time choosing outside the page's statement (its
 * `Server-Timing: promoted;dur=…`, decision 79). `ledger`: two charging processes on the same
 * PostgreSQL charge impressions as fast as asked (10,000 a second) as the events call does,
 * then the ledger is checked against the spend rows and the budgets.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { CampaignObjective, TargetingSpec } from '@pinboard/shared';
import type { Executor } from '../src/db/client.ts';
import { int8Array, selectRows } from '../src/db/sql-helpers.ts';
import { adGroups, ads, advertisers, campaigns } from '../src/db/schema/business.ts';
import { SEED_TOPICS } from '../src/cli/seed-data.ts';
import { hundredths, percentile } from './live-latency.ts';
import { cpuPerRequest, type CpuMeter, type CpuPerRequest } from './process-cpu.ts';
import { warmupSeconds } from './load.ts';
import type { BenchPerson } from './people.ts';

/** The field: active campaigns while the home feed is read. */
export const PROMOTED_CAMPAIGNS = 1_000;
/** Home-feed readers at once while choosing is timed. */
export const CHOOSING_CONNECTIONS = 10;

const TIME_ZONES = ['America/New_York', 'UTC', 'Europe/Berlin', 'Asia/Tokyo', 'America/Los_Angeles'];

/** One bench campaign (with one ad group and one ad): what varies from one to the next. */
export interface BenchCampaign {
  objective: CampaignObjective;
  dailyBudgetMicro: number;
  /** Null: an automatic bid. */
  bidMicro: number | null;
  autoTargeting: boolean;
  targeting: TargetingSpec;
  timeZone: string;
}

/**
 * The `i`-th campaign: most reach a US viewer with auto-targeting, others only women, only an age
 * bucket, only people with an interest, or only another country, so the per-viewer filtering has
 * work to do; a quarter bid automatically; half pay per click, half per 1,000 impressions.
 */
export function benchCampaign(i: number): BenchCampaign {
  const kind = i % 10;
  const topic = SEED_TOPICS[i % SEED_TOPICS.length]!;
  const targeting: TargetingSpec =
    kind === 6
      ? { locations: ['GB'] }
      : kind === 7
        ? { genders: ['female'] }
        : kind === 8
          ? { interests: [topic.board.toLowerCase()] }
          : kind === 9
            ? { ages: ['25-34'] }
            : {};
  return {
    objective: i % 2 === 0 ? 'CONSIDERATION' : 'CATALOG_SALES',
    dailyBudgetMicro: 5_000_000 + (i % 50) * 1_000_000,
    bidMicro: i % 4 === 3 ? null : 10_000 + ((i * 7_919) % 90_000),
    autoTargeting: kind !== 7 && kind !== 8,
    targeting,
    timeZone: TIME_ZONES[i % TIME_ZONES.length]!,
  };
}

/**
 * Writes `count` active, approved campaigns (an ad account each, one ad group, one ad) promoting
 * distinct public pins of the seed, each owned by the pin's pinner. Answers the ads' ids.
 */
export async function seedPromotedCampaigns(
  db: Executor,
  pinIds: number[],
  count: number,
): Promise<number[]> {
  const step = Math.max(1, Math.floor(pinIds.length / count));
  const chosen = Array.from({ length: Math.min(count, pinIds.length) }, (_, i) => pinIds[i * step]!);
  const pinners = await selectRows<{ id: number; pinner_id: number }>(
    db,
    sql`select id::float8 as id, pinner_id::float8 as pinner_id from pins where id = any(${int8Array(chosen)})`,
  );
  const pinnerOf = new Map(pinners.map((row) => [Number(row.id), Number(row.pinner_id)]));
  const pins = chosen.filter((id) => pinnerOf.has(id));
  return db.transaction(async (tx) => {
    const specs = pins.map((_, i) => benchCampaign(i));
    const accounts = await tx
      .insert(advertisers)
      .values(
        pins.map((pinId, i) => ({
          ownerUserId: pinnerOf.get(pinId)!,
          name: `Bench advertiser ${i + 1}`,
          country: 'US',
          currency: 'USD' as const,
          timeZone: specs[i]!.timeZone,
        })),
      )
      .returning({ id: advertisers.id });
    const startDate = sql`current_date - 1`;
    const made = await tx
      .insert(campaigns)
      .values(
        accounts.map((account, i) => ({
          advertiserId: account.id,
          name: `Bench campaign ${i + 1}`,
          objective: specs[i]!.objective,
          budgetType: 'DAILY' as const,
          budgetMicro: specs[i]!.dailyBudgetMicro,
          startDate,
        })),
      )
      .returning({ id: campaigns.id, advertiserId: campaigns.advertiserId });
    const groups = await tx
      .insert(adGroups)
      .values(
        made.map((campaign, i) => ({
          advertiserId: campaign.advertiserId,
          campaignId: campaign.id,
          name: `Bench ad group ${i + 1}`,
          bidMicro: specs[i]!.bidMicro,
          bidStrategy: specs[i]!.bidMicro === null ? ('AUTOMATIC' as const) : ('MAX_BID' as const),
          autoTargeting: specs[i]!.autoTargeting,
          targeting: specs[i]!.targeting,
          startDate,
        })),
      )
      .returning({ id: adGroups.id, campaignId: adGroups.campaignId, advertiserId: adGroups.advertiserId });
    const made2 = await tx
      .insert(ads)
      .values(
        groups.map((group, i) => ({
          advertiserId: group.advertiserId,
          campaignId: group.campaignId,
          adGroupId: group.id,
          pinId: pins[i]!,
          name: `Bench ad ${i + 1}`,
          status: 'ACTIVE' as const,
          reviewStatus: 'APPROVED' as const,
        })),
      )
      .returning({ id: ads.id });
    return made2.map((row) => row.id);
  });
}

/** `promoted;dur=1.23` (among other metrics) → 1.23; null without one. */
export function choosingMsOf(serverTiming: string | null): number | null {
  if (!serverTiming) return null;
  const match = /(?:^|,)\s*promoted;dur=([0-9.]+)/.exec(serverTiming);
  return match ? Number(match[1]) : null;
}

/** What choosing took over a run of home-feed pages. */
export interface ChoosingSpread {
  pages: number;
  /** Pages that carried a promoted card. */
  withPromoted: number;
  /** Pages whose answer had no timing, or failed. */
  failed: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** The home feed's own answer time, as the bench saw it. */
  pageP50Ms: number;
  pageP99Ms: number;
  /** Server + PostgreSQL CPU per page, when measured. */
  cpu?: CpuPerRequest | null;
  /**
   * The slowest first page of a round, sent alone once the campaigns were switched and not in the
   * figures above: it waits for the server's fresh read of the list (`setActive`).
   */
  firstPageMaxMs?: number;
  /**
   * The highest page p99 of a round's warm-up: the load's first seconds after that first page, as
   * every scenario of the bench has (`warmupSeconds`), not in the figures above either.
   */
  warmUpPageP99MaxMs?: number;
  /** The page's p99 in each round, in order: a cost paid once (a first round's) shows apart from a steady one. */
  roundPageP99Ms?: number[];
}

export function choosingSpread(
  samples: { choosingMs: number; pageMs: number; promoted: boolean }[],
  failed: number,
): ChoosingSpread {
  const choosing = samples.map((s) => s.choosingMs).sort((a, b) => a - b);
  const pages = samples.map((s) => s.pageMs).sort((a, b) => a - b);
  return {
    pages: samples.length,
    withPromoted: samples.filter((s) => s.promoted).length,
    failed,
    p50Ms: hundredths(percentile(choosing, 0.5)),
    p99Ms: hundredths(percentile(choosing, 0.99)),
    maxMs: hundredths(choosing.at(-1) ?? 0),
    pageP50Ms: hundredths(percentile(pages, 0.5)),
    pageP99Ms: hundredths(percentile(pages, 0.99)),
  };
}

type FeedSample = { choosingMs: number; pageMs: number; promoted: boolean };

/** How a run reads the home feeds: CHOOSING_CONNECTIONS loops at once, or pages sent at a rate. */
export type FeedLoad = { kind: 'saturated' } | { kind: 'paced'; pagesPerSecond: number };

/** One home feed page (25 cards) of this person: whether it answered, what choosing took in the server (null without a timing), and whether it carried a promoted card. */
export async function readHomeFeed(baseUrl: string, person: BenchPerson) {
  const response = await fetch(`${baseUrl}/v3/feeds/home/?page_size=25`, {
    headers: { accept: 'application/json', cookie: person.cookie },
    signal: AbortSignal.timeout(30_000),
  });
  const body = await response.text();
  return {
    ok: response.ok,
    choosingMs: choosingMsOf(response.headers.get('server-timing')),
    promoted: body.includes('"is_promoted":true'),
  };
}

/**
 * Reads the bench people's home feeds (25 cards) for `seconds`, collecting the time choosing took
 * in the server and whether a promoted card came. Saturated: CHOOSING_CONNECTIONS loops, each
 * asking again as soon as answered. Paced: one page sent every 1/rate seconds whatever the answers
 * (an open loop, so a slow answer does not slow the pages after it), each timed from its sending.
 */
async function readFeeds(baseUrl: string, people: BenchPerson[], seconds: number, load: FeedLoad) {
  const samples: FeedSample[] = [];
  let failed = 0;
  const readOne = async (person: BenchPerson) => {
    const started = performance.now();
    try {
      const { ok, choosingMs, promoted } = await readHomeFeed(baseUrl, person);
      if (!ok || choosingMs === null) {
        failed += 1;
        return;
      }
      samples.push({ choosingMs, pageMs: performance.now() - started, promoted });
    } catch {
      failed += 1;
    }
  };
  const start = performance.now();
  const until = start + seconds * 1000;
  if (load.kind === 'paced') {
    const sent: Promise<void>[] = [];
    for (let i = 0; ; i += 1) {
      const at = start + (i * 1000) / load.pagesPerSecond;
      if (at >= until) break;
      const wait = at - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      sent.push(readOne(people[i % people.length]!));
    }
    await Promise.all(sent);
  } else {
    await Promise.all(
      Array.from({ length: CHOOSING_CONNECTIONS }, async (_, connection) => {
        for (let i = connection; performance.now() < until; i += CHOOSING_CONNECTIONS)
          await readOne(people[i % people.length]!);
      }),
    );
  }
  return { samples, failed };
}

/**
 * Rounds of the choosing figures, each a run without the campaigns then one with them: a p99 of
 * one short run on a two-core machine moves by tens of milliseconds from run to run (37 to 269 ms
 * without campaigns in one run of three rounds), and alternating keeps a drift of the machine from
 * landing on one side. Five, so that the median of the rounds' differences
 * (`promotedAddedP99Ms`) is not one round's.
 */
export const CHOOSING_ROUNDS = 5;

/**
 * The home feeds read under `load` without and with the campaigns in CHOOSING_ROUNDS alternating
 * rounds of `seconds` each; `setActive` turns the campaigns off or on and answers how long the
 * round's first page took, sent alone: the server read its list afresh for it (with the campaigns,
 * a thousand ads new to it at once, which no steady field has), then a warm-up of the load whose
 * pages are left out (the garbage of that read, the caches the switch emptied), so the round
 * measures the field as it serves once switched. CPU per page is measured over each side's rounds.
 */
export async function measureChoosing(
  baseUrl: string,
  people: BenchPerson[],
  seconds: number,
  load: FeedLoad,
  setActive: (active: boolean) => Promise<number>,
  meter?: CpuMeter,
): Promise<ChoosingPair> {
  const sides = [false, true].map(() => ({
    samples: [] as FeedSample[],
    failed: 0,
    server: 0,
    database: 0,
    firstPageMaxMs: 0,
    warmUpPageP99MaxMs: 0,
    roundPageP99Ms: [] as number[],
  }));
  for (let round = 0; round < CHOOSING_ROUNDS; round += 1) {
    for (const active of [false, true]) {
      const side = sides[Number(active)]!;
      side.firstPageMaxMs = Math.max(side.firstPageMaxMs, await setActive(active));
      const warmUp = await readFeeds(baseUrl, people, warmupSeconds(seconds), load);
      side.warmUpPageP99MaxMs = Math.max(
        side.warmUpPageP99MaxMs,
        choosingSpread(warmUp.samples, warmUp.failed).pageP99Ms,
      );
      const before = meter?.sample();
      const run = await readFeeds(baseUrl, people, seconds, load);
      const after = meter?.sample();
      side.samples.push(...run.samples);
      side.roundPageP99Ms.push(choosingSpread(run.samples, run.failed).pageP99Ms);
      side.failed += run.failed;
      const cpu = before && after ? cpuPerRequest(before, after, run.samples.length + run.failed) : null;
      side.server += (cpu?.serverMs ?? 0) * (run.samples.length + run.failed);
      side.database += (cpu?.databaseMs ?? 0) * (run.samples.length + run.failed);
    }
  }
  const [without, withCampaigns] = sides.map((side) => {
    const spread = {
      ...choosingSpread(side.samples, side.failed),
      firstPageMaxMs: side.firstPageMaxMs,
      warmUpPageP99MaxMs: side.warmUpPageP99MaxMs,
      roundPageP99Ms: side.roundPageP99Ms,
    };
    const requests = side.samples.length + side.failed;
    return meter && requests > 0
      ? { ...spread, cpu: { serverMs: side.server / requests, databaseMs: side.database / requests } }
      : spread;
  }) as [ChoosingSpread, ChoosingSpread];
  return { without, with: withCampaigns };
}

/** The home feeds without and with the campaigns, under one load. */
export interface ChoosingPair {
  without: ChoosingSpread;
  with: ChoosingSpread;
}

/** Pages a second while a paced run reads: this share of what the saturated run without campaigns answered. */
export const PACED_SHARE = 0.5;

/** The paced runs' rate: PACED_SHARE of the pages a second the saturated rounds answered without campaigns. */
export function pacedRate(saturated: ChoosingSpread, seconds: number): number {
  return Math.max(1, Math.round((PACED_SHARE * saturated.pages) / (CHOOSING_ROUNDS * seconds)));
}

/**
 * Turns the bench campaigns of `adIds` on, or every campaign off (a database started from a kept
 * one, `--from` copies it, may hold an earlier run's active ones: without campaigns is without
 * them all), straight in the database: the server's candidate list takes it within its second.
 */
export async function setBenchCampaigns(db: Executor, adIds: number[], active: boolean): Promise<void> {
  await db.execute(
    active
      ? sql`update campaigns set status = 'ACTIVE'
          where id in (select campaign_id from ads where id = any(${int8Array(adIds)}))`
      : sql`update campaigns set status = 'PAUSED' where status = 'ACTIVE'`,
  );
}

/**
 * What the promoted scenario measured: the home feeds saturated (CHOOSING_CONNECTIONS loops), and
 * paced at `pagesPerSecond`, half of what saturated ones answered (decision 76).
 */
export interface PromotedFigures extends ChoosingPair {
  campaigns: number;
  paced: ChoosingPair & { pagesPerSecond: number };
}

/** Each round's page p99 with the campaigns minus the one without them just before it. */
export function roundDifferencesMs(figures: ChoosingPair): number[] {
  const without = figures.without.roundPageP99Ms ?? [];
  return (figures.with.roundPageP99Ms ?? [])
    .slice(0, without.length)
    .map((w, i) => hundredths(w - without[i]!));
}

/** With the campaigns minus without, each side's p99 over all its pages. */
export function pooledAddedP99Ms(figures: ChoosingPair): number {
  return hundredths(figures.with.pageP99Ms - figures.without.pageP99Ms);
}

/**
 * What 1,000 campaigns add to the signed-in home feed's p99 (decision 72): the median of the
 * rounds' differences (decision 84). Each round's pair ran back to back, so a drift of the machine
 * between rounds cancels out, and a round one side of which the machine stalled (a baseline round
 * of 269 ms among rounds of 37–88) does not decide the figure as it does the pooled p99; a cost
 * the campaigns add to every page shows in every pair. The pooled difference when no rounds are
 * known.
 */
export function promotedAddedP99Ms(figures: ChoosingPair): number {
  const differences = roundDifferencesMs(figures).sort((a, b) => a - b);
  if (differences.length === 0) return pooledAddedP99Ms(figures);
  const middle = differences.length >> 1;
  return differences.length % 2 === 1
    ? differences[middle]!
    : hundredths((differences[middle - 1]! + differences[middle]!) / 2);
}

// ---------------------------------------------------------------------------------------------
// The ledger

/** The rate: impressions charged a second across the two instances. */
export const LEDGER_TARGET_PER_SECOND = 10_000;
/** Charging processes, each with its own pool, as two instances are. */
export const LEDGER_INSTANCES = 2;
/** Ad groups the charges go to: few, so that charges meet on the same rows. */
export const LEDGER_AD_GROUPS = 40;
/** The price of one impression in micro-units: odd, so budgets never end on a whole number of them. */
export const LEDGER_PRICE_MICRO = 997;
/** Every other ledger ad group has a daily budget this small: it runs out during the run. */
export const LEDGER_SMALL_BUDGET_MICRO = 150 * LEDGER_PRICE_MICRO + 500;

/** What a charging process reports when done. */
export interface WorkerCounts {
  attempted: number;
  charged: number;
  counted: number;
  other: number;
  errors: number;
  seconds: number;
}

/** Each ledger ad group after the run, read from the database. */
export interface LedgerRow {
  adGroupId: number;
  budgetMicro: number;
  spentMicro: number;
  ledgerMicro: number;
  ledgerRows: number;
  campaignSpendMicro: number;
  campaignLedgerMicro: number;
}

export interface LedgerFigures {
  instances: number;
  targetPerSecond: number;
  counts: WorkerCounts;
  /** Charges attempted a second, over both processes. */
  perSecond: number;
  rows: LedgerRow[];
}

/** What is wrong with the ledger after the run: each line a problem; none when exact. */
export function ledgerProblems(figures: Pick<LedgerFigures, 'rows' | 'counts'>): string[] {
  const problems: string[] = [];
  let ledgerRows = 0;
  for (const row of figures.rows) {
    ledgerRows += row.ledgerRows;
    if (row.ledgerMicro !== row.spentMicro)
      problems.push(`ad group ${row.adGroupId}: ledger ${row.ledgerMicro} ≠ day's spend ${row.spentMicro}`);
    if (row.spentMicro > row.budgetMicro)
      problems.push(`ad group ${row.adGroupId}: spent ${row.spentMicro} > daily budget ${row.budgetMicro}`);
    if (row.campaignLedgerMicro !== row.campaignSpendMicro)
      problems.push(
        `ad group ${row.adGroupId}: campaign spend ${row.campaignSpendMicro} ≠ its ledger ${row.campaignLedgerMicro}`,
      );
  }
  if (ledgerRows !== figures.counts.charged)
    problems.push(`${ledgerRows} ledger rows for ${figures.counts.charged} charges answered 'charged'`);
  return problems;
}

/** Sums of the charging processes' counts. */
export function addCounts(all: WorkerCounts[]): WorkerCounts {
  return all.reduce(
    (sum, c) => ({
      attempted: sum.attempted + c.attempted,
      charged: sum.charged + c.charged,
      counted: sum.counted + c.counted,
      other: sum.other + c.other,
      errors: sum.errors + c.errors,
      seconds: Math.max(sum.seconds, c.seconds),
    }),
    { attempted: 0, charged: 0, counted: 0, other: 0, errors: 0, seconds: 0 },
  );
}

/**
 * Makes LEDGER_AD_GROUPS of the bench ads pay per impression, gives every other one a small daily
 * budget (the rest a large one), and answers their ads' ids.
 */
export async function prepareLedger(db: Executor, adIds: number[]): Promise<number[]> {
  const chosen = adIds.slice(0, LEDGER_AD_GROUPS);
  await db.execute(sql`
    update campaigns c set objective = 'CATALOG_SALES', budget_type = 'DAILY', budget_micro = 1000000000000
    from ads a where a.campaign_id = c.id and a.id = any(${int8Array(chosen)})`);
  await db.execute(sql`
    update ad_groups g set budget_micro = case when a.id % 2 = 0 then ${LEDGER_SMALL_BUDGET_MICRO}::int8 else 1000000000000 end
    from ads a where a.ad_group_id = g.id and a.id = any(${int8Array(chosen)})`);
  return chosen;
}

export async function readLedger(db: Executor, adIds: number[]): Promise<LedgerRow[]> {
  const rows = await selectRows<Record<string, string | number>>(
    db,
    sql`
    select g.id::float8 as ad_group_id, g.budget_micro::float8 as budget_micro,
      coalesce((select sum(d.spent_micro) from ad_group_spend_days d where d.ad_group_id = g.id), 0)::float8 as spent_micro,
      coalesce((select sum(x.amount_micro) from ad_charges x where x.ad_group_id = g.id), 0)::float8 as ledger_micro,
      (select count(*) from ad_charges x where x.ad_group_id = g.id)::float8 as ledger_rows,
      c.spend_micro::float8 as campaign_spend_micro,
      coalesce((select sum(x.amount_micro) from ad_charges x where x.campaign_id = c.id), 0)::float8 as campaign_ledger_micro
    from ads a join ad_groups g on g.id = a.ad_group_id join campaigns c on c.id = a.campaign_id
    where a.id = any(${int8Array(adIds)})
    order by g.id`,
  );
  return rows.map((row) => ({
    adGroupId: Number(row.ad_group_id),
    budgetMicro: Number(row.budget_micro),
    spentMicro: Number(row.spent_micro),
    ledgerMicro: Number(row.ledger_micro),
    ledgerRows: Number(row.ledger_rows),
    campaignSpendMicro: Number(row.campaign_spend_micro),
    campaignLedgerMicro: Number(row.campaign_ledger_micro),
  }));
}

const WORKER = path.join(import.meta.dirname, 'ledger-worker.ts');

/** Runs one charging process to its end and answers its counts. */
function runWorker(
  repoRoot: string,
  databaseUrl: string,
  args: { adIds: number[]; seconds: number; perSecond: number; instance: number },
): Promise<WorkerCounts> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', WORKER, JSON.stringify(args)], {
      cwd: repoRoot,
      env: { ...process.env, DATABASE_URL: databaseUrl },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0)
        return reject(new Error(`ledger charging process ${args.instance} exited with ${code}`));
      try {
        resolve(JSON.parse(out.trim().split('\n').at(-1)!) as WorkerCounts);
      } catch (error) {
        reject(error as Error);
      }
    });
  });
}

/** Two charging processes at once for `seconds`, each asked for half the target rate. */
export async function chargeFromTwoInstances(
  repoRoot: string,
  databaseUrl: string,
  adIds: number[],
  seconds: number,
): Promise<{ counts: WorkerCounts; perSecond: number }> {
  const perSecond = LEDGER_TARGET_PER_SECOND / LEDGER_INSTANCES;
  const all = await Promise.all(
    Array.from({ length: LEDGER_INSTANCES }, (_, instance) =>
      runWorker(repoRoot, databaseUrl, { adIds, seconds, perSecond, instance }),
    ),
  );
  const counts = addCounts(all);
  return { counts, perSecond: counts.seconds > 0 ? counts.attempted / counts.seconds : 0 };
}
