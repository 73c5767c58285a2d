import type { LoadResult } from './load.ts';
import type { SearchReport } from './search-run.ts';
import { formatSeconds, type StartTimes, type TargetCheck } from './targets.ts';

export interface EngineReport {
  title: string;
  starts: StartTimes;
  results: LoadResult[];
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

function loadRow(result: LoadResult, label: string, hello: LoadResult | undefined): string[] {
  const share =
    hello && hello.requestsPerSecond > 0
      ? `${Math.round((100 * result.requestsPerSecond) / hello.requestsPerSecond)}%`
      : '-';
  return [
    label,
    integer(result.requestsPerSecond),
    String(result.p50Ms),
    String(result.p99Ms),
    integer(result.non2xx),
    integer(result.errors),
    share,
  ];
}

/** One engine: start times, the load table with the hello-world ceiling on top, then the targets. */
export function formatEngineReport(report: EngineReport, hello: LoadResult | undefined): string {
  const rows = report.results.map((result) => loadRow(result, result.endpoint.label, hello));
  if (hello) rows.unshift(loadRow(hello, 'hello world (ceiling, same run)', hello));
  const table = formatTable(
    ['endpoint', 'req/s', 'p50 ms', 'p99 ms', 'non-2xx', 'errors', 'of hello'],
    rows,
    [false, true, true, true, true, true, true],
  );
  const targets = formatTable(
    ['target', 'measured', 'result'],
    report.checks.map((check) => [check.description, check.measured, check.met ? 'met' : 'MISSED']),
    [false, false, false],
  );
  return [
    `### ${report.title}`,
    '',
    `Start: first ${formatSeconds(report.starts.firstMs)} (migrate + seed), later ${formatSeconds(report.starts.laterMs)} (spawn to first \`GET /\` + \`GET /v3/feeds/home/\`).`,
    '',
    `Before the load, ${report.otherWork}.`,
    '',
    table,
    '',
    targets,
    ...(report.problems.length > 0
      ? ['', 'Problems found before the load:', ...report.problems.map((problem) => `- ${problem}`)]
      : []),
  ].join('\n');
}

/** The search figures: the seed, the load table at the search's connections, the targets. */
export function formatSearchReport(report: SearchReport): string {
  const table = formatTable(
    ['endpoint', 'connections', 'req/s', 'p50 ms', 'p99 ms', 'non-2xx', 'errors'],
    report.results.map((result) => [
      result.endpoint.label,
      String(result.endpoint.connections ?? '-'),
      integer(result.requestsPerSecond),
      String(result.p50Ms),
      String(result.p99Ms),
      integer(result.non2xx),
      integer(result.errors),
    ]),
    [false, true, true, true, true, true, true],
  );
  const targets = formatTable(
    ['target', 'measured', 'result'],
    report.checks.map((check) => [check.description, check.measured, check.met ? 'met' : 'MISSED']),
    [false, false, false],
  );
  return [
    `### Search: ${report.title}, ${report.pinCount.toLocaleString('en-US')} pins`,
    '',
    `First start with the seed: ${formatSeconds(report.seedStartMs)} (not a target).`,
    '',
    table,
    '',
    targets,
  ].join('\n');
}
