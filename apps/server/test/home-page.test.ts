import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from '../src/adapters/storage/local-storage.ts';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import type { DatabaseHandle } from '../src/db/client.ts';
import { factories } from './helpers/factories.ts';
import { openTestDatabase } from './helpers/test-database.ts';
import {
  HTML_ACCEPT,
  STAND_IN_INDEX_HTML,
  STAND_IN_STYLESHEET,
  writeStandInWebBuild,
} from './helpers/web-build.ts';

const INDEX_HTML = STAND_IN_INDEX_HTML;
const STYLESHEET = STAND_IN_STYLESHEET;
const HTML = { accept: HTML_ACCEPT };
const BREAKOUT = '</script><script>alert(1)</script><!--';

let tmp: string;
let handle: DatabaseHandle;
let app: FastifyInstance;
let sessionCookie: string;

/** A page without its per-response nonces, to compare it with index.html. */
const withoutNonces = (html: string) => html.replace(/ nonce="[^"]+"/g, '');

function inlinedFeed(html: string): unknown {
  const match =
    /<script type="application\/json" id="home-feed-page" data-page-size="25">(.*?)<\/script>/s.exec(html);
  return match ? JSON.parse(match[1]!) : null;
}

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'home-page-test-'));
  const webDistDir = await writeStandInWebBuild(tmp);
  handle = await openTestDatabase();
  const config = { ...loadConfig({ DATA_DIR: tmp, NODE_ENV: 'test', LOG_LEVEL: 'silent' }), webDistDir };
  app = await buildApp({ config, db: handle.db, storage: createLocalStorage(config.mediaDir) });

  const make = factories(handle.db);
  const pinner = await make.user();
  const board = await make.board(pinner.id);
  await make.pin(pinner.id, board.id, { title: 'An ordinary pin' });
  await make.pin(pinner.id, board.id, { title: BREAKOUT });
  sessionCookie = await make.sessionCookie((await make.user()).id);
});

afterAll(async () => {
  await app?.close();
  await handle?.close();
  await rm(tmp, { recursive: true, force: true });
});

describe('the home page for a signed-out visitor', () => {
  it('carries the first feed page, exactly as the API sends it', async () => {
    const page = await app.inject({ url: '/', headers: HTML });
    const api = await app.inject({ url: '/v3/feeds/home/' });

    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers.vary).toBe('cookie, accept-encoding');
    expect(inlinedFeed(page.body)).toEqual(api.json());
    expect(api.json().resource_response.data).toHaveLength(2);
  });

  it('preloads the home route code the entry does not load, and the first image', async () => {
    const { body } = await app.inject({ url: '/', headers: HTML });
    const head = body.slice(0, body.indexOf('</head>'));

    expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/HomePage-h1.js">');
    expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/PinFeed-p1.js">');
    // The entry's own chunks are index.html's business already.
    expect(head).not.toContain('vendor-v1.js');
    const [preload] = head.match(/<link rel="preload" as="image"[^>]*>/g) ?? [];
    expect(preload).toMatch(/fetchpriority="high"/);
    expect(preload).toMatch(/imagesrcset="\/media\/[^"]+ 236w, \/media\/[^"]+ 474w"/);
    expect(preload).toMatch(/imagesizes="[^"]+"/);
    // Asked for before the app's script and the route's chunks take the host's six connections.
    expect(head.indexOf(preload!)).toBeLessThan(head.indexOf('<script type="module"'));
    expect(head.indexOf(preload!)).toBeLessThan(head.indexOf('rel="modulepreload"'));
  });

  it('carries the stylesheet itself, so nothing blocks its first paint', async () => {
    const { body } = await app.inject({ url: '/', headers: HTML });

    expect(body).toContain(`<style>${STYLESHEET}</style>`);
    expect(body).not.toContain('<link rel="stylesheet"');
  });

  it('escapes the page so a pin title cannot end the script element', async () => {
    const { body } = await app.inject({ url: '/', headers: HTML });

    // One script element of ours and the entry's: the title opened none and closed none.
    expect(body.match(/<script/g)).toHaveLength(2);
    expect(body.match(/<\/script>/g)).toHaveLength(2);
    expect(body).not.toContain('alert(1)</script>');
    const feed = inlinedFeed(body) as { resource_response: { data: { title: string }[] } };
    expect(feed.resource_response.data.map((pin) => pin.title)).toContain(BREAKOUT);
  });

  it('draws the first row of pins inside #root before the app loads, hidden from assistive technology', async () => {
    const { body } = await app.inject({ url: '/', headers: HTML });
    const root = /<div id="root">(.*?)<\/div><\/body>/s.exec(
      body.replace(/\s*<script[^]*?<\/script>\s*/g, ''),
    )?.[1];
    const api = await app.inject({ url: '/v3/feeds/home/' });
    const pins = api.json().resource_response.data as { images: { '236x': { url: string } } }[];

    expect(root).toMatch(/^<div aria-hidden="true">/);
    const sources = [...(root ?? '').matchAll(/<img src="([^"]+)"[^>]* alt="" loading="lazy"/g)].map(
      (m) => m[1],
    );
    expect(sources).toEqual(pins.map((pin) => pin.images['236x'].url));
    expect(body.slice(0, body.indexOf('</head>'))).toMatch(/<style>[^<]*\.pv-row\{[^<]*<\/style>/);
  });

  it('is compressed when the browser accepts it', async () => {
    const plain = await app.inject({ url: '/', headers: HTML });
    const br = await app.inject({ url: '/', headers: { ...HTML, 'accept-encoding': 'gzip, deflate, br' } });
    const gzip = await app.inject({ url: '/', headers: { ...HTML, 'accept-encoding': 'gzip;q=1, br;q=0' } });

    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
  });
});

describe('the home page for a signed-in viewer', () => {
  it('is plain index.html: their feed is not the public one', async () => {
    const res = await app.inject({ url: '/', headers: { ...HTML, cookie: sessionCookie } });

    expect(res.statusCode).toBe(200);
    expect(res.headers.vary).toBe('cookie');
    expect(withoutNonces(res.body)).toBe(INDEX_HTML);
  });
});

describe('GET / whatever it accepts', () => {
  it.each([['*/*'], ['application/json'], [undefined]])('with Accept %s is the page', async (accept) => {
    const res = await app.inject({ url: '/', headers: accept ? { accept } : {} });

    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
  });
});

describe('the signed-out feed API', () => {
  it('sends the cached page compressed when accepted, the same JSON either way', async () => {
    const plain = await app.inject({ url: '/v3/feeds/home/' });
    const br = await app.inject({ url: '/v3/feeds/home/', headers: { 'accept-encoding': 'br' } });

    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('accept-encoding');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
  });
});
