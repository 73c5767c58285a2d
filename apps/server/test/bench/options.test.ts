import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PEOPLE,
  DEFAULT_PINS,
  DEFAULT_SOAK_SECONDS,
  parseBenchOptions,
  USAGE,
} from '../../bench/options.ts';
import { SCENARIO_NAMES } from '../../bench/scenarios.ts';

const parse = (...argv: string[]) => parseBenchOptions(argv);

describe('bench options', () => {
  it('default to both engines, the big seed, every scenario and no soak', () => {
    expect(parse()).toEqual({
      engine: 'all',
      durationSeconds: 10,
      keep: false,
      cpuProf: false,
      pins: DEFAULT_PINS,
      people: DEFAULT_PEOPLE,
      scenarios: [...SCENARIO_NAMES],
      soakSeconds: 0,
    });
  });

  it('take a quick check: one engine, a small seed, two scenarios, a short run', () => {
    const options = parse(
      '--engine',
      'postgres',
      '--pins',
      '600',
      '--scenario',
      'closeup,feed',
      '--duration',
      '3',
    );
    expect(options).toMatchObject({
      engine: 'postgres',
      pins: 600,
      durationSeconds: 3,
      // Run order, whatever order they were named in.
      scenarios: ['feed', 'closeup'],
    });
  });

  it('read --soak alone as the default soak, before another option or last', () => {
    expect(parse('--soak')).toMatchObject({ soakSeconds: DEFAULT_SOAK_SECONDS });
    expect(parse('--soak', '--engine', 'pglite')).toMatchObject({
      soakSeconds: DEFAULT_SOAK_SECONDS,
      engine: 'pglite',
    });
    expect(parse('--soak', '60')).toMatchObject({ soakSeconds: 60 });
  });

  it('take a Redis URL for the PostgreSQL server, and none by default', () => {
    expect(parse('--redis-url', 'redis://127.0.0.1:6379')).toMatchObject({
      redisUrl: 'redis://127.0.0.1:6379',
    });
    expect(parse()).not.toHaveProperty('redisUrl');
  });

  it('take a kept database to start PostgreSQL from, and none by default', () => {
    expect(parse('--from', 'pinboard_bench_1a2b3c4d')).toMatchObject({
      fromDatabase: 'pinboard_bench_1a2b3c4d',
    });
    expect(parse()).not.toHaveProperty('fromDatabase');
  });

  it('answer help with the usage, which names every option and scenario', () => {
    expect(parse('--help')).toBe('help');
    for (const option of [
      '--engine',
      '--pins',
      '--scenario',
      '--duration',
      '--people',
      '--soak',
      '--redis-url',
      '--keep',
      '--cpu-prof',
      '--from',
    ]) {
      expect(USAGE).toContain(option);
    }
    for (const name of SCENARIO_NAMES) expect(USAGE).toContain(name);
  });

  it.each([
    [['--engine', 'mysql'], /--engine must be/],
    [['--pins', '100'], /--pins must be a whole number from 600 to 100000/],
    [['--pins', '100001'], /--pins must be/],
    [['--pins', '1e5'], /--pins must be/],
    [['--people', '10'], /--people must be a whole number from 50/],
    [['--duration', '0'], /--duration must be/],
    [['--soak', '5'], /--soak must be/],
    [['--scenario', 'feed,nope'], /--scenario: unknown scenario "nope"/],
    [['--scenario', 'feed,feed'], /"feed" is named twice/],
    [['--scenario', ','], /name at least one/],
    [['--search-pins', '10'], /Unknown option/],
    [['--redis-url', '127.0.0.1:6379'], /--redis-url must be a redis:\/\/ or rediss:\/\/ URL/],
    [['--from', 'bench"; drop'], /--from must name a database/],
    [['stray'], /Unexpected argument/],
  ])('refuse %j with a clear message and the usage', (argv, message) => {
    expect(() => parseBenchOptions(argv)).toThrow(message);
    expect(() => parseBenchOptions(argv)).toThrow(/Usage: npm run bench/);
  });
});
