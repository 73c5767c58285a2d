import fs from 'node:fs';
import os from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { CONNECTIONS, warmupSeconds } from './load.ts';
import { MIXED_CONNECTIONS } from './scenarios.ts';

/** Above this many cores busy with other work, the figures are marked as taken on a busy machine. */
const BUSY_CORES = 0.3;
const SAMPLE_MS = 2_000;

export interface OtherWork {
  text: string;
  busy: boolean;
}

/** Busy and total CPU time of the whole machine so far, from /proc/stat (Linux), in ticks. */
function readCpuTicks(): { busy: number; total: number } | null {
  try {
    const [firstLine] = fs.readFileSync('/proc/stat', 'utf8').split('\n', 1);
    // cpu user nice system idle iowait irq softirq steal ...
    const ticks = firstLine!.trim().split(/\s+/).slice(1, 9).map(Number);
    const total = ticks.reduce((sum, value) => sum + value, 0);
    return { busy: total - ticks[3]! - ticks[4]!, total };
  } catch {
    return null;
  }
}

/**
 * How much CPU other work takes, sampled while our servers sit idle just before a load. The
 * load average cannot tell: it also counts our own seed and the previous load's processes.
 */
export async function measureOtherWork(): Promise<OtherWork> {
  const cores = os.availableParallelism();
  const before = readCpuTicks();
  await sleep(SAMPLE_MS);
  const after = readCpuTicks();
  if (!before || !after || after.total === before.total) {
    const [oneMinute = 0] = os.loadavg();
    return { text: `load average ${oneMinute.toFixed(2)} on ${cores} cores`, busy: oneMinute > cores };
  }
  const busyCores = ((after.busy - before.busy) / (after.total - before.total)) * cores;
  const busy = busyCores > BUSY_CORES;
  const text = `other work used ${busyCores.toFixed(2)} of ${cores} cores in the ${SAMPLE_MS / 1000} s before the load`;
  return { text: busy ? `${text}: BUSY, figures are lower than on a quiet machine` : text, busy };
}

/** What the figures depend on: cores, CPU, Node, time, the load settings. */
export function describeMachine(durationSeconds: number): string {
  const cpu = os.cpus()[0]?.model.trim() ?? 'unknown CPU';
  const memoryGiB = Math.round(os.totalmem() / 2 ** 30);
  return [
    `Machine: ${os.availableParallelism()} cores (${cpu}), ${memoryGiB} GiB, ${os.type()} ${os.release()}`,
    `Node ${process.version}; ${new Date().toISOString()}`,
    `Load: autocannon in the bench process, ${CONNECTIONS} connections (the mixed scenario also ${MIXED_CONNECTIONS.slice(1).join(', ')}), ${warmupSeconds(durationSeconds)} s warm-up then ${durationSeconds} s per scenario`,
  ].join('\n');
}
