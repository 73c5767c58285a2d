import { parseArgs } from 'node:util';

export type EngineChoice = 'pglite' | 'postgres' | 'all';

export interface BenchOptions {
  engine: EngineChoice;
  /** Seconds of measured load per endpoint (after the warm-up). */
  durationSeconds: number;
  /** Keep the bench database and data directories for EXPLAIN ANALYZE or a second look. */
  keep: boolean;
  /** Run the loaded server under `node --cpu-prof` and keep the profiles. */
  cpuProf: boolean;
}

export const USAGE = `Usage: npm run bench -- [--engine pglite|postgres|all] [--duration <s>] [--keep] [--cpu-prof]

  --engine    which database engine(s) to measure (default: all; PostgreSQL is skipped when unreachable)
  --duration  seconds of measured load per endpoint, after a short warm-up (default: 10)
  --keep      keep the bench PostgreSQL database and the temp data directories, and print where they are
  --cpu-prof  run the loaded server with node --cpu-prof and print where the .cpuprofile files are`;

/** Parses the bench's command line; throws with the usage text on bad input. */
export function parseBenchOptions(argv: string[]): BenchOptions | 'help' {
  const { values } = parseArgs({
    args: argv,
    options: {
      engine: { type: 'string', default: 'all' },
      duration: { type: 'string', default: '10' },
      keep: { type: 'boolean', default: false },
      'cpu-prof': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  });
  if (values.help) return 'help';
  const engine = values.engine;
  if (engine !== 'pglite' && engine !== 'postgres' && engine !== 'all') {
    throw new Error(`--engine must be pglite, postgres or all, not "${engine}"\n\n${USAGE}`);
  }
  const durationSeconds = Number(values.duration);
  if (!Number.isFinite(durationSeconds) || durationSeconds < 1 || durationSeconds > 600) {
    throw new Error(
      `--duration must be a number of seconds between 1 and 600, not "${values.duration}"\n\n${USAGE}`,
    );
  }
  return { engine, durationSeconds, keep: values.keep, cpuProf: values['cpu-prof'] };
}
