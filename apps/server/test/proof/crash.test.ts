/**
 * Crash proof: a real server process under a write load (sign-ups, boards, sections with moves,
 * uploads turned into pins, saves, follows) is killed with SIGKILL at random moments and
 * restarted, ten times. Afterwards every write that was answered 2xx is still there, every count
 * the triggers keep equals the rows it counts, no pin is half made, no media file is left that no
 * row refers to, and every restart came up (the PGlite data-directory lock does not refuse it).
 *
 * PGlite: the server runs on a temp DATA_DIR. PostgreSQL (TEST_DATABASE=postgres): on a database
 * of its own, created and dropped here, with Redis when REDIS_URL is set.
 * CRASH_SEED=<n> reuses a run's random choices (the six writers' interleaving and so the kill
 * moments still vary); CRASH_VERBOSE=1 traces kills, restarts and refusals on stderr.
 *
 * Time: about 10 s a kill on a quiet 2-core machine (a restart is most of it: loading the
 * server's modules, opening the database, building the app).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/db/client.ts';
import { registerBody } from '../helpers/auth.ts';
import { TEST_CSRF_TOKEN } from '../helpers/browser.ts';
import { multipartOf } from '../helpers/media.ts';
import {
  freePort,
  killServer,
  spawnServer,
  stopServer,
  waitUntilReady,
  type ServerProcess,
} from '../helpers/server-process.ts';
import { copyPostgresTemplate, TEST_ENGINE } from '../helpers/test-database.ts';

const KILLS = 10;
const WORKERS = 6;
/**
 * When to kill: once this many writes (a random number in the range) have been acknowledged
 * since the restart, then after a random pause, so the kill lands at a random moment of the
 * load whatever the machine's speed.
 */
const KILL_AFTER_WRITES: [number, number] = [15, 60];
const KILL_PAUSE_MS = 400;
const START_TIMEOUT_MS = 60_000;

// ---------------------------------------------------------------------------------------------
// A small seeded generator, so a failing run can be replayed with CRASH_SEED.
const SEED = Number(process.env.CRASH_SEED ?? Math.floor(Math.random() * 2 ** 31));
let state = SEED || 1;
function random(): number {
  // mulberry32
  state = (state + 0x6d2b79f5) | 0;
  let t = state;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
/** CRASH_VERBOSE=1: a line per kill and restart on stderr, to watch a slow run. */
const trace = (message: string) => {
  if (process.env.CRASH_VERBOSE) fs.writeSync(2, `[crash] ${new Date().toISOString()} ${message}\n`);
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------------------------------------
// The server process: started, killed, restarted on the same port and data.

class CrashServer {
  readonly baseUrl: string;
  private run: ServerProcess | null = null;
  // Pending from a kill until the next start answers; workers wait on it.
  private markUp: () => void = () => {};
  private up: Promise<void> = new Promise((resolve) => (this.markUp = resolve));
  readonly restartMs: number[] = [];
  readonly log: fs.WriteStream;

  constructor(
    private readonly port: number,
    readonly env: NodeJS.ProcessEnv,
    readonly logFile: string,
  ) {
    this.baseUrl = `http://127.0.0.1:${port}`;
    this.log = fs.createWriteStream(logFile);
  }

  /** Resolves when a server answers (workers wait on it while one restarts). */
  waitUp(): Promise<void> {
    return this.up;
  }

  private spawn(): ServerProcess {
    this.run = spawnServer({ env: this.env, port: this.port, log: this.log });
    return this.run;
  }

  /**
   * The first start on PGlite, killed while it creates the database cluster in DATA_DIR (once
   * anything named `pglite…` appears there, after a random pause of up to `pauseMs`).
   */
  async killDuringFirstStart(dataDir: string, pauseMs: number): Promise<void> {
    const run = this.spawn();
    const deadline = Date.now() + START_TIMEOUT_MS;
    const creating = () =>
      fs.existsSync(dataDir) && fs.readdirSync(dataDir).some((n) => n.startsWith('pglite'));
    while (!creating() && run.running() && Date.now() < deadline) await sleep(20);
    await sleep(pauseMs);
    await this.kill();
  }

  async start(): Promise<number> {
    const ms = await waitUntilReady(this.spawn(), START_TIMEOUT_MS);
    this.markUp();
    return ms;
  }

  async kill(): Promise<void> {
    this.up = new Promise((resolve) => (this.markUp = resolve));
    await killServer(this.run!);
  }

  /** A clean stop (SIGTERM), as an operator's would be. */
  async stop(): Promise<void> {
    if (this.run) await stopServer(this.run);
  }

  async close(): Promise<void> {
    await this.stop();
    await new Promise((resolve) => this.log.end(resolve));
  }
}

// ---------------------------------------------------------------------------------------------
// The load: what was acknowledged (answered 2xx) is recorded and checked after the run.

interface Account {
  id: number;
  username: string;
  cookie: string;
}

interface Acknowledged {
  users: Account[];
  boards: { id: number; ownerId: number }[];
  sections: { id: number; boardId: number }[];
  uploads: { id: number; userId: number }[];
  pins: { id: number; boardId: number; pinnerId: number }[];
  saves: { id: number; sourceId: number; boardId: number }[];
  userFollows: { followerId: number; followeeId: number }[];
  boardFollows: { userId: number; boardId: number }[];
}

type Outcome = 'acknowledged' | 'refused' | 'failed' | 'interrupted';

class Load {
  readonly acked: Acknowledged = {
    users: [],
    boards: [],
    sections: [],
    uploads: [],
    pins: [],
    saves: [],
    userFollows: [],
    boardFollows: [],
  };
  readonly outcomes: Record<Outcome, number> = { acknowledged: 0, refused: 0, failed: 0, interrupted: 0 };
  readonly failures: string[] = [];
  private running = false;
  private workers: Promise<void>[] = [];
  private pictures = 0;

  constructor(private readonly server: CrashServer) {}

  private async call(
    method: string,
    url: string,
    account: Account | null,
    body?: unknown,
    multipart?: { payload: Buffer; headers: Record<string, string> },
  ): Promise<{ status: number; data: any; setCookie: string[] } | null> {
    const headers: Record<string, string> = {
      cookie: [account?.cookie, `csrftoken=${TEST_CSRF_TOKEN}`].filter(Boolean).join('; '),
      'x-csrftoken': TEST_CSRF_TOKEN,
      origin: this.server.baseUrl,
      ...(multipart?.headers ?? (body === undefined ? {} : { 'content-type': 'application/json' })),
    };
    let response: Response;
    try {
      response = await fetch(`${this.server.baseUrl}${url}`, {
        method,
        headers,
        body: multipart
          ? new Uint8Array(multipart.payload)
          : body === undefined
            ? undefined
            : JSON.stringify(body),
        signal: AbortSignal.timeout(20_000),
      });
    } catch (error) {
      // The server died under the request (or was down): whatever it did is not acknowledged.
      trace(`interrupted: ${method} ${url}: ${String((error as Error).cause ?? error)}`);
      this.outcomes.interrupted++;
      return null;
    }
    const text = await response.text().catch(() => null);
    if (text === null) {
      this.outcomes.interrupted++;
      return null;
    }
    let data: any = null;
    try {
      data = JSON.parse(text).resource_response;
    } catch {
      // not JSON: recorded below as a failure when it is not a 2xx
    }
    if (response.status >= 500) {
      this.outcomes.failed++;
      this.failures.push(`${method} ${url} → ${response.status} ${text.slice(0, 200)}`);
    } else if (response.status >= 400) {
      this.outcomes.refused++;
      trace(`refused: ${method} ${url} → ${response.status} ${text.slice(0, 160)}`);
    } else {
      this.outcomes.acknowledged++;
    }
    return { status: response.status, data: data?.data, setCookie: response.headers.getSetCookie() };
  }

  private ok(result: Awaited<ReturnType<Load['call']>>): result is NonNullable<typeof result> {
    return result !== null && result.status >= 200 && result.status < 300;
  }

  async signUp(): Promise<void> {
    const result = await this.call('POST', '/v3/register/', null, registerBody());
    if (!this.ok(result)) return;
    const session = result.setCookie
      .map((c) => c.split(';')[0]!)
      .find((c) => c.startsWith('_pinboard_sess='));
    const viewer = result.data.user;
    this.acked.users.push({ id: Number(viewer.id), username: viewer.user.username, cookie: session ?? '' });
  }

  private async picture(): Promise<Buffer> {
    const n = this.pictures++;
    // Different bytes every time, so every upload writes files of its own.
    return sharp({
      create: {
        width: 160 + (n % 40),
        height: 200,
        channels: 3,
        background: { r: n % 256, g: (n >> 8) % 256, b: 97 },
      },
    })
      .png()
      .toBuffer();
  }

  private ownBoards(account: Account) {
    return this.acked.boards.filter((board) => board.ownerId === account.id);
  }

  async createBoard(account: Account): Promise<void> {
    const name = `Crash ${randomBytes(4).toString('hex')}`;
    const result = await this.call('POST', '/v3/boards/', account, { name });
    if (this.ok(result)) this.acked.boards.push({ id: Number(result.data.id), ownerId: account.id });
  }

  async createSection(account: Account): Promise<void> {
    const board = pick(this.ownBoards(account));
    const movable = this.acked.pins.filter((pin) => pin.boardId === board.id).slice(-3);
    const result = await this.call('POST', `/v3/boards/${board.id}/sections/`, account, {
      name: `Part ${randomBytes(3).toString('hex')}`,
      ...(movable.length > 0 && random() < 0.5 ? { initial_pins: movable.map((pin) => String(pin.id)) } : {}),
    });
    if (this.ok(result)) this.acked.sections.push({ id: Number(result.data.id), boardId: board.id });
  }

  async uploadAndPin(account: Account): Promise<void> {
    const upload = await this.call('POST', '/v3/media/uploads/', account, undefined, {
      ...multipartOf(await this.picture(), 'picture.png', 'image/png'),
    });
    if (!this.ok(upload)) return;
    const uploadId = Number(upload.data.media_upload_id);
    this.acked.uploads.push({ id: uploadId, userId: account.id });
    const board = pick(this.ownBoards(account));
    const sections = this.acked.sections.filter((section) => section.boardId === board.id);
    const created = await this.call('POST', '/v3/pins/', account, {
      board_id: String(board.id),
      ...(sections.length > 0 && random() < 0.3 ? { section_id: String(pick(sections).id) } : {}),
      title: `Crash pin ${uploadId}`,
      description: `Saved under load #crash #${pick(['lamps', 'rugs', 'chairs'])}`,
      method: 'uploaded',
      media_upload_id: String(uploadId),
    });
    if (this.ok(created)) {
      this.acked.pins.push({ id: Number(created.data.id), boardId: board.id, pinnerId: account.id });
    }
  }

  async save(account: Account): Promise<void> {
    const source = pick([...this.acked.pins, ...this.acked.saves]);
    const board = pick(this.ownBoards(account));
    const result = await this.call('POST', `/v3/pins/${source.id}/repin/`, account, {
      board_id: String(board.id),
    });
    if (!this.ok(result)) return;
    const saved = Number(result.data.pin.id);
    // A save of a pin already on the board answers that pin: nothing new to check.
    if (!result.data.already_saved)
      this.acked.saves.push({ id: saved, sourceId: source.id, boardId: board.id });
  }

  async followUser(account: Account): Promise<void> {
    const other = pick(this.acked.users.filter((user) => user.id !== account.id));
    const result = await this.call(
      'PUT',
      `/v3/users/${encodeURIComponent(other.username)}/follow/`,
      account,
      {},
    );
    if (this.ok(result)) this.acked.userFollows.push({ followerId: account.id, followeeId: other.id });
  }

  async followBoard(account: Account): Promise<void> {
    const board = pick(this.acked.boards.filter((b) => b.ownerId !== account.id));
    const result = await this.call('PUT', `/v3/boards/${board.id}/follow/`, account, {});
    if (this.ok(result)) this.acked.boardFollows.push({ userId: account.id, boardId: board.id });
  }

  /** One write chosen by weight, among those the current state allows. */
  private async step(): Promise<void> {
    const account = pick(this.acked.users);
    const hasBoard = this.ownBoards(account).length > 0;
    const hasPins = this.acked.pins.length > 0;
    const choices: [number, () => Promise<void>][] = [
      // Sign-ups hash with argon2 (slow on purpose): a small share.
      [3, () => this.signUp()],
      [hasBoard ? 8 : 60, () => this.createBoard(account)],
      [hasBoard ? 6 : 0, () => this.createSection(account)],
      [hasBoard ? 30 : 0, () => this.uploadAndPin(account)],
      [hasBoard && hasPins ? 30 : 0, () => this.save(account)],
      [this.acked.users.length > 1 ? 10 : 0, () => this.followUser(account)],
      [this.acked.boards.some((b) => b.ownerId !== account.id) ? 10 : 0, () => this.followBoard(account)],
    ];
    const total = choices.reduce((sum, [weight]) => sum + weight, 0);
    let roll = random() * total;
    for (const [weight, run] of choices) {
      roll -= weight;
      if (weight > 0 && roll <= 0) return run();
    }
  }

  start(): void {
    this.running = true;
    this.workers = Array.from({ length: WORKERS }, async () => {
      while (this.running) {
        await this.server.waitUp();
        if (!this.running) break;
        const before = this.outcomes.interrupted;
        await this.step();
        // Down: wait for the restart rather than spinning on refused connections.
        if (this.outcomes.interrupted > before) await sleep(20);
      }
    });
  }

  async stop(): Promise<void> {
    this.running = false;
    await Promise.all(this.workers);
  }
}

// ---------------------------------------------------------------------------------------------
// After the run: what the database and the media directory hold.

async function rowsOf<T>(db: DatabaseHandle['db'], query: string): Promise<T[]> {
  const result = (await db.execute(sql.raw(query))) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * Each count column kept by triggers, and the query that counts what it counts: follows,
 * collaborators and board and section pins of active accounts only (migration 0014).
 */
const COUNT_CHECKS: { name: string; query: string }[] = [
  {
    name: 'users.pin_count',
    query: `select u.id, u.pin_count as kept, (select count(*) from pins p where p.pinner_id = u.id)::int as real from users u`,
  },
  {
    name: 'users.board_count',
    query: `select u.id, u.board_count as kept, (select count(*) from boards b where b.owner_id = u.id)::int as real from users u`,
  },
  {
    name: 'users.follower_count',
    query: `select u.id, u.follower_count as kept, (select count(*) from user_follows f join users a on a.id = f.follower_id and a.status = 'active' where f.followee_id = u.id)::int as real from users u`,
  },
  {
    name: 'users.following_count',
    query: `select u.id, u.following_count as kept, (select count(*) from user_follows f join users a on a.id = f.followee_id and a.status = 'active' where f.follower_id = u.id)::int as real from users u`,
  },
  {
    name: 'boards.pin_count',
    query: `select b.id, b.pin_count as kept, (select count(*) from pins p join users a on a.id = p.pinner_id and a.status = 'active' where p.board_id = b.id)::int as real from boards b`,
  },
  {
    name: 'boards.section_count',
    query: `select b.id, b.section_count as kept, (select count(*) from board_sections s where s.board_id = b.id)::int as real from boards b`,
  },
  {
    name: 'boards.follower_count',
    query: `select b.id, b.follower_count as kept, (select count(*) from board_follows f join users a on a.id = f.user_id and a.status = 'active' where f.board_id = b.id)::int as real from boards b`,
  },
  {
    name: 'boards.collaborator_count',
    query: `select b.id, b.collaborator_count as kept, (select count(*) from board_collaborators c join users a on a.id = c.user_id and a.status = 'active' where c.board_id = b.id)::int as real from boards b`,
  },
  {
    name: 'board_sections.pin_count',
    query: `select s.id, s.pin_count as kept, (select count(*) from pins p join users a on a.id = p.pinner_id and a.status = 'active' where p.section_id = s.id)::int as real from board_sections s`,
  },
  {
    // Every pair kept, and every pair with pins kept too (a missing row would count 0).
    name: 'board_pinner_counts.pin_count',
    query: `select c.pinner_id || ':' || c.board_id as id, c.pin_count as kept, (select count(*) from pins p where p.pinner_id = c.pinner_id and p.board_id = c.board_id)::int as real from board_pinner_counts c
      union all select p.pinner_id || ':' || p.board_id, 0, count(*)::int from pins p
      where not exists (select 1 from board_pinner_counts c where c.pinner_id = p.pinner_id and c.board_id = p.board_id)
      group by p.pinner_id, p.board_id`,
  },
  {
    name: 'pins.repin_count',
    query: `select p.id, p.repin_count as kept, (select count(*) from pins r where r.via_pin_id = p.id)::int as real from pins p`,
  },
  {
    // The vocabulary only grows; under this load (inserts only, no renames or privacy changes)
    // it must equal the public pins carrying each term.
    name: 'search_terms.pin_count',
    // A term's count is the sum of its rows, one per connection that added to it (migration 0024).
    query: `select t.term as id, t.pin_count as kept, (
        select count(*) from pins p join boards b on b.id = p.board_id and b.privacy = 'public'
        where t.term in (select pin_search_terms(p.title, p.description, p.hashtags))
      )::int as real from (select term, sum(pin_count)::int as pin_count from search_terms group by term) t`,
  },
];

/** Rows that would be a half-made write: each query lists offenders. */
const HALF_MADE_CHECKS: { name: string; query: string }[] = [
  {
    name: 'pin without its image row',
    query: `select p.id from pins p left join images i on i.id = p.image_id where i.id is null`,
  },
  {
    name: 'saved pin without its source',
    query: `select p.id from pins p where p.via_pin_id is not null and not exists (select 1 from pins s where s.id = p.via_pin_id)`,
  },
  {
    name: 'pin on a board that is gone, or in a section of another board',
    query: `select p.id from pins p left join boards b on b.id = p.board_id
      left join board_sections s on s.id = p.section_id
      where b.id is null or (p.section_id is not null and (s.id is null or s.board_id <> p.board_id))`,
  },
  {
    name: 'idea pin whose page count is not its pages',
    query: `select p.id from pins p where p.story_page_count <> (select count(*) from pin_story_pages s where s.pin_id = p.id)`,
  },
  {
    name: 'ready upload without its picture',
    query: `select u.id from media_uploads u left join images i on i.id = u.image_id where u.status = 'ready' and i.id is null`,
  },
  {
    name: 'pin whose board has no cover',
    query: `select distinct b.id from boards b join pins p on p.board_id = b.id where b.cover_image_id is null`,
  },
];

function walkFiles(root: string, relative = ''): string[] {
  const entries = fs.readdirSync(path.join(root, relative), { withFileTypes: true });
  return entries.flatMap((entry) => {
    const child = relative ? `${relative}/${entry.name}` : entry.name;
    return entry.isDirectory() ? walkFiles(root, child) : [child];
  });
}

// ---------------------------------------------------------------------------------------------

const postgresMissing = TEST_ENGINE === 'postgres' && !process.env.DATABASE_URL;
if (postgresMissing) {
  console.log('[proof:crash] skipped on postgres: TEST_DATABASE=postgres but DATABASE_URL is not set');
}

describe.skipIf(postgresMissing)(`crash proof (${TEST_ENGINE})`, () => {
  let tmp: string;
  let server: CrashServer;
  let database: { url: string; drop(): Promise<void> } | null = null;

  beforeAll(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'pinboard-crash-'));
    const port = await freePort();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: path.join(tmp, 'data'),
      SEED_DEMO: '0',
      BOT_CHECK: 'off',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
    };
    delete env.DATABASE_URL;
    delete env.REDIS_URL;
    delete env.TEST_DATABASE;
    if (TEST_ENGINE === 'postgres') {
      // A database of its own (a copy of the migrated template), dropped at the end.
      database = await copyPostgresTemplate();
      env.DATABASE_URL = database.url;
      if (process.env.REDIS_URL) env.REDIS_URL = process.env.REDIS_URL;
      // One instance owns this media directory: nothing else can be mid-upload in it.
      env.MEDIA_SWEEP_GRACE_SECONDS = '0';
    }
    server = new CrashServer(port, env, path.join(tmp, 'server.log'));
  });

  afterAll(async () => {
    await server?.close();
    await database?.drop();
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('loses no acknowledged write, keeps every count and leaves nothing half made over 10 SIGKILLs', async () => {
    const began = Date.now();
    // PGlite: the very first start is killed while it creates its cluster; the next must work.
    let firstStartKills = 0;
    if (TEST_ENGINE === 'pglite') {
      await server.killDuringFirstStart(path.join(tmp, 'data'), 200 + random() * 600);
      firstStartKills = 1;
      trace('killed during the first start');
    }
    const firstStartMs = await server.start();
    const load = new Load(server);
    // A few people to begin with, so every kind of write has someone to act for.
    for (let i = 0; i < 3; i++) await load.signUp();
    expect(load.acked.users.length).toBe(3);

    load.start();
    for (let kill = 0; kill < KILLS; kill++) {
      const target =
        load.outcomes.acknowledged +
        KILL_AFTER_WRITES[0] +
        Math.floor(random() * (KILL_AFTER_WRITES[1] - KILL_AFTER_WRITES[0]));
      // Bounded: a server that stops acknowledging fails the count at the end, not the timeout.
      const waitUntil = Date.now() + 60_000;
      while (load.outcomes.acknowledged < target && Date.now() < waitUntil) await sleep(10);
      await sleep(random() * KILL_PAUSE_MS);
      await server.kill();
      trace(`kill ${kill + 1}: ${load.outcomes.acknowledged} acknowledged so far`);
      server.restartMs.push(await server.start());
      trace(`restart ${kill + 1} in ${server.restartMs.at(-1)} ms`);
    }
    await sleep(500);
    await load.stop();
    trace('load stopped');
    // One last SIGKILL with nothing running, then a start and a clean stop: the checks read
    // what a restart after a crash finds (the media sweep included).
    await server.kill();
    const lastRestartMs = await server.start();
    await server.stop();
    trace('stopped cleanly; checking');

    const handle =
      TEST_ENGINE === 'postgres'
        ? await openDatabase({ databaseUrl: server.env.DATABASE_URL })
        : await openDatabase({ pgliteDir: path.join(tmp, 'data', 'pglite') });
    try {
      const { db } = handle;
      const idsOf = async (table: string, ids: number[]) =>
        ids.length === 0
          ? new Set<number>()
          : new Set(
              (
                await rowsOf<{ id: string }>(db, `select id from ${table} where id in (${ids.join(',')})`)
              ).map((row) => Number(row.id)),
            );
      const a = load.acked;
      const lost: string[] = [];
      const expectAll = async (label: string, table: string, ids: number[]) => {
        const found = await idsOf(table, ids);
        for (const id of ids) if (!found.has(id)) lost.push(`${label} ${id}`);
      };
      await expectAll(
        'user',
        'users',
        a.users.map((u) => u.id),
      );
      await expectAll(
        'board',
        'boards',
        a.boards.map((b) => b.id),
      );
      await expectAll(
        'section',
        'board_sections',
        a.sections.map((s) => s.id),
      );
      await expectAll(
        'upload',
        'media_uploads',
        a.uploads.map((u) => u.id),
      );
      await expectAll(
        'pin',
        'pins',
        a.pins.map((p) => p.id),
      );
      await expectAll(
        'save',
        'pins',
        a.saves.map((s) => s.id),
      );
      const pinRows = new Map(
        (
          await rowsOf<{ id: string; board_id: string; pinner_id: string; via_pin_id: string | null }>(
            db,
            'select id, board_id, pinner_id, via_pin_id from pins',
          )
        ).map((row) => [Number(row.id), row]),
      );
      for (const pin of a.pins) {
        const row = pinRows.get(pin.id);
        if (row && (Number(row.board_id) !== pin.boardId || Number(row.pinner_id) !== pin.pinnerId))
          lost.push(`pin ${pin.id} moved off its board`);
      }
      for (const saved of a.saves) {
        const row = pinRows.get(saved.id);
        if (row && (Number(row.board_id) !== saved.boardId || Number(row.via_pin_id) !== saved.sourceId))
          lost.push(`save ${saved.id} is not the save acknowledged`);
      }
      const userFollows = new Set(
        (
          await rowsOf<{ k: string }>(db, `select follower_id || ':' || followee_id as k from user_follows`)
        ).map((row) => row.k),
      );
      for (const f of a.userFollows)
        if (!userFollows.has(`${f.followerId}:${f.followeeId}`))
          lost.push(`user follow ${f.followerId}:${f.followeeId}`);
      const boardFollows = new Set(
        (await rowsOf<{ k: string }>(db, `select user_id || ':' || board_id as k from board_follows`)).map(
          (row) => row.k,
        ),
      );
      for (const f of a.boardFollows)
        if (!boardFollows.has(`${f.userId}:${f.boardId}`)) lost.push(`board follow ${f.userId}:${f.boardId}`);

      let countsChecked = 0;
      const wrongCounts: string[] = [];
      for (const check of COUNT_CHECKS) {
        const rows = await rowsOf<{ id: string; kept: number; real: number }>(db, check.query);
        countsChecked += rows.length;
        for (const row of rows)
          if (Number(row.kept) !== Number(row.real))
            wrongCounts.push(`${check.name} of ${row.id}: kept ${row.kept}, real ${row.real}`);
      }

      const halfMade: string[] = [];
      for (const check of HALF_MADE_CHECKS) {
        const rows = await rowsOf<{ id: string }>(db, check.query);
        for (const row of rows) halfMade.push(`${check.name}: ${row.id}`);
      }

      // Files: every rendition a row names exists, and every file is named by a row.
      const mediaDir = path.join(tmp, 'data', 'media');
      const files = new Set(walkFiles(mediaDir));
      const imageRows = await rowsOf<{ id: string; sizes: Record<string, { key: string }> | string }>(
        db,
        'select id, sizes from images',
      );
      const videoRows = await rowsOf<{ key: string }>(
        db,
        `select video_key as key from media_uploads where video_key is not null
           union select video_key from pins where video_key is not null
           union select video_key from pin_story_pages where video_key is not null`,
      );
      const named = new Set<string>(videoRows.map((row) => row.key));
      for (const row of imageRows) {
        const sizes = typeof row.sizes === 'string' ? JSON.parse(row.sizes) : row.sizes;
        for (const { key } of Object.values(sizes as Record<string, { key: string }>)) {
          named.add(key);
          if (!files.has(key)) halfMade.push(`image ${row.id} without its file ${key}`);
        }
      }
      const orphans = [...files].filter((file) => !named.has(file));

      const log = fs.readFileSync(server.logFile, 'utf8');
      const swept = [...log.matchAll(/"removed":(\d+)[^\n]*media sweep/g)].reduce(
        (n, m) => n + Number(m[1]),
        0,
      );
      const restarts = [...server.restartMs, lastRestartMs];
      const seconds = ((Date.now() - began) / 1000).toFixed(1);
      const median = [...restarts].sort((x, y) => x - y)[Math.floor(restarts.length / 2)];
      console.log(
        `[proof:crash] ${TEST_ENGINE}: ${KILLS + 1 + firstStartKills} SIGKILLs (${KILLS} under load${firstStartKills ? ', 1 while PGlite created its cluster' : ''}), ${load.outcomes.acknowledged} acknowledged writes ` +
          `(${a.users.length} users, ${a.boards.length} boards, ${a.sections.length} sections, ${a.uploads.length} uploads, ` +
          `${a.pins.length} pins, ${a.saves.length} saves, ${a.userFollows.length + a.boardFollows.length} follows), ` +
          `lost ${lost.length}, ${countsChecked} counts checked (${wrongCounts.length} wrong), half-made ${halfMade.length}, ` +
          `orphans ${orphans.length} (${swept} swept at restarts), ${load.outcomes.interrupted} interrupted, ` +
          `${load.outcomes.refused} refused, ${load.outcomes.failed} 5xx; ` +
          `first start ${firstStartMs} ms, restarts ${restarts.join('/')} ms (median ${median}), ${seconds} s, seed ${SEED}`,
      );
      expect(load.failures).toEqual([]);
      expect(lost).toEqual([]);
      expect(wrongCounts).toEqual([]);
      expect(halfMade).toEqual([]);
      expect(orphans).toEqual([]);
      expect(server.restartMs).toHaveLength(KILLS);
      expect(load.outcomes.acknowledged).toBeGreaterThan(100);
    } finally {
      await handle.close();
    }
  }, 600_000);
});
