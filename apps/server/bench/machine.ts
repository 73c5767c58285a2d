import os from 'node:os';
import { CONNECTIONS, warmupSeconds } from './load.ts';

/** Other work on the machine skews every figure; say how busy it was. */
export function describeLoadAverage(): string {
  const [one, five, fifteen] = os.loadavg().map((value) => value.toFixed(2));
  return `load average ${one} / ${five} / ${fifteen} (1 / 5 / 15 min)`;
}

/** What the figures depend on: cores, CPU, Node, time, the load settings. */
export function describeMachine(durationSeconds: number): string {
  const cpu = os.cpus()[0]?.model.trim() ?? 'unknown CPU';
  const memoryGiB = Math.round(os.totalmem() / 2 ** 30);
  return [
    `Machine: ${os.availableParallelism()} cores (${cpu}), ${memoryGiB} GiB, ${os.type()} ${os.release()}`,
    `Node ${process.version}; ${new Date().toISOString()}; ${describeLoadAverage()}`,
    `Load: autocannon in the bench process, ${CONNECTIONS} connections, ${warmupSeconds(durationSeconds)} s warm-up then ${durationSeconds} s per endpoint`,
  ].join('\n');
}
