/**
 * The signed-in scenarios' calls. Each connection signs in as one bench person (its own session
 * cookie) and asks for random ids over the whole seed, read from the bench database.
 */
import type { SeedIds } from './bench-database.ts';
import type { Call, Endpoint } from './load.ts';
import { pick, recordSave, type BenchPerson, type RepinAnswer, type SaveLedger } from './people.ts';
import {
  MIXED_CONNECTIONS,
  personOfConnection,
  pickMixedAction,
  searchQueries,
  typeaheadPrefixes,
  type MixedAction,
  type ScenarioName,
} from './scenarios.ts';

export interface SignedInWorld {
  ids: SeedIds;
  people: BenchPerson[];
  ledger: SaveLedger;
  /** Boards the loads made so far: each new board's name is numbered, so no person repeats one. */
  boardsMade: number;
}

/** A connection's calls: one after another from `steps`; a step may give more than one call. */
type Step = () => Call[];

function connectionSource(steps: Step): () => Call {
  const queued: Call[] = [];
  return () => {
    if (queued.length === 0) queued.push(...steps());
    return queued.shift()!;
  };
}

/** The calls one person can make, with their cookie. */
function callsOf(world: SignedInWorld, person: BenchPerson) {
  const { ids, ledger } = world;
  const read = { accept: 'application/json', cookie: person.cookie };
  const write = { ...read, 'x-csrftoken': person.csrf };
  const json = { ...write, 'content-type': 'application/json' };
  const queries = searchQueries();
  const prefixes = typeaheadPrefixes();
  const get = (kind: string, path: string): Call => ({ kind, method: 'GET', path, headers: read });

  const save = (): Call => {
    const boardId = pick(person.boardIds);
    ledger.sent += 1;
    return {
      kind: 'save',
      method: 'POST',
      path: `/v3/pins/${pick(ids.pinIds)}/repin/`,
      headers: json,
      body: JSON.stringify({ board_id: String(boardId) }),
      answered: () => {
        ledger.answered += 1;
      },
      check: (_status, body) => {
        let answer: RepinAnswer | undefined;
        try {
          answer = (JSON.parse(body) as { resource_response?: { data?: RepinAnswer } }).resource_response
            ?.data;
        } catch {
          return 'a 2xx save whose answer is not JSON';
        }
        return answer && recordSave(ledger, answer, boardId)
          ? null
          : 'a 2xx save whose answer does not name a pin on the asked board';
      },
    };
  };

  const closeup = (): Call[] => {
    const id = pick(ids.pinIds);
    return [get('closeup', `/v3/pins/${id}/`), get('closeup', `/v3/pins/${id}/saved_to/`)];
  };
  const profile = (): Call[] => {
    const username = encodeURIComponent(pick(ids.usernames));
    return [get('profile', `/v3/users/${username}/`), get('profile', `/v3/users/${username}/boards/`)];
  };

  const steps: Record<MixedAction, Step> = {
    feed: () => [get('feed', '/v3/feeds/home/')],
    closeup,
    board: () => [get('board', `/v3/boards/${pick(ids.boardIds)}/pins/`)],
    section: () => [get('section', `/v3/board_sections/${pick(ids.sectionIds)}/pins/`)],
    profile,
    search: () => [get('search', `/v3/search/pins/?q=${encodeURIComponent(pick(queries))}`)],
    typeahead: () => [get('typeahead', `/v3/search/typeahead/?term=${encodeURIComponent(pick(prefixes))}`)],
    related: () => [get('related', `/v3/pins/${pick(ids.pinIds)}/related/`)],
    save: () => [save()],
    followBoard: () => [
      {
        kind: 'followBoard',
        method: 'PUT',
        path: `/v3/boards/${pick(ids.boardIds)}/follow/`,
        headers: write,
      },
    ],
    followUser: () => [
      {
        kind: 'followUser',
        method: 'PUT',
        path: `/v3/users/${encodeURIComponent(pick(ids.usernames))}/follow/`,
        headers: write,
      },
    ],
    newBoard: () => [
      {
        kind: 'newBoard',
        method: 'POST',
        path: '/v3/boards/',
        headers: json,
        body: JSON.stringify({ name: `Bench load board ${++world.boardsMade}` }),
      },
    ],
  };
  return steps;
}

interface SignedInScenario {
  key: string;
  label: string;
  /** The step each call of the scenario takes; the mixed one picks one at random each time. */
  step: MixedAction | 'mixed';
}

const SCENARIOS: Partial<Record<ScenarioName, SignedInScenario>> = {
  feed: { key: 'home', label: 'home feed: GET /v3/feeds/home/', step: 'feed' },
  closeup: {
    key: 'closeup',
    label: 'closeup: GET /v3/pins/{id}/ + /v3/pins/{id}/saved_to/',
    step: 'closeup',
  },
  related: { key: 'related', label: 'related: GET /v3/pins/{id}/related/', step: 'related' },
  board: { key: 'board', label: "board's pins: GET /v3/boards/{id}/pins/", step: 'board' },
  profile: {
    key: 'profile',
    label: 'profile: GET /v3/users/{username}/ + /boards/',
    step: 'profile',
  },
  search: { key: 'search', label: 'pin search: GET /v3/search/pins/?q=<two words>', step: 'search' },
  typeahead: {
    key: 'typeahead',
    label: 'typeahead: GET /v3/search/typeahead/?term=<prefix>',
    step: 'typeahead',
  },
  save: { key: 'save', label: 'save: POST /v3/pins/{id}/repin/ (own board)', step: 'save' },
};

/** The load of each signed-in scenario asked for; `mixed` gives one per MIXED_CONNECTIONS. */
export function signedInEndpoints(world: SignedInWorld, scenarios: readonly ScenarioName[]): Endpoint[] {
  const endpointOf = (
    key: string,
    label: string,
    step: MixedAction | 'mixed',
    connections?: number,
  ): Endpoint => ({
    key,
    label,
    ...(connections === undefined ? {} : { connections }),
    calls: (connection) => {
      const person = world.people[personOfConnection(connection, world.people.length)]!;
      const steps = callsOf(world, person);
      // A person makes one board at a time (a second while the first is made is refused,
      // board_action_in_progress_create): only their first connection makes boards, and a
      // person's other connections (200 connections, 50 people) save instead.
      const firstOfPerson = connection < world.people.length;
      const mixed = () => {
        const action = pickMixedAction(Math.random());
        return steps[action === 'newBoard' && !firstOfPerson ? 'save' : action]();
      };
      return connectionSource(step === 'mixed' ? mixed : steps[step]);
    },
  });
  const endpoints: Endpoint[] = [];
  for (const name of scenarios) {
    if (name === 'mixed') {
      for (const connections of MIXED_CONNECTIONS) {
        endpoints.push(
          endpointOf(`mixed${connections}`, `mixed, ${connections} connections`, 'mixed', connections),
        );
      }
      continue;
    }
    const scenario = SCENARIOS[name];
    if (scenario) endpoints.push(endpointOf(scenario.key, scenario.label, scenario.step));
  }
  return endpoints;
}

/** The soak's load: the mixed scenario at 50 connections. */
export function soakEndpoint(world: SignedInWorld): Endpoint {
  return signedInEndpoints(world, ['mixed']).find(
    (endpoint) => endpoint.key === `mixed${MIXED_CONNECTIONS[0]}`,
  )!;
}

/**
 * Signed-in answers are never kept (the visitor answer cache and the signed-out feed skip any
 * signed-in viewer), so a person's write shows at once in their next read. Saves a pin, then
 * reads the board's pins and the pin's saved-to list as that person straight after: a kept
 * answer would not have it. Answers what it found, or throws.
 */
export async function checkSignedInAnswersAreFresh(baseUrl: string, world: SignedInWorld): Promise<string> {
  const person = world.people[0]!;
  const boardId = person.boardIds[0]!;
  const headers = { accept: 'application/json', cookie: person.cookie };
  const read = async (path: string): Promise<string> => {
    const response = await fetch(`${baseUrl}${path}`, { headers, signal: AbortSignal.timeout(10_000) });
    const text = await response.text();
    if (response.status !== 200)
      throw new Error(`GET ${path} answered ${response.status}: ${text.slice(0, 200)}`);
    return text;
  };
  // Read first, so a cache (if there were one) would hold the answer from before the save.
  await read(`/v3/boards/${boardId}/pins/`);
  let pinId: number | undefined;
  for (let attempt = 0; attempt < 20 && pinId === undefined; attempt++) {
    const sourceId = pick(world.ids.pinIds);
    await read(`/v3/pins/${sourceId}/saved_to/`);
    world.ledger.sent += 1;
    const response = await fetch(`${baseUrl}/v3/pins/${sourceId}/repin/`, {
      method: 'POST',
      headers: { ...headers, 'x-csrftoken': person.csrf, 'content-type': 'application/json' },
      body: JSON.stringify({ board_id: String(boardId) }),
      signal: AbortSignal.timeout(10_000),
    });
    const text = await response.text();
    world.ledger.answered += 1;
    if (response.status !== 200) throw new Error(`a save answered ${response.status}: ${text.slice(0, 200)}`);
    const answer = (JSON.parse(text) as { resource_response: { data: RepinAnswer } }).resource_response.data;
    if (!recordSave(world.ledger, answer, boardId))
      throw new Error('a save answered without its pin on the board');
    if (answer.already_saved) continue;
    pinId = Number(answer.pin!.id);
    const savedTo = await read(`/v3/pins/${sourceId}/saved_to/`);
    if (!savedTo.includes(`"${boardId}"`))
      throw new Error(`the saved-to list right after a save misses board ${boardId}`);
  }
  if (pinId === undefined) throw new Error('20 saves in a row were already saved');
  const boardPins = await read(`/v3/boards/${boardId}/pins/`);
  if (!boardPins.includes(`"${pinId}"`)) {
    throw new Error(
      `board ${boardId}'s pins right after a save miss pin ${pinId}: a signed-in answer was kept`,
    );
  }
  return 'a save showed at once in the saver’s board’s pins and the pin’s saved-to list (signed-in answers are computed every time; only visitors get the one-second answer cache)';
}
