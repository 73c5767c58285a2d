/**
 * What the bench can load, and the mixed scenario's share of each kind of call. Pure: the calls
 * themselves are built in `signed-in.ts` from the bench database's ids and the bench people.
 */
import { SEED_TOPICS } from '../src/cli/seed-data.ts';

/**
 * Every scenario, in the order a run loads them: reads first, then the writes, then the mix, then
 * the mix again with every bench person holding a live stream (`live.ts`), then the promoted pins'
 * choosing with 1,000 campaigns and the ledger charged from two processes (`promoted.ts`).
 */
export const SCENARIO_NAMES = [
  'visitor',
  'feed',
  'closeup',
  'related',
  'board',
  'profile',
  'search',
  'typeahead',
  'save',
  'mixed',
  'live',
  'promoted',
  'ledger',
] as const;
export type ScenarioName = (typeof SCENARIO_NAMES)[number];

/** Scenarios that need the signed-in bench people (all but the visitor's and the ledger's). */
export const SIGNED_IN_SCENARIOS: readonly ScenarioName[] = SCENARIO_NAMES.filter(
  (name) => name !== 'visitor' && name !== 'ledger',
);

/** Scenarios that write into the bench database from the bench itself: PostgreSQL only. */
export const POSTGRES_ONLY_SCENARIOS: readonly ScenarioName[] = ['promoted', 'ledger'];

/**
 * `feed,closeup` → those scenarios in run order; `all` → every one. Unknown names, an empty list
 * or repeats are refused, so a typo never quietly measures less than asked.
 */
export function parseScenarios(text: string): ScenarioName[] {
  const asked = text
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  if (asked.length === 0) throw new Error(`name at least one of ${SCENARIO_NAMES.join(', ')}`);
  if (asked.length === 1 && asked[0] === 'all') return [...SCENARIO_NAMES];
  const unknown = asked.filter((name) => !(SCENARIO_NAMES as readonly string[]).includes(name));
  if (unknown.length > 0) {
    throw new Error(`unknown scenario ${unknown.map((name) => `"${name}"`).join(', ')}`);
  }
  const repeated = asked.filter((name, index) => asked.indexOf(name) !== index);
  if (repeated.length > 0) throw new Error(`"${repeated[0]}" is named twice`);
  return SCENARIO_NAMES.filter((name) => asked.includes(name));
}

/** One call of the mixed scenario. */
export type MixedAction =
  | 'feed'
  | 'closeup'
  | 'board'
  | 'section'
  | 'profile'
  | 'search'
  | 'typeahead'
  | 'related'
  | 'save'
  | 'followBoard'
  | 'followUser'
  | 'newBoard';

/**
 * The mix, in percent of calls: 60 reads of what people open (the home feed, a pin's closeup, a
 * board or one of its sections, a profile), 15 searches and typeahead, 15 related pins, 10 writes
 * (saves, follows of boards and people, new boards).
 */
export const MIXED_GROUPS: { name: string; percent: number; actions: [MixedAction, number][] }[] = [
  {
    name: 'feed, closeup, board and profile reads',
    percent: 60,
    actions: [
      ['feed', 15],
      ['closeup', 15],
      ['board', 11],
      ['section', 4],
      ['profile', 15],
    ],
  },
  {
    name: 'search and typeahead',
    percent: 15,
    actions: [
      ['search', 8],
      ['typeahead', 7],
    ],
  },
  { name: 'related pins', percent: 15, actions: [['related', 15]] },
  {
    name: 'writes',
    percent: 10,
    actions: [
      ['save', 6],
      ['followBoard', 1.5],
      ['followUser', 1.5],
      ['newBoard', 1],
    ],
  },
];

const CUMULATIVE: [MixedAction, number][] = (() => {
  let total = 0;
  return MIXED_GROUPS.flatMap((group) => group.actions).map(([action, percent]) => {
    total += percent;
    return [action, total / 100];
  });
})();

/** The mixed scenario's next call for a uniform random number in [0, 1). */
export function pickMixedAction(random: number): MixedAction {
  for (const [action, upTo] of CUMULATIVE) if (random < upTo) return action;
  // Only reached by rounding at the very top of the range.
  return CUMULATIVE.at(-1)![0];
}

/** Connections of the mixed scenario: the usual 50, and 200 to see how it holds up when crowded. */
export const MIXED_CONNECTIONS = [50, 200] as const;

/** Which bench person connection `connection` signs in as: every person gets connections in turn. */
export function personOfConnection(connection: number, people: number): number {
  return connection % people;
}

/** Two-word queries of the seed's words: an adjective and a noun of each topic. */
export function searchQueries(): string[] {
  return SEED_TOPICS.flatMap((topic) =>
    topic.adjectives.slice(0, 2).map((adjective, i) => {
      const noun = topic.nouns[i]!.split(' ').at(-1)!;
      return `${adjective.toLowerCase()} ${noun}`;
    }),
  );
}

/**
 * What people type as the typeahead answers: every start, two to eight letters, of every word of
 * the seed's nouns, adjectives, board and section names and hashtags (about a thousand distinct
 * terms, so the lists a typeahead keeps for a second are found for some and read for others, as
 * when many people type).
 */
export function typeaheadPrefixes(): string[] {
  const words = SEED_TOPICS.flatMap((topic) =>
    [...topic.nouns, ...topic.adjectives, topic.board, ...(topic.sections ?? []), ...topic.hashtags].flatMap(
      (text) => text.toLowerCase().split(/\s+/),
    ),
  );
  const prefixes = new Set<string>();
  for (const word of words) {
    for (let length = 2; length <= Math.min(word.length, 8); length++) prefixes.add(word.slice(0, length));
  }
  return [...prefixes];
}
