import { randomInt } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/db/client.ts';
import { adminToken } from '../../src/lib/data-dir-lock.ts';
import { LOGIN_LOCKOUT, RATE_LIMITS } from '../../src/policies/rate-limits.ts';
import { factories, type Factories } from '../helpers/factories.ts';
import { makeImage, multipartOf } from '../helpers/media.ts';
import {
  freePort,
  spawnServer,
  stopServer,
  waitUntilReady,
  type ServerProcess,
} from '../helpers/server-process.ts';
import { startTestBucket, type TestBucket } from '../helpers/s3.ts';
import { copyPostgresTemplate, TEST_ENGINE } from '../helpers/test-database.ts';

/**
 * The cluster proof: two server processes (`node --import tsx apps/server/src/main.ts`, as
 * `npm start` runs it) on one PostgreSQL database, one Redis and one S3-compatible bucket
 * (s3rver), behind a round-robin proxy this test runs. Whatever one instance is told, the other
 * answers the same: sessions (ended on one, refused on the other from the next request),
 * lockouts and rate limits, uploaded media, and operator changes within a second, visitor caches
 * included.
 */

const READY =
  TEST_ENGINE === 'postgres' && Boolean(process.env.DATABASE_URL) && Boolean(process.env.REDIS_URL);
if (!READY) {
  console.log(
    '[proof:cluster] skipped: needs PostgreSQL and Redis (TEST_DATABASE=postgres, DATABASE_URL and REDIS_URL; `npm run test:pg` sets them)',
  );
}

const PASSWORD = 'violet-harbour-71';
const CSRF = 'csrf-token-for-cluster-proof-0123456789';
/** Every operator change must reach the other instance within this. */
const PROPAGATION_LIMIT_MS = 1000;

interface Instance {
  name: 'a' | 'b';
  url: string;
  dataDir: string;
  process: ServerProcess;
}

let bucket: TestBucket;
let database: { url: string; drop(): Promise<void> };
let handle: DatabaseHandle;
let make: Factories;
let instances: Instance[] = [];
let proxy: http.Server;
let proxyUrl: string;
const served = { a: 0, b: 0 };
const figures: string[] = [];
const started = Date.now();

function startInstance(name: Instance['name'], port: number, env: Record<string, string>): Instance {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `pinboard-cluster-${name}-`));
  const server = spawnServer({ env: { ...process.env, ...env, DATA_DIR: dataDir }, port });
  return { name, url: server.url, dataDir, process: server };
}

async function stopInstance(instance: Instance): Promise<void> {
  await stopServer(instance.process, 10_000);
  fs.rmSync(instance.dataDir, { recursive: true, force: true });
}

/** Round robin over the instances; each answer says which one gave it (x-cluster-instance). */
function startProxy(): Promise<http.Server> {
  let turn = 0;
  const server = http.createServer((request, response) => {
    const instance = instances[turn++ % instances.length]!;
    served[instance.name]++;
    const upstream = http.request(
      `${instance.url}${request.url}`,
      { method: request.method, headers: request.headers },
      (answer) => {
        response.writeHead(answer.statusCode!, { ...answer.headers, 'x-cluster-instance': instance.name });
        answer.pipe(response);
      },
    );
    upstream.on('error', (error) => response.writeHead(502).end(String(error)));
    request.pipe(upstream);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

let addressCounter = 0;
/**
 * A client address of its own (TRUST_PROXY=1), so address-wide limits of one check never reach
 * another; the run's own range, so no other run counting in the same Redis within a limit's
 * window (a second test run at the same time, another suite) shares one either.
 */
const runRange = `10.${randomInt(256)}.${randomInt(256)}`;
const newAddress = () => `${runRange}.${++addressCounter}`;

interface Answer {
  status: number;
  body: any;
  instance: string;
}

/** A browser: keeps its cookies, sends the CSRF header and its Origin like the web app. */
class Client {
  readonly cookies = new Map<string, string>([['csrftoken', CSRF]]);
  constructor(readonly address = newAddress()) {}

  async request(
    method: string,
    url: string,
    options: { json?: unknown; body?: Buffer; headers?: Record<string, string>; base?: string } = {},
  ): Promise<Answer> {
    const headers: Record<string, string> = {
      cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
      'x-csrftoken': CSRF,
      origin: proxyUrl,
      'x-forwarded-for': this.address,
      ...options.headers,
    };
    let body: Buffer | string | undefined = options.body;
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    }
    const response = await fetch(`${options.base ?? proxyUrl}${url}`, {
      method,
      headers,
      body,
      redirect: 'manual',
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair, ...attributes] = cookie.split(';');
      const [name, value = ''] = pair!.split('=');
      const cleared = value === '' || attributes.some((a) => /^\s*max-age=0$/i.test(a));
      if (cleared) this.cookies.delete(name!.trim());
      else this.cookies.set(name!.trim(), value);
    }
    const text = await response.text();
    const isJson = (response.headers.get('content-type') ?? '').includes('json');
    return {
      status: response.status,
      body: isJson ? JSON.parse(text) : text,
      instance: response.headers.get('x-cluster-instance') ?? 'direct',
    };
  }

  get = (url: string, base?: string) => this.request('GET', url, { base });
  post = (url: string, json: unknown, base?: string) => this.request('POST', url, { json, base });
}

const dataOf = (answer: Answer) => answer.body.resource_response?.data;
const codeOf = (answer: Answer) => answer.body.resource_response?.error?.code;
const other = (name: string) => instances.find((instance) => instance.name !== name)!;

/** Hands an admin command to one instance's admin endpoint, as `npm run admin` does. */
async function adminOn(instance: Instance, ...argv: string[]): Promise<string> {
  const response = await fetch(`${instance.url}/__admin/run`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken(instance.dataDir)}` },
    body: JSON.stringify({ argv }),
  });
  const body = (await response.json()) as { ok: boolean; output: string };
  expect(body.ok, body.output).toBe(true);
  return body.output;
}

/** `npm run admin -- …` against PostgreSQL (and Redis), in a process of its own. */
async function adminCli(env: Record<string, string>, ...argv: string[]): Promise<string> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pinboard-cluster-admin-'));
  const cli = spawnServer({
    env: { ...process.env, ...env, DATA_DIR: dataDir },
    script: 'apps/server/src/cli/admin.ts',
    args: argv,
  });
  const { code } = await cli.exited;
  fs.rmSync(dataDir, { recursive: true, force: true });
  expect(code, cli.output()).toBe(0);
  return cli.output();
}

/** Polls `seen` on `instance` until it holds; answers how long that took after `since`. */
async function heldWithin(since: number, seen: () => Promise<boolean>): Promise<number> {
  for (;;) {
    if (await seen()) return Date.now() - since;
    if (Date.now() - since > PROPAGATION_LIMIT_MS * 3) return Date.now() - since;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

let env: Record<string, string>;

describe.skipIf(!READY)('[proof:cluster] two instances behind a round-robin proxy', () => {
  beforeAll(async () => {
    bucket = await startTestBucket();
    database = await copyPostgresTemplate();
    handle = await openDatabase({ databaseUrl: database.url });
    make = factories(handle.db);
    proxy = await startProxy();
    proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
    env = {
      ...bucket.env,
      DATABASE_URL: database.url,
      REDIS_URL: process.env.REDIS_URL!,
      PUBLIC_URL: proxyUrl,
      SESSION_SECRET: 'cluster-proof-session-secret-0123456789abcdef',
      TRUST_PROXY: '1',
      BOT_CHECK: 'off',
      SEED_DEMO: '0',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
    };
    const [portA, portB] = [await freePort(), await freePort()];
    instances = [startInstance('a', portA, env), startInstance('b', portB, env)];
    await Promise.all(instances.map((instance) => waitUntilReady(instance.process, 90_000)));
    figures.push(`started in ${Date.now() - started} ms`);
  }, 120_000);

  afterAll(async () => {
    await Promise.all(instances.map(stopInstance));
    await new Promise((resolve) => proxy?.close(resolve));
    await handle?.close();
    await database?.drop();
    await bucket?.close();
    console.log(
      `[proof:cluster] 2 instances (PostgreSQL, Redis, s3rver) behind a round-robin proxy: ` +
        `${served.a + served.b} proxied requests (a ${served.a}, b ${served.b}); ${figures.join('; ')}; ` +
        `${Date.now() - started} ms in all`,
    );
  }, 30_000);

  it('keeps a session made on one instance on the other, and ends it on both at logout', async () => {
    const user = await make.userWithPassword(PASSWORD);
    const browser = new Client();
    const login = await browser.post('/v3/login/', { username_or_email: user.email, password: PASSWORD });
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    const seenBy = new Set<string>();
    for (let i = 0; i < 6; i++) {
      const me = await browser.get('/v3/users/me/');
      expect(dataOf(me)).toMatchObject({ type: 'AUTH', id: String(user.id) });
      seenBy.add(me.instance);
    }
    expect([...seenBy].sort()).toEqual(['a', 'b']);
    const logout = await browser.post('/v3/logout/', {});
    expect(logout.status).toBe(200);
    const after = await browser.get('/v3/users/me/');
    expect(after.instance).not.toBe(logout.instance);
    expect(dataOf(after).type).not.toBe('AUTH');
    figures.push(
      `session made on ${login.instance}, seen on a and b over 6 requests, logout on ${logout.instance} held on ${after.instance}`,
    );
  });

  it('ends another device’s session on both instances at once when settings sign out everywhere', async () => {
    const user = await make.userWithPassword(PASSWORD);
    const laptop = new Client();
    const phone = new Client();
    for (const browser of [laptop, phone]) {
      const [name, value] = (await make.sessionCookie(user.id)).split('=');
      browser.cookies.set(name!, value!);
    }
    // Each instance has looked the phone's session up (and keeps it a few seconds).
    for (const instance of instances) {
      expect(dataOf(await phone.get('/v3/users/me/', instance.url)).type).toBe('AUTH');
    }
    const ended = await laptop.post('/v3/users/settings/sessions/logout_all/', {}, instances[0]!.url);
    expect(dataOf(ended)).toEqual({ ended: 1 });
    // The very next request, on either instance, is refused.
    for (const instance of [...instances].reverse()) {
      expect(dataOf(await phone.get('/v3/users/me/', instance.url)).type).not.toBe('AUTH');
    }
    expect(dataOf(await laptop.get('/v3/users/me/', instances[1]!.url)).type).toBe('AUTH');
    figures.push('sign out everywhere on a: the other device refused next on b and a');
  });

  it('locks an account after its failures on both instances together', async () => {
    const user = await make.userWithPassword(PASSWORD);
    const byInstance: Record<string, number> = { a: 0, b: 0 };
    // Each attempt from an address of its own: only the account's count can add up to the lock.
    for (let i = 0; i < LOGIN_LOCKOUT.accountFailures; i++) {
      const failed = await new Client().post('/v3/login/', {
        username_or_email: user.email,
        password: 'wrong-password-1',
      });
      expect(failed.status).toBeGreaterThanOrEqual(400);
      expect(failed.status).toBeLessThan(500);
      byInstance[failed.instance]!++;
    }
    expect(byInstance.a).toBeGreaterThan(0);
    expect(byInstance.b).toBeGreaterThan(0);
    // Each instance alone saw fewer failures than the lock needs; together they reach it.
    expect(Math.max(byInstance.a!, byInstance.b!)).toBeLessThan(LOGIN_LOCKOUT.accountFailures);
    for (let i = 0; i < 2; i++) {
      const right = await new Client().post('/v3/login/', {
        username_or_email: user.email,
        password: PASSWORD,
      });
      expect(codeOf(right), `instance ${right.instance}`).toBe('login_rate_limited');
    }
    figures.push(
      `lockout after ${LOGIN_LOCKOUT.accountFailures} failures split a ${byInstance.a} / b ${byInstance.b}, refused on both`,
    );
  });

  it('counts an address-wide rate limit across both instances', async () => {
    const browser = new Client();
    const byInstance: Record<string, number> = { a: 0, b: 0 };
    let allowed = 0;
    let refusedAt = 0;
    for (let i = 1; i <= RATE_LIMITS['email-check'].max + 1; i++) {
      const answer = await browser.get(`/v3/register/exists/?email=someone${i}%40example.com`);
      byInstance[answer.instance]!++;
      if (answer.status === 200) allowed++;
      else {
        expect(codeOf(answer)).toBe('rate_limited');
        refusedAt = i;
        break;
      }
    }
    expect(allowed).toBe(RATE_LIMITS['email-check'].max);
    expect(refusedAt).toBe(RATE_LIMITS['email-check'].max + 1);
    figures.push(
      `email checks from one address: ${refusedAt} requests (a ${byInstance.a} / b ${byInstance.b}), ${allowed} allowed, number ${refusedAt} refused`,
    );
  });

  it('serves a pin uploaded through one instance from the other, its media from the bucket', async () => {
    const user = await make.user();
    const board = await make.board(user.id, { name: 'Cluster board' });
    const browser = new Client();
    const cookie = await make.sessionCookie(user.id);
    const [name, value] = cookie.split('=');
    browser.cookies.set(name!, value!);

    const { payload, headers } = multipartOf(await makeImage(320, 480, 'jpeg'), 'photo.jpg', 'image/jpeg');
    const uploaded = await browser.request('POST', '/v3/media/uploads/', { body: payload, headers });
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
    const created = await browser.post('/v3/pins/', {
      board_id: String(board.id),
      method: 'uploaded',
      media_upload_id: dataOf(uploaded).media_upload_id,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.instance).not.toBe(uploaded.instance);
    const pinId = dataOf(created).id;

    const uploader = instances.find((instance) => instance.name === uploaded.instance)!;
    const reader = other(uploader.name);
    const pin = dataOf(await new Client().get(`/v3/pins/${pinId}/`, reader.url));
    const bucketPrefix = `${bucket.endpoint}/${bucket.bucket}/`;
    let bytes = 0;
    for (const image of Object.values(pin.images) as { url: string }[]) {
      expect(image.url.startsWith(bucketPrefix)).toBe(true);
      const media = await fetch(image.url);
      expect(media.status).toBe(200);
      bytes += (await media.arrayBuffer()).byteLength;
    }
    // Neither instance keeps media on its own disk.
    for (const instance of instances) {
      expect(
        fs.readdirSync(path.join(instance.dataDir, 'media')).filter((entry) => !entry.startsWith('.')),
      ).toEqual([]);
    }
    figures.push(
      `pin uploaded on ${uploaded.instance}, created on ${created.instance}, read on ${reader.name}: 4 renditions (${bytes} bytes) from the bucket`,
    );
  });

  it('holds operator changes made through one instance on the other within a second', async () => {
    const timings: string[] = [];
    const [a, b] = instances as [Instance, Instance];
    const visitor = new Client();

    // Single sign-on for a domain: added through a, answered by b; removed through b, gone on a.
    const domain = `corp${Date.now().toString(36)}.test`;
    const ssoOn = async (instance: Instance) =>
      dataOf(await visitor.post('/v3/sso/info/', { email: `pat@${domain}` }, instance.url))?.is_sso === true;
    expect(await ssoOn(b)).toBe(false);
    await adminOn(
      a,
      'sso-domain',
      'add',
      domain,
      `${proxyUrl}/__dev/idp`,
      'cluster-client',
      'cluster-secret',
    );
    let since = Date.now();
    timings.push(`sso add ${await heldWithin(since, () => ssoOn(b))} ms`);
    expect(await ssoOn(b)).toBe(true);
    await adminOn(b, 'sso-domain', 'remove', domain);
    since = Date.now();
    timings.push(`sso remove ${await heldWithin(since, async () => !(await ssoOn(a)))} ms`);
    expect(await ssoOn(a)).toBe(false);

    // An offsite rule: added through a, links to the domain refused by b.
    const linkDomain = `bad${Date.now().toString(36)}.test`;
    const offsite = async (instance: Instance) =>
      dataOf(
        await visitor.post(
          '/v3/offsite/',
          { url: `https://${linkDomain}/x`, check_only: true },
          instance.url,
        ),
      )?.redirect_status;
    expect(await offsite(b)).toBe('safe');
    await adminOn(a, 'offsite-rule', 'add', linkDomain, 'blocked');
    since = Date.now();
    timings.push(`offsite rule ${await heldWithin(since, async () => (await offsite(b)) === 'blocked')} ms`);
    expect(await offsite(b)).toBe('blocked');

    // A search advisory: added through b, carried by a's search answers.
    const term = `gloom${Date.now().toString(36)}`;
    const advisory = async (instance: Instance) =>
      dataOf(await visitor.get(`/v3/search/pins/?q=${term}`, instance.url))?.advisory ?? null;
    expect(await advisory(a)).toBeNull();
    const notice = {
      title: 'Are you OK?',
      description: { text: 'Help is here.', tags: [] },
      actions: [],
      style: 'warning',
      footer: 'Pinboard',
      level: 4,
    };
    await adminOn(b, 'advisory', 'add', term, 'SENSITIVE', JSON.stringify(notice));
    since = Date.now();
    timings.push(`advisory ${await heldWithin(since, async () => (await advisory(a)) !== null)} ms`);
    expect(await advisory(a)).toMatchObject({ advisory: term, severity: 1 });

    // A suspension through `npm run admin` against PostgreSQL: the account's session ends on
    // both, and its board leaves discover's list (kept a minute per instance) on both.
    const owner = await make.user();
    const board = await make.board(owner.id, { name: `Cluster best ${Date.now().toString(36)}` });
    for (let i = 0; i < 4; i++) await make.pin(owner.id, board.id);
    const session = new Client();
    const [cookieName, cookieValue] = (await make.sessionCookie(owner.id)).split('=');
    session.cookies.set(cookieName!, cookieValue!);
    const bestOn = async (instance: Instance) =>
      (dataOf(await visitor.get('/v3/discover/today/best/', instance.url))?.boards ?? []).map(
        (entry: { id: string }) => entry.id,
      ) as string[];
    for (const instance of instances) {
      expect(await bestOn(instance)).toContain(String(board.id));
      expect(dataOf(await session.get('/v3/users/me/', instance.url)).type).toBe('AUTH');
    }
    // The lists are cached: a board written straight to the database is not on them yet.
    const laterOwner = await make.user();
    const later = await make.board(laterOwner.id, { name: `Cluster later ${Date.now().toString(36)}` });
    for (let i = 0; i < 4; i++) await make.pin(laterOwner.id, later.id);
    for (const instance of instances) expect(await bestOn(instance)).not.toContain(String(later.id));

    await adminCli(env, 'suspend', owner.email!);
    since = Date.now();
    for (const instance of instances) {
      const gone = await heldWithin(since, async () => !(await bestOn(instance)).includes(String(board.id)));
      timings.push(`suspension (CLI) off ${instance.name}'s discover list ${gone} ms`);
      expect(await bestOn(instance)).not.toContain(String(board.id));
      // The list was computed again, not waited out: the board written meanwhile is on it.
      expect(await bestOn(instance)).toContain(String(later.id));
      expect(dataOf(await session.get('/v3/users/me/', instance.url)).type).not.toBe('AUTH');
    }

    // A write through the API on one instance (the board turned secret) clears the other's lists.
    const laterSession = new Client();
    const [laterName, laterValue] = (await make.sessionCookie(laterOwner.id)).split('=');
    laterSession.cookies.set(laterName!, laterValue!);
    const secret = await laterSession.request('PATCH', `/v3/boards/${later.id}/`, {
      json: { privacy: 'secret' },
    });
    expect(secret.status, JSON.stringify(secret.body)).toBe(200);
    since = Date.now();
    const reader = other(secret.instance);
    const hidden = await heldWithin(since, async () => !(await bestOn(reader)).includes(String(later.id)));
    timings.push(`board made secret on ${secret.instance}, off ${reader.name}'s discover list ${hidden} ms`);

    for (const timing of timings) {
      expect(Number(timing.match(/(\d+) ms$/)![1])).toBeLessThan(PROPAGATION_LIMIT_MS);
    }
    figures.push(`changes held on the other instance: ${timings.join(', ')}`);
  }, 60_000);
});
