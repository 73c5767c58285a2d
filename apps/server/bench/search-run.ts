import { SEED_TOPICS } from '../src/cli/seed-data.ts';
import type { Cleanup } from './cleanup.ts';
import { SERVER_SCRIPT, loadEach, serverEnv, startServer, type EngineSetup } from './engine-run.ts';
import type { Endpoint, LoadResult } from './load.ts';
import { measureOtherWork } from './machine.ts';
import { READY_PROBES } from './endpoints.ts';
import { findFreePort } from './server-process.ts';
import { checkSearchTargets, formatSeconds, type TargetCheck } from './targets.ts';

/** Seeding 100,000 pins takes 40-100 s on 2 busy cores (decision 29); the limit is generous. */
const SEED_START_TIMEOUT_MS = 1_800_000;
/** Latency targets are per request: a light load (a few people typing at once), not saturation. */
export const SEARCH_CONNECTIONS = 4;

export interface SearchReport {
  title: string;
  pinCount: number;
  seedStartMs: number;
  results: LoadResult[];
  checks: TargetCheck[];
}

/** Two-word queries of the seed's words (an adjective and a noun of each topic), and prefixes. */
function searchEndpoints(): Endpoint[] {
  const queries = SEED_TOPICS.flatMap((topic) =>
    topic.adjectives.slice(0, 2).map((adjective, i) => {
      const noun = topic.nouns[i]!.split(' ').at(-1)!;
      return `${adjective.toLowerCase()} ${noun}`;
    }),
  );
  const prefixes = SEED_TOPICS.flatMap((topic) => [topic.nouns[0]!.slice(0, 3), topic.board.slice(0, 4)]).map(
    (prefix) => prefix.toLowerCase(),
  );
  return [
    {
      key: 'searchPins',
      label: `GET /v3/search/pins/?q=<two words> (${queries.length} queries)`,
      paths: queries.map((q) => `/v3/search/pins/?q=${encodeURIComponent(q)}`),
      connections: SEARCH_CONNECTIONS,
    },
    {
      key: 'typeahead',
      label: `GET /v3/search/typeahead/?term=<prefix> (${prefixes.length} prefixes)`,
      paths: prefixes.map((term) => `/v3/search/typeahead/?term=${encodeURIComponent(term)}`),
      connections: SEARCH_CONNECTIONS,
    },
  ];
}

/** A server on a fresh database seeded with `pinCount` pins, then the search calls under load. */
export async function benchSearch(
  setup: EngineSetup,
  pinCount: number,
  cleanup: Cleanup,
): Promise<SearchReport> {
  console.log(`Search on ${setup.title}, ${pinCount.toLocaleString('en-US')} pins:`);
  const port = await findFreePort();
  const env = { ...serverEnv(setup, port), SEED_PINS: String(pinCount) };
  const started = await startServer(
    `${setup.kind} search server`,
    { script: SERVER_SCRIPT, repoRoot: setup.repoRoot, port, env, probes: READY_PROBES },
    SEED_START_TIMEOUT_MS,
    cleanup,
  );
  console.log(`  first start (migrate + seed ${pinCount} pins): ${formatSeconds(started.startMs)}`);
  const otherWork = await measureOtherWork();
  (otherWork.busy ? console.warn : console.log)(`  ${otherWork.text}`);
  const results = await loadEach(started.server, searchEndpoints(), setup.durationSeconds, cleanup);
  await started.stop();
  return {
    title: setup.title,
    pinCount,
    seedStartMs: started.startMs,
    results,
    checks: checkSearchTargets(results),
  };
}
