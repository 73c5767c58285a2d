import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import pino from 'pino';
import type { FastifyInstance } from 'fastify';
import type { OpenAPIV3 } from 'openapi-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FailureEnvelopeSchema } from '@pinboard/shared';
import { createLocalStorage } from '../../src/adapters/storage/local-storage.ts';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import type { DatabaseHandle } from '../../src/db/client.ts';
import { users } from '../../src/db/schema/users.ts';
import { GOOD_PASSWORD } from '../helpers/auth.ts';
import { factories, type Factories } from '../helpers/factories.ts';
import { fuzzerFor, type FuzzPool, type FuzzRequest } from '../helpers/fuzz-requests.ts';
import { listOperations, type ApiOperation } from '../helpers/openapi.ts';
import { openTestDatabase, TEST_ENGINE } from '../helpers/test-database.ts';
import { HTML_ACCEPT, writeStandInWebBuild } from '../helpers/web-build.ts';

/**
 * The input proof: generated requests for every operation of the OpenAPI document (an operation
 * added later is fuzzed without being listed here), as a visitor and signed in with a valid CSRF
 * pair, must never answer 5xx, never answer outside the envelope, never leave a promise rejected
 * unhandled, and never serve a stored string back as markup. Then a smaller generated set over
 * the web routes and other paths the server answers. `FUZZ_SEED` replays a run, `FUZZ_RUNS`
 * changes the requests per operation, `FUZZ_ONLY` keeps the operations whose name contains it,
 * `FUZZ_LOG=1` logs the errors behind the failures.
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 300);
const SEED = Number(process.env.FUZZ_SEED ?? 20261125);
const ONLY = process.env.FUZZ_ONLY;
const CSRF = 'fuzzcsrf0fuzzcsrf0fuzzcsrf0';
const PUBLIC_URL = 'http://localhost:3000';
const MARKUP = ['<script>fuzzMarkup()</script>', '<img src=x onerror=fuzzMarkup()>'];
const HTML = HTML_ACCEPT;

interface Failure {
  op: string;
  problem: string;
  who: string;
  request: FuzzRequest;
  status: number;
  body: string;
}

let tmp: string;
let handle: DatabaseHandle;
let app: FastifyInstance;
let make: Factories;
let ownerId: number;
let ownerPasswordHash: string | null;
let pool: FuzzPool;
const pages: string[] = [];
const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);

beforeAll(async () => {
  process.on('unhandledRejection', onUnhandled);
  tmp = await mkdtemp(path.join(os.tmpdir(), 'fuzz-proof-'));
  // A stand-in web build, so the routes that answer HTML (and inline stored text) are served.
  const webDistDir = await writeStandInWebBuild(tmp);
  handle = await openTestDatabase();
  const config = {
    ...loadConfig({
      DATA_DIR: tmp,
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      BOT_CHECK: 'off',
      PUBLIC_URL,
      // An event stream answers until its lifetime: a short one, so each fuzzed one ends.
      LIVE_STREAM_SECONDS: '0.05',
    }),
    webDistDir,
  };
  // FUZZ_LOG=1 logs the errors behind failures (the app is otherwise silent).
  const logger = process.env.FUZZ_LOG ? pino({ level: 'error' }) : undefined;
  app = await buildApp(
    { config, db: handle.db, storage: createLocalStorage(config.mediaDir) },
    logger ? { logger } : {},
  );
  make = factories(handle.db);

  // A few people, boards (public and secret), sections and pins; the first is the one signed in.
  const owner = await make.userWithPassword(GOOD_PASSWORD, {
    username: 'fuzz_owner',
    email: 'fuzz_owner@example.com',
  });
  ownerId = owner.id;
  ownerPasswordHash = owner.passwordHash;
  const ids: string[] = [String(owner.id)];
  const usernames = ['fuzz_owner'];
  const slugs: string[] = [];
  for (const [i, person] of [
    owner,
    await make.user({ username: 'fuzz_friend' }),
    await make.user({ username: 'fuzz.other' }),
  ].entries()) {
    if (i > 0) {
      ids.push(String(person.id));
      usernames.push(person.username);
    }
    for (const privacy of ['public', 'secret'] as const) {
      const board = await make.board(person.id, { privacy, name: `${MARKUP[i % 2]} ${privacy} ${i}` });
      const section = await make.section(board.id, { title: MARKUP[(i + 1) % 2] });
      const pin = await make.pin(person.id, board.id, {
        title: MARKUP[i % 2],
        description: MARKUP[(i + 1) % 2],
      });
      await make.pin(person.id, board.id, { sectionId: section.id, title: 'plain pin' });
      ids.push(String(board.id), String(section.id), String(pin.id));
      slugs.push(board.slug, section.slug);
      pages.push(
        `/pin/${pin.id}/`,
        `/${person.username}/${board.slug}/`,
        `/${person.username}/${board.slug}/${section.slug}/`,
      );
    }
    pages.push(`/${person.username}/`);
  }
  await make.collaborator(Number(ids[4]), ownerId);
  pool = {
    ids,
    usernames,
    slugs,
    strings: [...MARKUP, 'kitchen', 'Small kitchens', GOOD_PASSWORD, 'fuzz_owner'],
  };
}, 120_000);

afterAll(async () => {
  process.off('unhandledRejection', onUnhandled);
  await app?.close();
  await handle?.close();
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

/** A success of an event stream (an operation documented as `text/event-stream`): events of JSON. */
function streamProblem(contentType: string, text: string): string | null {
  if (!contentType.startsWith('text/event-stream')) return `content-type ${contentType || 'none'}`;
  for (const line of text.split('\n')) {
    if (!line.startsWith('data: ')) continue;
    try {
      JSON.parse(line.slice('data: '.length));
    } catch {
      return 'an event that is not JSON';
    }
  }
  return null;
}

const isStream = (op: ApiOperation) =>
  Boolean(
    (op.operation.responses['200'] as OpenAPIV3.ResponseObject | undefined)?.content?.['text/event-stream'],
  );

/** The envelope every answer of the API carries (see lib/envelope.ts); a stream's success, its events. */
function envelopeProblem(status: number, contentType: string, text: string, stream = false): string | null {
  if (stream && status < 400) return streamProblem(contentType, text);
  if (!contentType.startsWith('application/json')) return `content-type ${contentType || 'none'}`;
  let body: { resource_response?: { status?: unknown; data?: unknown; bookmark?: unknown } };
  try {
    body = JSON.parse(text);
  } catch {
    return 'not JSON';
  }
  const response = body?.resource_response;
  if (status < 400) {
    const good =
      response?.status === 'success' &&
      'data' in response &&
      (response.bookmark === null || typeof response.bookmark === 'string');
    return good ? null : 'not the success envelope';
  }
  const failure = FailureEnvelopeSchema.safeParse(body);
  if (!failure.success) return 'not the failure envelope';
  if (failure.data.resource_response.error.http_status !== status)
    return 'http_status differs from the status';
  return null;
}

const describeRequest = (f: Failure) => {
  const payload =
    f.request.payload === undefined
      ? ''
      : ` body=${JSON.stringify(String(f.request.payload).slice(0, 300))}${String(f.request.payload).length > 300 ? '…' : ''}`;
  return (
    `${f.problem} [${f.who}, ${f.request.kind}]: ${f.request.method} ${f.request.url.slice(0, 300)}` +
    ` headers=${JSON.stringify(f.request.headers)}${payload} → ${f.status} ${f.body.slice(0, 300)}`
  );
};

describe('fuzz proof', () => {
  it(`answers ${RUNS} generated requests per operation in the envelope, never 5xx`, async () => {
    const started = Date.now();
    const document = app.swagger() as OpenAPIV3.Document;
    const operations = listOperations(app).filter((op) => !ONLY || op.name.includes(ONLY));
    const fuzzer = fuzzerFor(document, pool);
    const failures: Failure[] = [];
    let sent = 0;
    let fiveXx = 0;
    let outside = 0;
    let markup = 0;
    let reached = 0;
    let successes = 0;
    let unsendable = 0;
    const statuses = new Map<number, number>();
    let session = await make.sessionCookie(ownerId);

    for (const [index, op] of operations.entries()) {
      session = await restoreOwner();
      const requests = fc.sample(fuzzer.requestsFor(op), { numRuns: RUNS, seed: SEED + index });
      for (const [n, request] of requests.entries()) {
        const signedIn = n % 2 === 1;
        const who = signedIn ? 'signed in' : 'visitor';
        const forged = request.cookie ? `; ${request.cookie}` : '';
        const cookie = `csrftoken=${CSRF}${signedIn ? `; ${session}` : ''}${forged}`;
        const origin = n % 3 === 0 ? { origin: PUBLIC_URL } : {};
        let response;
        try {
          response = await app.inject({
            method: request.method as 'GET',
            url: request.url,
            headers: { ...request.headers, ...origin, cookie, 'x-csrftoken': CSRF },
            ...(request.payload !== undefined ? { payload: request.payload } : {}),
          });
        } catch {
          // The client library refused to build it (e.g. a character a header cannot carry).
          unsendable += 1;
          continue;
        }
        sent += 1;
        statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
        const contentType = String(response.headers['content-type'] ?? '');
        const record = (problem: string) =>
          failures.push({
            op: op.name,
            problem,
            who,
            request,
            status: response.statusCode,
            body: response.body,
          });
        if (response.statusCode >= 500) {
          fiveXx += 1;
          record('5xx');
        }
        const problem = envelopeProblem(response.statusCode, contentType, response.body, isStream(op));
        if (problem) {
          outside += 1;
          record(`outside the envelope (${problem})`);
        }
        if (contentType.includes('html') && MARKUP.some((m) => response.body.includes(m))) {
          markup += 1;
          record('stored text served as markup');
        }
        if (response.statusCode < 300) successes += 1;
        if (!isRefusedAtTheDoor(response.body)) reached += 1;
        // Some calls end the session (logout, closing the account): sign in again.
        if (signedIn && response.statusCode === 401) session = await restoreOwner();
      }
    }
    await restoreOwner();

    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(
      `[proof:fuzz] ${sent} requests over ${operations.length} operations (visitor, signed in) on ${TEST_ENGINE}: ` +
        `${fiveXx} 5xx, ${outside} outside the envelope, ${unhandled.length} unhandled rejections, ` +
        `${markup} stored values served as markup; ${reached} reached the services (${successes} 2xx), ` +
        `${statuses.get(429) ?? 0} rate-limited, ` +
        `${unsendable} not sendable; seed ${SEED}, ${seconds} s`,
    );
    // One example per operation and kind of failure, so each can be replayed.
    const groups = new Map<string, { count: number; example: Failure; op: string }>();
    for (const failure of failures) {
      const code = /"code":"([a-z_]+)"/.exec(failure.body)?.[1] ?? '';
      const key = `${failure.op} ${failure.problem} ${failure.status} ${code}`;
      const group = groups.get(key) ?? { count: 0, example: failure, op: failure.op };
      group.count += 1;
      groups.set(key, group);
    }
    expect([...groups.values()].map((g) => `${g.op} ×${g.count} ${describeRequest(g.example)}`)).toEqual([]);
    expect(unhandled).toEqual([]);
    expect(operations.length).toBeGreaterThan(0);
  }, 600_000);

  it('never serves stored text as markup on the pages that render it', async () => {
    // Stored through the API as the owner, beside the seeded markup titles.
    const session = await restoreOwner();
    const headers = {
      cookie: `csrftoken=${CSRF}; ${session}`,
      'x-csrftoken': CSRF,
      'content-type': 'application/json',
    };
    const board = await app.inject({
      method: 'POST',
      url: '/v3/boards/',
      headers,
      payload: JSON.stringify({ name: MARKUP[0], description: MARKUP[1] }),
    });
    expect(board.statusCode).toBe(200);
    expect(board.headers['content-type']).toMatch(/^application\/json/);
    const boardId = board.json().resource_response.data.id as string;
    const section = await app.inject({
      method: 'POST',
      url: `/v3/boards/${boardId}/sections/`,
      headers,
      payload: JSON.stringify({ name: MARKUP[1] }),
    });
    expect(section.statusCode, section.body).toBe(200);

    let served = 0;
    for (const url of ['/', ...pages, `/board/${boardId}/`, '/search/pins/?q=fuzzMarkup', '/ideas']) {
      for (const cookie of [`csrftoken=${CSRF}`, `csrftoken=${CSRF}; ${session}`]) {
        const response = await app.inject({ method: 'GET', url, headers: { accept: HTML, cookie } });
        expect(response.statusCode, url).toBeLessThan(500);
        if (String(response.headers['content-type']).includes('html')) served += 1;
        for (const marker of MARKUP) expect(response.body, `${url} serves ${marker}`).not.toContain(marker);
      }
    }
    expect(served).toBeGreaterThan(0);
  });

  it('answers generated requests to the web routes and other paths without a 5xx', async () => {
    const started = Date.now();
    const fuzzer = fuzzerFor(app.swagger() as OpenAPIV3.Document, pool);
    const session = await restoreOwner();
    const segment = fc.oneof(
      { weight: 2, arbitrary: fc.constantFrom(...pool.ids, ...pool.usernames, ...pool.slugs) },
      { weight: 3, arbitrary: fuzzer.nastyRawSegment },
    );
    const webPaths = fc.oneof(
      fc.constantFrom('/', ...pages),
      segment.map((s) => `/pin/${s}/`),
      fc.tuple(segment, segment).map(([u, b]) => `/${u}/${b}/`),
      fc.tuple(segment, segment).map(([u, t]) => `/offsite/?url=${u}&token=${t}&pin=1`),
      fc.constantFrom('/offsite/', '/offsite/?url=http%3A%2F%2Fexample.com%2F', '/offsite/?url=%zz'),
      fc
        .tuple(fc.constantFrom('facebook', 'google', 'line', 'sso', 'nope'), segment)
        .map(([p, s]) => `/connect/${p}/?state=${s}`),
      fc
        .tuple(fc.constantFrom('facebook', 'google', 'line'), segment, segment)
        .map(([p, c, s]) => `/connect/${p}/callback/?code=${c}&state=${s}`),
      segment.map((s) => `/media/${s}`),
      segment.map((s) => `/media/${s}/${s}_236x.webp`),
      segment.map((s) => `/assets/${s}`),
      fc.constantFrom(
        '/__dev/outbox',
        '/__dev/outbox.json',
        '/__dev/idp/.well-known/openid-configuration',
        '/__dev/idp/jwks',
      ),
      segment.map((s) => `/__dev/idp/${s}`),
      segment.map((s) => `/__dev/outbox.json?page=${s}`),
      segment.map((s) => `/search/pins/?q=${s}`),
      segment.map((s) => `/${s}`),
      fc.constantFrom(
        '/healthz',
        '/v3/openapi.json',
        '/v3/',
        '/v3',
        '//',
        '/./',
        '/%2e%2e/',
        '/..%2f..%2fetc/passwd',
      ),
    );
    const requests = fc.sample(
      fc.record({
        method: fc.constantFrom('GET', 'GET', 'GET', 'HEAD', 'POST', 'OPTIONS', 'DELETE'),
        url: webPaths,
        accept: fc.constantFrom(HTML, 'application/json', '*/*', ''),
        signedIn: fc.boolean(),
        broken: fc.option(fuzzer.brokenHeaders, { freq: 4 }),
      }),
      { numRuns: Number(process.env.FUZZ_WEB_RUNS ?? 600), seed: SEED },
    );
    const failures: string[] = [];
    let sent = 0;
    for (const request of requests) {
      let response;
      try {
        response = await app.inject({
          method: request.method as 'GET',
          url: request.url,
          headers: {
            ...request.broken?.headers,
            ...(request.accept ? { accept: request.accept } : {}),
            cookie:
              `csrftoken=${CSRF}${request.signedIn ? `; ${session}` : ''}` +
              (request.broken ? `; ${request.broken.cookie}` : ''),
            'x-csrftoken': CSRF,
          },
        });
      } catch {
        continue;
      }
      sent += 1;
      const html = String(response.headers['content-type'] ?? '').includes('html');
      if (response.statusCode >= 500 || (html && MARKUP.some((m) => response.body.includes(m)))) {
        failures.push(
          `${request.method} ${request.url.slice(0, 300)} accept=${request.accept} ` +
            `broken=${JSON.stringify(request.broken)?.slice(0, 300)} → ${response.statusCode} ${response.body.slice(0, 200)}`,
        );
      }
    }
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(
      `[proof:fuzz] web routes and other paths: ${sent} requests, ${failures.length} 5xx or markup, ` +
        `${unhandled.length} unhandled rejections, ${seconds} s`,
    );
    expect(failures.slice(0, 25)).toEqual([]);
    expect(unhandled).toEqual([]);
  }, 300_000);
});

/** Refused before any service ran: validation, CSRF, malformed bodies. */
function isRefusedAtTheDoor(body: string): boolean {
  return /"code":"(invalid_request|unknown_field|invalid_json|unsupported_media_type|body_too_large|csrf_failed|not_found|method_not_allowed)"/.test(
    body,
  );
}

/** The signed-in person active, with their password, and a fresh session (the fuzz may end one). */
async function restoreOwner(): Promise<string> {
  await handle.db
    .update(users)
    .set({ status: 'active', passwordHash: ownerPasswordHash })
    .where(eq(users.id, ownerId));
  return make.sessionCookie(ownerId);
}
