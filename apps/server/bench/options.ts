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
  /** Pins seeded for the search figures on PostgreSQL (0: no search figures). */
  searchPins: number;
}

export const USAGE = `Usage: npm run bench -- [--engine pglite|postgres|all] [--duration <s>] [--keep] [--cpu-prof] [--search-pins <n>]

  --engine    which database engine(s) to measure (default: all; PostgreSQL is skipped when unreachable)
  --duration  seconds of measured load per endpoint, after a short warm-up (default: 10)
  --keep      keep the bench PostgreSQL database and the temp data directories, and print where they are
  --cpu-prof  run the loaded server with node --cpu-prof and print where the .cpuprofile files are
  --search-pins  pins seeded on a fresh PostgreSQL database for the search figures, up to 100000
              (default: 100000; 0 skips them)`;

/** Parses the bench's command line; throws with the usage text on bad input. */
export function parseBenchOptions(argv: string[]): BenchOptions | 'help' {
  const { values } = parseArgs({
    args: argv,
    options: {
      engine: { type: 'string', default: 'all' },
      duration: { type: 'string', default: '10' },
      keep: { type: 'boolean', default: false },
      'cpu-prof': { type: 'boolean', default: false },
      'search-pins': { type: 'string', default: '100000' },
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
  const searchPins = Number(values['search-pins']);
  if (!Number.isInteger(searchPins) || searchPins < 0 || searchPins > 100_000) {
    throw new Error(
      `--search-pins must be a whole number from 0 to 100000, not "${values['search-pins']}"\n\n${USAGE}`,
    );
  }
  return { engine, durationSeconds, keep: values.keep, cpuProf: values['cpu-prof'], searchPins };
}
