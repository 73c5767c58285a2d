/**
 * The signed-in bench people, made the way a person signs up: the web app's bot check (an ALTCHA
 * challenge solved like the widget does), `POST /v3/register/`, then boards of their own, a few
 * saves into them and follows of seed boards and people, all through the API, so their home feed
 * and profile are real. The session cookie each answer set is what their connections send.
 */
import { randomBytes } from 'node:crypto';
import { botCheckPayload, type BotCheckChallenge } from '../test/helpers/browser.ts';
import type { SeedIds } from './bench-database.ts';

const PASSWORD = 'violet-harbour-71';
const BIRTHDAY_SECONDS = Date.parse('1990-05-17T00:00:00Z') / 1000;
const BOARDS_EACH = 3;
const SAVES_PER_BOARD = 4;
const FOLLOWED_BOARDS = 5;
const FOLLOWED_PEOPLE = 5;
/** People made at once: sign-up hashes a password and the bot check costs the bench CPU. */
const AT_ONCE = 4;

export interface BenchPerson {
  userId: number;
  username: string;
  /** The `Cookie` header their requests send: session and CSRF token. */
  cookie: string;
  /** The CSRF token, echoed in `X-CSRFToken` on writes. */
  csrf: string;
  boardIds: number[];
}

/** The bench's saves, checked against the rows once the server has stopped. */
export interface SaveLedger {
  /** Saves sent. */
  sent: number;
  /** Saves answered (any status); the rest were in flight when a load stopped. */
  answered: number;
  /** Saves answered 2xx as a new pin: pin id → board id. */
  added: Map<number, number>;
}

export const newSaveLedger = (): SaveLedger => ({ sent: 0, answered: 0, added: new Map() });

export const pick = <T>(values: readonly T[]): T => values[Math.floor(Math.random() * values.length)]!;

/** A fetch client with a cookie jar, like the browser the web app runs in. */
class Browser {
  private readonly jar = new Map<string, string>();
  constructor(private readonly baseUrl: string) {}

  get cookie(): string {
    return [...this.jar].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  csrf(): string {
    return this.jar.get('csrftoken') ?? '';
  }

  /** The answer's `data`; anything but 2xx throws with the status and the envelope's error. */
  async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const headers: Record<string, string> = { accept: 'application/json', cookie: this.cookie };
    if (method !== 'GET') headers['x-csrftoken'] = this.csrf();
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';', 1);
      const at = pair.indexOf('=');
      if (at > 0) this.jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    const text = await response.text();
    if (response.status < 200 || response.status > 299) {
      throw new Error(`${method} ${path} answered ${response.status}: ${text.slice(0, 300)}`);
    }
    return (JSON.parse(text) as { resource_response: { data: T } }).resource_response.data;
  }
}

/** What the bot-check widget sends: the challenge with the number that solves it, as base64 JSON. */
async function solvedBotCheck(browser: Browser): Promise<string> {
  const { challenge } = await browser.call<{ provider: string; challenge: BotCheckChallenge | null }>(
    'GET',
    '/v3/bot_check/challenge/',
  );
  return challenge ? botCheckPayload(challenge) : '';
}

/**
 * A 2xx save's answer: whether it names a pin on the board asked for; one answered as new goes
 * into the ledger.
 */
export function recordSave(ledger: SaveLedger, answer: RepinAnswer, boardId: number): boolean {
  if (Number(answer.board?.id) !== boardId || !answer.pin?.id) return false;
  if (!answer.already_saved) ledger.added.set(Number(answer.pin.id), boardId);
  return true;
}

export interface RepinAnswer {
  pin?: { id?: string };
  board?: { id?: string };
  already_saved?: boolean;
}

async function makePerson(
  baseUrl: string,
  index: number,
  runTag: string,
  ids: SeedIds,
  ledger: SaveLedger,
): Promise<BenchPerson> {
  const browser = new Browser(baseUrl);
  const token = await solvedBotCheck(browser);
  const { user: viewer } = await browser.call<{
    user: { id: string | null; user: { username: string } | null };
  }>('POST', '/v3/register/', {
    type: 'email',
    email: `bench.${runTag}.${index}@example.com`,
    password: PASSWORD,
    birthday: BIRTHDAY_SECONDS,
    first_name: `Bench ${index}`,
    ...(token ? { recaptchaV3Token: token } : {}),
  });
  const boardIds: number[] = [];
  for (let b = 0; b < BOARDS_EACH; b++) {
    const board = await browser.call<{ id: string }>('POST', '/v3/boards/', { name: `Bench board ${b + 1}` });
    boardIds.push(Number(board.id));
  }
  for (const boardId of boardIds) {
    for (let s = 0; s < SAVES_PER_BOARD; s++) {
      ledger.sent += 1;
      const answer = await browser.call<RepinAnswer>('POST', `/v3/pins/${pick(ids.pinIds)}/repin/`, {
        board_id: String(boardId),
      });
      ledger.answered += 1;
      if (!recordSave(ledger, answer, boardId))
        throw new Error('a save answered 2xx without the pin on its board');
    }
  }
  for (let f = 0; f < FOLLOWED_BOARDS; f++)
    await browser.call('PUT', `/v3/boards/${pick(ids.boardIds)}/follow/`);
  for (let f = 0; f < FOLLOWED_PEOPLE; f++) {
    await browser.call('PUT', `/v3/users/${encodeURIComponent(pick(ids.usernames))}/follow/`);
  }
  if (!viewer.id || !viewer.user) throw new Error('sign-up answered without a signed-in viewer');
  return {
    userId: Number(viewer.id),
    username: viewer.user.username,
    cookie: browser.cookie,
    csrf: browser.csrf(),
    boardIds,
  };
}

/** Makes `count` bench people through the API, a few at a time; throws on the first failure. */
export async function makeBenchPeople(
  baseUrl: string,
  count: number,
  ids: SeedIds,
  ledger: SaveLedger,
): Promise<BenchPerson[]> {
  const runTag = randomBytes(3).toString('hex');
  const people: BenchPerson[] = new Array(count);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const index = next++;
      people[index] = await makePerson(baseUrl, index, runTag, ids, ledger);
    }
  };
  await Promise.all(Array.from({ length: Math.min(AT_ONCE, count) }, worker));
  return people;
}
