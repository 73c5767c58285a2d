import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import os from 'node:os';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { registerWebApp, sendWebApp, wantsWebApp } from '../src/plugins/web-app.ts';

const INDEX_HTML = '<!doctype html><title>Pinboard</title><div id="root"></div>';
const HTML = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

let tmp: string;
let app: FastifyInstance;

// The spine's not-found handler in miniature: web pages get the app, everything else a JSON 404.
async function buildServer(distDir: string): Promise<FastifyInstance> {
  const server = Fastify();
  await registerWebApp(server, { distDir, publicUrl: 'http://localhost:3000' });
  // A second @fastify/static, as the media files will have, must not clash with the assets one.
  await server.register(fastifyStatic, { root: tmp, prefix: '/media/' });
  server.setNotFoundHandler((request, reply) =>
    wantsWebApp(request) ? sendWebApp(reply) : reply.code(404).send({ error: 'not_found' }),
  );
  await server.ready();
  return server;
}

beforeEach(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'web-app-test-'));
});

afterEach(async () => {
  await app?.close();
  await rm(tmp, { recursive: true, force: true });
});

describe('web app with a build', () => {
  let distDir: string;

  beforeEach(async () => {
    distDir = path.join(tmp, 'dist');
    await mkdir(path.join(distDir, 'assets'), { recursive: true });
    await writeFile(path.join(distDir, 'index.html'), INDEX_HTML);
    await writeFile(path.join(distDir, 'assets', 'index-abc123.js'), 'console.log(1);');
    app = await buildServer(distDir);
  });

  it('serves hashed assets with immutable caching', async () => {
    const res = await app.inject({ url: '/assets/index-abc123.js' });

    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.body).toBe('console.log(1);');
  });

  it('sends the precompressed file the build wrote when the client accepts it', async () => {
    const source = 'console.log("compressed");'.repeat(100);
    await writeFile(path.join(distDir, 'assets', 'big-def456.js'), source);
    await writeFile(path.join(distDir, 'assets', 'big-def456.js.br'), brotliCompressSync(source));
    await writeFile(path.join(distDir, 'assets', 'big-def456.js.gz'), gzipSync(source));

    const br = await app.inject({ url: '/assets/big-def456.js', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(source);
    const gzip = await app.inject({ url: '/assets/big-def456.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const plain = await app.inject({ url: '/assets/big-def456.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(source);
  });

  it('answers a missing asset with a 404, not the app', async () => {
    const res = await app.inject({ url: '/assets/index-gone.js', headers: HTML });

    expect(res.statusCode).toBe(404);
  });

  it.each(['/', '/ada/machines/', '/pin/123?utm=x'])(
    'answers the web route %s with index.html',
    async (url) => {
      const res = await app.inject({ url, headers: HTML });

      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toBe(INDEX_HTML);
    },
  );

  it('keeps the index.html read at startup', async () => {
    await writeFile(path.join(distDir, 'index.html'), '<p>changed on disk</p>');

    const res = await app.inject({ url: '/', headers: HTML });

    expect(res.body).toBe(INDEX_HTML);
  });

  it.each([
    ['an API path', { url: '/v3/nope/', headers: HTML }],
    ['the business API path', { url: '/vx/nope', headers: HTML }],
    ['a dev tool path', { url: '/__dev/nope', headers: HTML }],
    ['a media path', { url: '/media/nope.jpg', headers: HTML }],
    ['a POST', { method: 'POST' as const, url: '/somewhere', headers: HTML }],
  ])('leaves %s to the API 404', async (_name, request) => {
    const res = await app.inject(request);

    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'not_found' });
  });

  it.each([
    ['*/*', { accept: '*/*' }],
    ['no Accept', {}],
  ])(
    'answers a page view with %s with the app, as crawlers and link previews ask',
    async (_name, headers) => {
      const res = await app.inject({ url: '/pin/1/', headers });

      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    },
  );

  it('serves media from its own static root beside the assets', async () => {
    await writeFile(path.join(tmp, 'photo.txt'), 'media file');

    const res = await app.inject({ url: '/media/photo.txt' });

    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('media file');
  });
});

describe('web app without a build', () => {
  it('answers web routes with a 503 that says to build', async () => {
    app = await buildServer(path.join(tmp, 'missing-dist'));

    const res = await app.inject({ url: '/', headers: HTML });

    expect(res.statusCode).toBe(503);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain('npm run build');
  });
});

describe('sendWebApp', () => {
  it('can answer with another status, for paths known to be no page', async () => {
    app = Fastify();
    const distDir = path.join(tmp, 'dist');
    await mkdir(distDir);
    await writeFile(path.join(distDir, 'index.html'), INDEX_HTML);
    await registerWebApp(app, { distDir, publicUrl: 'http://localhost:3000' });
    app.get('/gone', (_request, reply) => sendWebApp(reply, 404));

    const res = await app.inject({ url: '/gone' });

    expect(res.statusCode).toBe(404);
    expect(res.body).toBe(INDEX_HTML);
  });
});
