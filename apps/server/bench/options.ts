import { parseArgs } from 'node:util';
import { SCENARIO_NAMES, parseScenarios, type ScenarioName } from './scenarios.ts';

export type EngineChoice = 'pglite' | 'postgres' | 'all';

export interface BenchOptions {
  engine: EngineChoice;
  /** Seconds of measured load per scenario (after the warm-up). */
  durationSeconds: number;
  /** Keep the bench database and data directories for EXPLAIN ANALYZE or a second look. */
  keep: boolean;
  /** Run the loaded server under `node --cpu-prof` and keep the profiles. */
  cpuProf: boolean;
  /** Pins the server seeds at its first start (`SEED_PINS`). */
  pins: number;
  /** Signed-in bench people made through the sign-up API. */
  people: number;
  /** The scenarios to load, in the order they run. */
  scenarios: ScenarioName[];
  /** Seconds of the mixed scenario for the steady-memory check (0: no soak). */
  soakSeconds: number;
  /** PostgreSQL's server runs with this REDIS_URL (live events through Redis pub/sub); none by default. */
  redisUrl?: string;
  /** PostgreSQL starts from a copy of this kept bench database instead of an empty one. */
  fromDatabase?: string;
}

export const DEFAULT_PINS = 100_000;
/** The smallest seed with enough boards, sections and people for random ids to mean something. */
export const MIN_PINS = 600;
export const DEFAULT_PEOPLE = 50;
export const MAX_PEOPLE = 500;
/** What `--soak` alone asks for. */
export const DEFAULT_SOAK_SECONDS = 300;

export const USAGE = `Usage: npm run bench -- [--engine pglite|postgres|all] [--pins <n>] [--scenario <a,b,...>]
                         [--duration <s>] [--people <n>] [--soak [<s>]] [--redis-url <url>] [--keep] [--cpu-prof]
                         [--from <database>]

  --engine    which database engine(s) to measure (default: all; PostgreSQL is skipped when unreachable)
  --pins      pins the server seeds at its first start, ${MIN_PINS} to 100000 (default: ${DEFAULT_PINS})
  --scenario  comma-separated scenarios to load, in this order (default: all of them):
              ${SCENARIO_NAMES.join(', ')}
              visitor: the signed-out feed, pin, board's pins and user's boards (the answer cache);
              the others are signed in, each connection as one of the bench people; mixed runs at 50 and 200
              connections; live runs mixed at 50 while every bench person holds a live stream and
              others save their pins and follow them, timing each event to its stream; promoted
              (PostgreSQL) reads the people's home feeds before and after 1,000 active campaigns are
              written, timing what choosing the promoted pins takes in the server; ledger (PostgreSQL)
              charges impressions from two processes at up to 10,000 a second, then checks the ledger
  --duration  seconds of measured load per scenario, after a short warm-up (default: 10)
  --people    signed-in bench people made through the sign-up API, ${DEFAULT_PEOPLE} to ${MAX_PEOPLE} (default: ${DEFAULT_PEOPLE})
  --soak      after the scenarios, a warm-up then this many seconds of the mixed scenario, printing
              the server's RSS before and after (default when given without a number: ${DEFAULT_SOAK_SECONDS})
  --redis-url the PostgreSQL server runs with this REDIS_URL, so live events (and rate limits) go through
              Redis as with several instances (default: none, the in-process bus)
  --keep      keep the bench PostgreSQL database and the temp data directories, and print where they are
  --cpu-prof  run the loaded server with node --cpu-prof and print where the .cpuprofile files are
  --from      PostgreSQL starts from a copy of this database (one --keep left, already seeded) instead
              of an empty one: the first start only migrates, so a change is measured in minutes on the
              same seed; its first-start time is not the seed's (PGlite always starts empty)`;

/** `--soak` with no number after it (last, or followed by another option) means the default. */
function withSoakDefault(argv: string[]): string[] {
  return argv.flatMap((arg, index) => {
    const next = argv[index + 1];
    return arg === '--soak' && (next === undefined || next.startsWith('--'))
      ? [arg, String(DEFAULT_SOAK_SECONDS)]
      : [arg];
  });
}

function wholeNumber(name: string, text: string, min: number, max: number): number {
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < min || value > max) {
    throw new Error(`--${name} must be a whole number from ${min} to ${max}, not "${text}"\n\n${USAGE}`);
  }
  return value;
}

/** Parses the bench's command line; throws with the usage text on bad input. */
export function parseBenchOptions(argv: string[]): BenchOptions | 'help' {
  let values;
  try {
    ({ values } = parseArgs({
      args: withSoakDefault(argv),
      options: {
        engine: { type: 'string', default: 'all' },
        duration: { type: 'string', default: '10' },
        keep: { type: 'boolean', default: false },
        'cpu-prof': { type: 'boolean', default: false },
        pins: { type: 'string', default: String(DEFAULT_PINS) },
        people: { type: 'string', default: String(DEFAULT_PEOPLE) },
        scenario: { type: 'string', default: SCENARIO_NAMES.join(',') },
        soak: { type: 'string', default: '0' },
        'redis-url': { type: 'string' },
        from: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new Error(`${(error as Error).message}\n\n${USAGE}`);
  }
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
  let scenarios: ScenarioName[];
  try {
    scenarios = parseScenarios(values.scenario);
  } catch (error) {
    throw new Error(`--scenario: ${(error as Error).message}\n\n${USAGE}`);
  }
  const redisUrl = values['redis-url'];
  if (redisUrl !== undefined && !/^rediss?:\/\/./.test(redisUrl)) {
    throw new Error(`--redis-url must be a redis:// or rediss:// URL, not "${redisUrl}"\n\n${USAGE}`);
  }
  const fromDatabase = values.from;
  if (fromDatabase !== undefined && !/^[a-z_][a-z0-9_]*$/.test(fromDatabase)) {
    throw new Error(
      `--from must name a database (lower-case letters, digits, _), not "${fromDatabase}"\n\n${USAGE}`,
    );
  }
  return {
    engine,
    durationSeconds,
    keep: values.keep,
    cpuProf: values['cpu-prof'],
    pins: wholeNumber('pins', values.pins, MIN_PINS, 100_000),
    people: wholeNumber('people', values.people, DEFAULT_PEOPLE, MAX_PEOPLE),
    scenarios,
    soakSeconds: values.soak === '0' ? 0 : wholeNumber('soak', values.soak, 10, 86_400),
    ...(redisUrl === undefined ? {} : { redisUrl }),
    ...(fromDatabase === undefined ? {} : { fromDatabase }),
  };
}
