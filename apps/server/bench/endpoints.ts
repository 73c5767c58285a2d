import type { Endpoint } from './load.ts';

/** The page a browser opens, then the API call it makes first: together they say "serving". */
export const READY_PROBES = [{ path: '/', accept: 'text/html' }, { path: '/v3/feeds/home/' }];

const MAX_BOARDS = 10;
/** Feed, pin, board's pins, user's boards. */
export const ENDPOINT_COUNT = 4;

interface FeedPin {
  id: string;
  board: { id: string };
  pinner: { username: string };
}

async function getJson(url: string): Promise<unknown> {
  const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
  const body: unknown = await response.json().catch(() => null);
  if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}`);
  return body;
}

function unique<T>(values: T[]): T[] {
  return [...new Set(values)];
}

interface Candidate {
  key: string;
  /** The path with its parameter named, e.g. `/v3/pins/{id}/`. */
  template: string;
  /** What one id is, for the label ("25 pins"); absent for a path without parameters. */
  noun?: string;
  paths: string[];
}

export interface DiscoveredEndpoints {
  endpoints: Endpoint[];
  /** Paths that did not answer 200 before the load, so they were left out; each is a server bug. */
  problems: string[];
}

/** What GET answers, without throwing: a status, or the network error. */
async function statusOf(url: string): Promise<string | null> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
    await response.arrayBuffer();
    return response.status === 200 ? null : `answered ${response.status}`;
  } catch (error) {
    return `failed: ${(error as Error).message}`;
  }
}

/**
 * The loaded endpoints, with real ids read from the first feed page. Pins, boards and users
 * rotate over several ids so the figures are not those of one hot row. Every path is tried
 * once first: a 4xx under load would look like a fast endpoint, so failing ones are left out
 * and reported instead.
 */
export async function discoverEndpoints(baseUrl: string): Promise<DiscoveredEndpoints> {
  const feed = (await getJson(`${baseUrl}/v3/feeds/home/`)) as { resource_response?: { data?: FeedPin[] } };
  const pins = feed.resource_response?.data;
  if (!Array.isArray(pins) || pins.length === 0) {
    throw new Error('the first home feed page has no pins: was the demo seeded?');
  }
  const pinIds = unique(pins.map((pin) => pin.id));
  const boardIds = unique(pins.map((pin) => pin.board.id)).slice(0, MAX_BOARDS);
  const usernames = unique(pins.map((pin) => pin.pinner.username));

  const candidates: Candidate[] = [
    { key: 'feed', template: '/v3/feeds/home/', paths: ['/v3/feeds/home/'] },
    { key: 'pin', template: '/v3/pins/{id}/', noun: 'pins', paths: pinIds.map((id) => `/v3/pins/${id}/`) },
    {
      key: 'boardPins',
      template: '/v3/boards/{id}/pins/',
      noun: 'boards',
      paths: boardIds.map((id) => `/v3/boards/${id}/pins/`),
    },
    {
      key: 'userBoards',
      template: '/v3/users/{username}/boards/',
      noun: 'users',
      paths: usernames.map((username) => `/v3/users/${encodeURIComponent(username)}/boards/`),
    },
  ];

  const endpoints: Endpoint[] = [];
  const problems: string[] = [];
  for (const candidate of candidates) {
    const working: string[] = [];
    for (const path of candidate.paths) {
      const problem = await statusOf(`${baseUrl}${path}`);
      if (problem) problems.push(`GET ${path} ${problem}: left out of the load`);
      else working.push(path);
    }
    if (working.length === 0) {
      problems.push(`GET ${candidate.template}: no id answered 200, not measured`);
      continue;
    }
    const count = candidate.noun ? ` (${working.length} ${candidate.noun})` : '';
    endpoints.push({
      key: candidate.key,
      label: `visitor: GET ${candidate.template}${count}`,
      paths: working,
    });
  }
  return { endpoints, problems };
}

export const HELLO_ENDPOINT: Endpoint = { key: 'hello', label: 'GET / (hello world)', paths: ['/'] };
