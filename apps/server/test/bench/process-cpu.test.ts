import { describe, expect, it } from 'vitest';
import { cpuPerRequest, databaseNameOf, processCpuMs } from '../../bench/process-cpu.ts';

describe('the bench CPU per request', () => {
  it('divides the server and database backends CPU of a run by its requests', () => {
    const before = { serverMs: 1000, backendMs: new Map([[11, 500]]) };
    // Backend 12 connected during the run: all of its time is the run's.
    const after = {
      serverMs: 1400,
      backendMs: new Map([
        [11, 700],
        [12, 100],
      ]),
    };
    expect(cpuPerRequest(before, after, 200)).toEqual({ serverMs: 2, databaseMs: 1.5 });
    expect(cpuPerRequest(before, after, 0)).toBeNull();
  });

  it('reads a database name from its URL', () => {
    expect(databaseNameOf('postgres://postgres@127.0.0.1:5432/pinboard_bench_ab12')).toBe(
      'pinboard_bench_ab12',
    );
    expect(databaseNameOf(undefined)).toBeNull();
  });

  it.skipIf(process.platform !== 'linux')('reads a process CPU time from /proc', () => {
    expect(processCpuMs(process.pid)).toBeGreaterThan(0);
    expect(processCpuMs(2 ** 30)).toBeNull();
  });
});
