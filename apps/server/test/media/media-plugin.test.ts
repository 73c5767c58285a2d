import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLocalStorage } from '../../src/adapters/storage/local-storage.ts';
import { buildMediaKey } from '../../src/adapters/storage/storage.ts';
import { registerMedia } from '../../src/plugins/media.ts';

const HASH = '0f'.repeat(32);
const IMMUTABLE = 'public, max-age=31536000, immutable';

let mediaDir: string;
let app: FastifyInstance;

beforeEach(async () => {
  mediaDir = await mkdtemp(path.join(os.tmpdir(), 'pinboard-media-plugin-'));
  app = Fastify();
  await registerMedia(app, { mediaDir });
});

afterEach(async () => {
  await app.close();
  await rm(mediaDir, { recursive: true, force: true });
});

describe('registerMedia', () => {
  it.each([
    ['236x', 'webp', 'image/webp'],
    ['orig', 'jpg', 'image/jpeg'],
    ['orig', 'png', 'image/png'],
    ['orig', 'gif', 'image/gif'],
    ['orig', 'mp4', 'video/mp4'],
  ])('serves a stored %s .%s as %s, cacheable for a year', async (rendition, extension, contentType) => {
    const key = buildMediaKey(HASH, rendition, extension);
    const body = Buffer.from(`bytes of ${key}`);
    await createLocalStorage(mediaDir).put(key, body, contentType);

    const response = await app.inject({ method: 'GET', url: `/media/${key}` });

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(contentType);
    expect(response.headers['cache-control']).toBe(IMMUTABLE);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.rawPayload.equals(body)).toBe(true);
  });

  it('answers HEAD with the same headers', async () => {
    const key = buildMediaKey(HASH, '474x', 'webp');
    await createLocalStorage(mediaDir).put(key, Buffer.from('x'), 'image/webp');
    const response = await app.inject({ method: 'HEAD', url: `/media/${key}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe(IMMUTABLE);
  });

  it('answers 404 for a missing file, a directory, a temporary file and a path outside', async () => {
    await mkdir(path.join(mediaDir, 'ab', 'cd'), { recursive: true });
    await mkdir(path.join(mediaDir, '.tmp'), { recursive: true });
    await writeFile(path.join(mediaDir, '.tmp', 'half-written.part'), 'partial');
    await writeFile(path.join(path.dirname(mediaDir), 'outside.txt'), 'secret');

    for (const url of [
      `/media/${buildMediaKey(HASH, '736x', 'webp')}`,
      '/media/ab/cd/',
      '/media/ab',
      '/media/',
      '/media/.tmp/half-written.part',
      '/media/../outside.txt',
      '/media/%2e%2e/outside.txt',
    ]) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).not.toContain('partial');
      expect(response.body, url).not.toContain('secret');
    }
    await rm(path.join(path.dirname(mediaDir), 'outside.txt'));
  });

  it('sits beside another @fastify/static registered at the root', async () => {
    const webDir = await mkdtemp(path.join(os.tmpdir(), 'pinboard-web-'));
    await writeFile(path.join(webDir, 'hello.txt'), 'web app');
    const both = Fastify();
    await registerMedia(both, { mediaDir });
    await both.register(fastifyStatic, { root: webDir, prefix: '/' });
    const key = buildMediaKey(HASH, '236x', 'webp');
    await createLocalStorage(mediaDir).put(key, Buffer.from('pixels'), 'image/webp');

    expect((await both.inject({ url: '/hello.txt' })).body).toBe('web app');
    const media = await both.inject({ url: `/media/${key}` });
    expect([media.statusCode, media.body]).toEqual([200, 'pixels']);

    await both.close();
    await rm(webDir, { recursive: true, force: true });
  });

  it('creates the media directory when it does not exist yet', async () => {
    const fresh = Fastify();
    const missing = path.join(mediaDir, 'not-yet');
    await registerMedia(fresh, { mediaDir: missing });
    expect((await fresh.inject({ url: `/media/${buildMediaKey(HASH, 'orig', 'jpg')}` })).statusCode).toBe(
      404,
    );
    await fresh.close();
  });
});
