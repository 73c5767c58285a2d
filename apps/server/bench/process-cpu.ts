import fs from 'node:fs';

/**
 * CPU time spent serving a load, from /proc (Linux): the server process and, on PostgreSQL, the
 * backends of the bench database. On a shared machine the rates move with other work; the CPU a
 * request costs moves much less, so it is the figure to compare between runs.
 */

/** Clock ticks per second of /proc's utime and stime (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

export interface CpuSample {
  /** Milliseconds of user + system CPU of the server process (its threads included). */
  serverMs: number;
  /** Milliseconds of user + system CPU of the bench database's PostgreSQL backends, by pid. */
  backendMs: Map<number, number>;
}

export interface CpuPerRequest {
  serverMs: number;
  databaseMs: number;
}

/** utime + stime of a process in ms, or null when it is gone or /proc is missing. */
export function processCpuMs(pid: number): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces; the fields after its closing parenthesis are fixed.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

/** Pids of PostgreSQL backends connected to `database` (their process title names it). */
export function backendPids(database: string): number[] {
  let entries: string[];
  try {
    entries = fs.readdirSync('/proc');
  } catch {
    return [];
  }
  const pids: number[] = [];
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const title = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      // e.g. "postgres: 15/main: postgres pinboard_bench_ab12 127.0.0.1(5678) idle"
      if (title.startsWith('postgres:') && title.split(' ').includes(database)) pids.push(Number(entry));
    } catch {
      // A process that ended while we looked.
    }
  }
  return pids;
}

/** Measures one process and, when given, the backends of one database. */
export interface CpuMeter {
  sample(): CpuSample;
}

export function cpuMeter(serverPid: number, database: string | null): CpuMeter {
  return {
    sample() {
      const backendMs = new Map<number, number>();
      for (const pid of database ? backendPids(database) : []) {
        const ms = processCpuMs(pid);
        if (ms !== null) backendMs.set(pid, ms);
      }
      return { serverMs: processCpuMs(serverPid) ?? 0, backendMs };
    },
  };
}

/**
 * CPU per answered request between two samples. A backend that appeared during the load counts
 * from zero; one that ended during it loses its share (the server's pool keeps its connections).
 */
export function cpuPerRequest(before: CpuSample, after: CpuSample, requests: number): CpuPerRequest | null {
  if (requests <= 0) return null;
  let databaseMs = 0;
  for (const [pid, ms] of after.backendMs) databaseMs += ms - (before.backendMs.get(pid) ?? 0);
  return { serverMs: (after.serverMs - before.serverMs) / requests, databaseMs: databaseMs / requests };
}

/** The database name of a PostgreSQL URL, or null. */
export function databaseNameOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    return decodeURIComponent(new URL(url).pathname.replace(/^\//, '')) || null;
  } catch {
    return null;
  }
}
