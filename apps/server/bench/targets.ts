import type { LoadResult } from './load.ts';

export type EngineKind = 'postgres' | 'pglite';

export interface StartTimes {
  /** Spawn to first page on an empty database: migrate, seed 600 pins with images, listen. */
  firstMs: number;
  /** Spawn to first page again on the same data. */
  laterMs: number;
}

export interface TargetCheck {
  description: string;
  measured: string;
  met: boolean;
}

interface ThroughputTarget {
  key: string;
  label: string;
  minRps: number;
  maxP99Ms?: number;
}

/** Issue 2, "Targets": 50 connections on a 2-core machine. */
const THROUGHPUT_TARGETS: Record<EngineKind, ThroughputTarget[]> = {
  postgres: [
    { key: 'feed', label: 'feed', minRps: 2_000, maxP99Ms: 60 },
    { key: 'pin', label: 'pin by id', minRps: 5_000 },
  ],
  pglite: [
    { key: 'feed', label: 'feed', minRps: 400 },
    { key: 'pin', label: 'pin by id', minRps: 400 },
    { key: 'boardPins', label: "a board's pins", minRps: 400 },
    { key: 'userBoards', label: "a user's boards", minRps: 400 },
  ],
};

const FIRST_START_MAX_MS = 60_000;
const LATER_START_MAX_MS = 5_000;

const formatRps = (value: number) => Math.round(value).toLocaleString('en-US');

/** Each target of the engine, measured and judged. Errors or non-2xx answers make a load target missed. */
export function checkTargets(engine: EngineKind, results: LoadResult[], starts: StartTimes): TargetCheck[] {
  const checks: TargetCheck[] = [];
  for (const target of THROUGHPUT_TARGETS[engine]) {
    const result = results.find((candidate) => candidate.endpoint.key === target.key);
    if (!result) continue;
    const failures = result.non2xx + result.errors;
    // Fast failures are not throughput: a 500 in 1 ms must not count towards the target.
    const clean = failures === 0;
    const failureNote = clean ? '' : ` (${failures.toLocaleString('en-US')} failed requests)`;
    checks.push({
      description: `${target.label} >= ${formatRps(target.minRps)} req/s`,
      measured: `${formatRps(result.requestsPerSecond)} req/s${failureNote}`,
      met: clean && result.requestsPerSecond >= target.minRps,
    });
    if (target.maxP99Ms !== undefined) {
      checks.push({
        description: `${target.label} p99 <= ${target.maxP99Ms} ms`,
        measured: `${result.p99Ms} ms${failureNote}`,
        met: clean && result.p99Ms <= target.maxP99Ms,
      });
    }
  }
  checks.push(
    {
      description: `first start < ${FIRST_START_MAX_MS / 1000} s`,
      measured: formatSeconds(starts.firstMs),
      met: starts.firstMs < FIRST_START_MAX_MS,
    },
    {
      description: `later start < ${LATER_START_MAX_MS / 1000} s`,
      measured: formatSeconds(starts.laterMs),
      met: starts.laterMs < LATER_START_MAX_MS,
    },
  );
  return checks;
}

export function formatSeconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

/** Issue 9, "Targets": search over 100,000 seeded pins on PostgreSQL, typeahead. */
const SEARCH_TARGETS = [
  { key: 'searchPins', label: 'search pins (two words)', maxP50Ms: 30, maxP99Ms: 100 },
  { key: 'typeahead', label: 'typeahead', maxP99Ms: 20 },
];

export function checkSearchTargets(results: LoadResult[]): TargetCheck[] {
  const checks: TargetCheck[] = [];
  for (const target of SEARCH_TARGETS) {
    const result = results.find((candidate) => candidate.endpoint.key === target.key);
    if (!result) continue;
    const failures = result.non2xx + result.errors;
    const note = failures === 0 ? '' : ` (${failures.toLocaleString('en-US')} failed requests)`;
    const limits: [string, number | undefined, number][] = [
      ['p50', target.maxP50Ms, result.p50Ms],
      ['p99', target.maxP99Ms, result.p99Ms],
    ];
    for (const [name, max, measured] of limits) {
      if (max === undefined) continue;
      checks.push({
        description: `${target.label} ${name} <= ${max} ms`,
        measured: `${measured} ms${note}`,
        met: failures === 0 && measured <= max,
      });
    }
  }
  return checks;
}
