import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from '../src/adapters/storage/local-storage.ts';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import type { DatabaseHandle } from '../src/db/client.ts';
import { openTestDatabase } from './helpers/test-database.ts';

const INDEX_HTML = '<!doctype html><title>Pinboard</title><div id="root"></div>';
const HTML = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

let tmp: string;
let handle: DatabaseHandle;
let app: FastifyInstance;

// The whole app (createTestApp leaves the web app out), serving a stand-in build from a temp dir.
beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'web-routes-test-'));
  const webDistDir = path.join(tmp, 'dist');
  await mkdir(webDistDir);
  await writeFile(path.join(webDistDir, 'index.html'), INDEX_HTML);
  handle = await openTestDatabase();
  const config = { ...loadConfig({ DATA_DIR: tmp, NODE_ENV: 'test', LOG_LEVEL: 'silent' }), webDistDir };
  app = await buildApp({ config, db: handle.db, storage: createLocalStorage(config.mediaDir) });
});

afterAll(async () => {
  await app?.close();
  await handle?.close();
  await rm(tmp, { recursive: true, force: true });
});

describe('web routes', () => {
  it.each([
    '/',
    '/pin/123/',
    '/maya_lindqvist/',
    '/theo.okafor/_created/',
    '/maya_lindqvist/small-kitchens/',
    '/maya_lindqvist/small-kitchens/shelves/',
    '/login/?next=%2Fpin%2F1%2F',
    '/login/business/',
    '/login/sso/',
    '/signup/',
    '/add-account/',
    '/_/_/policy/terms-of-service/',
    '/_/_/policy/privacy-policy/',
    '/settings/security',
    '/search/pins/?q=kitchen',
    '/advertiser/42/billing/history/',
    '/business/convert',
  ])('answers the catalogued %s with the app and 200', async (url) => {
    const res = await app.inject({ url, headers: HTML });

    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    // The home page adds its first feed page to the app (home-page.test.ts); the others are the app as built.
    if (url === '/') expect(res.body).toMatch(/^<!doctype html><title>Pinboard<\/title><div id="root">/);
    else expect(res.body).toBe(INDEX_HTML);
  });

  it.each(['/about', '/admin/', '/pin/', '/ideas/kitchens', '/a/b/c/d/', '/wp-login.php', '/_/_/policy/'])(
    'answers the unknown %s with the app and 404, so it shows its own 404 page',
    async (url) => {
      const res = await app.inject({ url, headers: HTML });

      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.body).toBe(INDEX_HTML);
    },
  );

  it('answers HEAD like GET', async () => {
    expect((await app.inject({ method: 'HEAD', url: '/login/', headers: HTML })).statusCode).toBe(200);
    expect((await app.inject({ method: 'HEAD', url: '/about/', headers: HTML })).statusCode).toBe(404);
  });

  it('answers a page view whatever it accepts: link-preview bots and crawlers send */* or nothing', async () => {
    for (const headers of [{ accept: '*/*' }, {}, { accept: 'application/json' }]) {
      const res = await app.inject({ url: '/login/', headers });
      expect(res.statusCode, JSON.stringify(headers)).toBe(200);
      expect(res.body).toBe(INDEX_HTML);
    }
  });

  it('keeps API misses and other methods as the JSON 404 envelope', async () => {
    for (const request of [
      { url: '/v3/nope/', headers: HTML },
      { url: '/v3/nope/', headers: { accept: '*/*' } },
      { method: 'POST' as const, url: '/login/', headers: HTML },
    ]) {
      const res = await app.inject(request);
      expect(res.statusCode, request.url).toBe(404);
      expect(res.json().resource_response.error.code).toBe('not_found');
    }
  });

  it('still answers the API routes themselves', async () => {
    const res = await app.inject({ url: '/v3/users/me/', headers: HTML });

    expect(res.statusCode).toBe(200);
    expect(res.json().resource_response.data.type).toBe('UNAUTH');
  });
});
