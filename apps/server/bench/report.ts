import { CONNECTIONS, type LoadResult } from './load.ts';
import type { LiveReport } from './live.ts';
import { hundredths } from './live-latency.ts';
import {
  CHOOSING_CONNECTIONS,
  CHOOSING_ROUNDS,
  pooledAddedP99Ms,
  promotedAddedP99Ms,
  roundDifferencesMs,
  type ChoosingPair,
  type ChoosingSpread,
  type LedgerFigures,
  type PromotedFigures,
} from './promoted.ts';
import {
  formatSeconds,
  type EngineKind,
  type RowsFigures,
  type SoakFigures,
  type StartTimes,
  type TargetCheck,
} from './targets.ts';

export interface SoakReport extends SoakFigures {
  result: LoadResult;
  /** The highest RSS sampled during the soak. */
  peakMiB: number;
}

export type RowsCheck = RowsFigures;

export interface EngineReport {
  kind: EngineKind;
  title: string;
  starts: StartTimes;
  /** What the bench database offered for random ids. */
  idCounts: string;
  /** How the bench people were made (absent without signed-in scenarios). */
  people?: string;
  /** The check that signed-in answers are not kept. */
  freshness?: string;
  results: LoadResult[];
  soak?: SoakReport;
  rows?: RowsCheck;
  /** The live scenario's delivery figures. */
  live?: LiveReport;
  /** The promoted scenario's choosing times, without and with the campaigns. */
  promoted?: PromotedFigures;
  /** The ledger scenario's charges and check. */
  ledger?: LedgerFigures;
  checks: TargetCheck[];
  /** Paths left out of the load because they failed before it (server bugs worth fixing). */
  problems: string[];
  /** False when an endpoint could not be measured at all. */
  complete: boolean;
  /** How much CPU other work took just before the load (it skews the figures). */
  otherWork: string;
}

/** Columns padded to their widest cell, as a Markdown table, so the output pastes into docs as is. */
export function formatTable(header: string[], rows: string[][], rightAligned: boolean[]): string {
  const widths = header.map((cell, column) =>
    Math.max(cell.length, ...rows.map((row) => row[column]!.length)),
  );
  const pad = (cell: string, column: number) =>
    rightAligned[column] ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!);
  const line = (cells: string[]) => `| ${cells.map(pad).join(' | ')} |`;
  const rule = `|${widths.map((width, column) => (rightAligned[column] ? `${'-'.repeat(width + 1)}:` : '-'.repeat(width + 2))).join('|')}|`;
  return [line(header), rule, ...rows.map(line)].join('\n');
}

const integer = (value: number) => Math.round(value).toLocaleString('en-US');

function loadRow(result: LoadResult, hello: LoadResult | undefined): string[] {
  const share =
    hello && hello.requestsPerSecond > 0
      ? `${Math.round((100 * result.requestsPerSecond) / hello.requestsPerSecond)}%`
      : '-';
  return [
    result.endpoint.label,
    String(result.endpoint.connections ?? CONNECTIONS),
    integer(result.requestsPerSecond),
    String(result.p50Ms),
    String(result.p99Ms),
    integer(result.non2xx),
    integer(result.errors),
    share,
    result.cpu ? `${result.cpu.serverMs.toFixed(2)} + ${result.cpu.databaseMs.toFixed(2)}` : '-',
  ];
}

/** The load table: the hello-world ceiling on top, each figure also as a share of it. */
export function formatLoadTable(results: LoadResult[], hello: LoadResult | undefined): string {
  const rows = results.map((result) => loadRow(result, hello));
  if (hello)
    rows.unshift(
      loadRow({ ...hello, endpoint: { ...hello.endpoint, label: 'hello world (ceiling, same run)' } }, hello),
    );
  return formatTable(
    ['scenario', 'conns', 'req/s', 'p50 ms', 'p99 ms', 'non-2xx', 'errors', 'of hello', 'CPU ms/req'],
    rows,
    [false, true, true, true, true, true, true, true, true],
  );
}

/** The signed-in loads' calls by kind, and a few failed answers, one line each. */
function formatKinds(results: LoadResult[]): string[] {
  const lines: string[] = [];
  for (const result of results) {
    if (result.kinds && result.kinds.size > 1) {
      const kinds = [...result.kinds]
        .map(
          ([kind, count]) =>
            `${kind} ${integer(count.count)}${count.failed > 0 ? ` (${integer(count.failed)} failed)` : ''}`,
        )
        .join(', ');
      lines.push(`- ${result.endpoint.label}, calls by kind: ${kinds}`);
    }
    for (const failure of result.failures) lines.push(`- ${result.endpoint.label} failed: ${failure}`);
  }
  return lines;
}

function formatSoak(soak: SoakReport): string {
  const mib = (value: number | null) => (value === null ? 'unknown' : `${value.toFixed(0)} MiB`);
  return `Soak: ${soak.seconds} s of ${soak.result.endpoint.label} after a warm-up: ${integer(soak.result.requestsPerSecond)} req/s, p99 ${soak.result.p99Ms} ms, ${integer(soak.result.non2xx + soak.result.errors)} failed; server RSS ${mib(soak.afterWarmupMiB)} after the warm-up, ${mib(soak.afterSoakMiB)} after the soak (peak ${mib(soak.peakMiB)}).`;
}

export function formatLive(live: LiveReport): string {
  const { summary } = live;
  const memory = live.memory
    ? ` With the load over, ${live.memory.streams} streams opened at once: server RSS ${live.memory.beforeMiB.toFixed(0)} MiB before, ${live.memory.withStreamsMiB.toFixed(0)} MiB with them open.`
    : '';
  return `Live: ${live.streams} streams open (one per bench person) while ${live.load.endpoint.label.split(',')[0]} ran ${live.seconds} s; ${live.writesPerSecond} saves and follows a second owed an event each: ${integer(summary.delivered)} of ${integer(summary.expected)} arrived, ${integer(summary.lost)} lost, ${integer(summary.unexpected)} unexpected, ${integer(live.failedWrites)} writes failed, ${integer(live.reopened)} streams reopened. The write's answer to arrival: p50 ${integer(summary.afterAnswer.p50Ms)} ms, p99 ${integer(summary.afterAnswer.p99Ms)} ms, max ${integer(summary.afterAnswer.maxMs)} ms; its request start to arrival: p50 ${integer(summary.fromStart.p50Ms)} ms, p99 ${integer(summary.fromStart.p99Ms)} ms, max ${integer(summary.fromStart.maxMs)} ms.${memory}`;
}

function choosingLine(label: string, spread: ChoosingSpread): string {
  const cpu = spread.cpu
    ? `; CPU ms/page ${spread.cpu.serverMs.toFixed(2)} + ${spread.cpu.databaseMs.toFixed(2)}`
    : '';
  const first =
    spread.firstPageMaxMs === undefined
      ? ''
      : `; a round's first page, alone after the switch (the list read afresh; not in these figures), at most ${spread.firstPageMaxMs.toFixed(1)} ms${spread.warmUpPageP99MaxMs === undefined ? '' : `, a round's warm-up's page p99 at most ${spread.warmUpPageP99MaxMs.toFixed(1)} ms`}`;
  const rounds = spread.roundPageP99Ms?.length ? ` (by round ${spread.roundPageP99Ms.join(' / ')})` : '';
  return `- ${label}: ${integer(spread.pages)} pages (${integer(spread.withPromoted)} with a promoted card, ${integer(spread.failed)} failed); choosing p50 ${spread.p50Ms} ms, p99 ${spread.p99Ms} ms, max ${spread.maxMs} ms; the page as the bench saw it p50 ${spread.pageP50Ms} ms, p99 ${spread.pageP99Ms} ms${rounds}${cpu}${first}`;
}

export function formatPromoted(promoted: PromotedFigures): string {
  const added = (pair: ChoosingPair) =>
    `- the campaigns add to the page's p99: ${promotedAddedP99Ms(pair)} ms, the median of the rounds' differences (${roundDifferencesMs(pair).join(' / ')}); pooled ${pooledAddedP99Ms(pair)} ms (${pair.with.pageP99Ms} - ${pair.without.pageP99Ms}); p50 ${hundredths(pair.with.pageP50Ms - pair.without.pageP50Ms)} ms`;
  const campaigns = `${integer(promoted.campaigns)} active campaigns`;
  return [
    `Promoted: signed-in home feeds (25 cards) of the same people, ${CHOOSING_ROUNDS} rounds without the campaigns and with them in turn; choosing is the server's own time at it outside the page's statement, which reads who is looking along (its Server-Timing), CPU ms/page is server + PostgreSQL backends.`,
    `Saturated (${CHOOSING_CONNECTIONS} connections, each asking again once answered):`,
    choosingLine('no campaigns', promoted.without),
    choosingLine(campaigns, promoted.with),
    added(promoted),
    `Paced (${integer(promoted.paced.pagesPerSecond)} pages a second, half of what the saturated runs answered without campaigns; judged):`,
    choosingLine('no campaigns', promoted.paced.without),
    choosingLine(campaigns, promoted.paced.with),
    added(promoted.paced),
  ].join('\n');
}

export function formatLedger(ledger: LedgerFigures): string {
  const c = ledger.counts;
  return `Ledger: ${ledger.instances} charging processes (each its own pool, charging pages' reports of 50 through an instance's queue, as the events call does) asked for ${integer(ledger.targetPerSecond)} impressions a second in all on ${ledger.rows.length} ad groups: ${integer(c.attempted)} in ${c.seconds.toFixed(1)} s = ${integer(ledger.perSecond)} a second; ${integer(c.charged)} charged, ${integer(c.counted)} over budget and only counted, ${integer(c.other)} other, ${integer(c.errors)} errors.`;
}

/** One engine: start times, the load table with the hello-world ceiling on top, then the targets. */
export function formatEngineReport(report: EngineReport, hello: LoadResult | undefined): string {
  const targets = formatTable(
    ['target', 'measured', 'result'],
    report.checks.map((check) => [check.description, check.measured, check.met ? 'met' : 'MISSED']),
    [false, false, false],
  );
  const kinds = formatKinds(report.results);
  return [
    `### ${report.title}`,
    '',
    `Start: first ${formatSeconds(report.starts.firstMs)} (migrate + seed of ${report.starts.pins.toLocaleString('en-US')} pins), later ${formatSeconds(report.starts.laterMs)} (spawn to first \`GET /\` + \`GET /v3/feeds/home/\`).`,
    '',
    `Random ids over the whole seed: ${report.idCounts}.`,
    ...(report.people ? ['', `Signed in: ${report.people}.`] : []),
    ...(report.freshness ? ['', `No answer cache for signed-in people: ${report.freshness}.`] : []),
    '',
    `Before the load, ${report.otherWork}.`,
    '',
    formatLoadTable(report.results, hello),
    '',
    "CPU ms/req: user + system CPU per answered request over the measured run, of the server process + of the bench database's PostgreSQL backends (from /proc; PGlite runs inside the server).",
    ...(kinds.length > 0 ? ['', ...kinds] : []),
    ...(report.soak ? ['', formatSoak(report.soak)] : []),
    ...(report.live ? ['', formatLive(report.live)] : []),
    ...(report.promoted ? ['', formatPromoted(report.promoted)] : []),
    ...(report.ledger ? ['', formatLedger(report.ledger)] : []),
    '',
    targets,
    ...(report.problems.length > 0
      ? ['', 'Problems found before the load:', ...report.problems.map((problem) => `- ${problem}`)]
      : []),
  ].join('\n');
}
