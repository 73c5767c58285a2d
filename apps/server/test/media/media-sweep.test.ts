import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from '../../src/adapters/storage/local-storage.ts';
import { createS3Storage } from '../../src/adapters/storage/s3-storage.ts';
import { buildMediaKey, type MediaStorage, type StoredObject } from '../../src/adapters/storage/storage.ts';
import { loadConfig } from '../../src/config.ts';
import type { DatabaseHandle } from '../../src/db/client.ts';
import { mediaUploads } from '../../src/db/schema/media-uploads.ts';
import { sweepOrphanMedia } from '../../src/modules/media/media-sweep.ts';
import { factories, type Factories } from '../helpers/factories.ts';
import { startTestBucket } from '../helpers/s3.ts';
import { freePort, spawnServer, stopServer, waitUntilReady } from '../helpers/server-process.ts';
import { openTestDatabase } from '../helpers/test-database.ts';

let handle: DatabaseHandle;
let make: Factories;
let mediaDir: string;

beforeAll(async () => {
  handle = await openTestDatabase();
  make = factories(handle.db);
});
afterAll(async () => {
  await handle.close();
});

const hashOf = (text: string) => createHash('sha256').update(text).digest('hex');
const RENDITIONS = [
  ['236x', 'webp'],
  ['474x', 'webp'],
  ['736x', 'webp'],
  ['orig', 'jpg'],
] as const;

/** Writes a file under the media directory, last modified `ageMs` ago. */
function writeFile(key: string, ageMs: number) {
  const file = path.join(mediaDir, ...key.split('/'));
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, key);
  const when = new Date(Date.now() - ageMs);
  fs.utimesSync(file, when, when);
}

function writePicture(hash: string, ageMs: number): string[] {
  return RENDITIONS.map(([name, extension]) => {
    const key = buildMediaKey(hash, name, extension);
    writeFile(key, ageMs);
    return key;
  });
}

const exists = (key: string) => fs.existsSync(path.join(mediaDir, ...key.split('/')));

describe('sweepOrphanMedia', () => {
  // DATA_DIR/media, beside the DATA_DIR/tmp of video uploads.
  let dataDir: string;
  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pinboard-sweep-'));
    mediaDir = path.join(dataDir, 'media');
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('removes files of an interrupted upload that no row names, and keeps every named or recent one', async () => {
    const hour = 3_600_000;
    // A picture whose images row exists, and one whose upload died before its row.
    const named = hashOf('named picture');
    const namedKeys = writePicture(named, hour);
    await make.image({ hash: named });
    const orphanKeys = writePicture(hashOf('interrupted picture'), hour);
    // Renditions written, killed before the original: no original to go by.
    const partial = buildMediaKey(hashOf('half written'), '236x', 'webp');
    writeFile(partial, hour);
    // A video an upload row names, and one whose row never came.
    const user = await make.user();
    const namedVideo = buildMediaKey(hashOf('named video'), 'video', 'mp4');
    writeFile(namedVideo, hour);
    const image = await make.image();
    await handle.db.insert(mediaUploads).values({
      userId: user.id,
      kind: 'video',
      status: 'ready',
      imageId: image.id,
      videoKey: namedVideo,
    });
    const orphanVideo = buildMediaKey(hashOf('interrupted video'), 'video', 'mp4');
    writeFile(orphanVideo, hour);
    // Written after the cutoff: may be an upload still running elsewhere.
    const recentKeys = writePicture(hashOf('recent picture'), 0);
    // A temporary file of a write that never got renamed, and one being written now.
    writeFile('.tmp/1b4af4b7-5263-479f-ad5e-210fc7827ea2.part', hour);
    writeFile('.tmp/702a6071-ac5e-4e63-b309-aa21306fcc1c.part', 0);
    // Not a media key: not the sweep's to judge.
    writeFile('ab/cd/notes.txt', hour);
    // A video a killed process was receiving, and one being received now.
    writeFile('../tmp/4f0c5a51-4a39-4d8e-9d3b-0c6f2b1d7e10.mp4', hour);
    writeFile('../tmp/9a7e2c1d-0b4f-4e3a-8c5d-6f1e2d3c4b5a.mp4', 0);

    const result = await sweepOrphanMedia(
      handle.db,
      createLocalStorage(mediaDir),
      new Date(Date.now() - 60_000),
      { uploadTempDir: path.join(mediaDir, '..', 'tmp') },
    );

    expect(orphanKeys.filter(exists)).toEqual([]);
    expect(exists(partial)).toBe(false);
    expect(exists(orphanVideo)).toBe(false);
    expect(exists('.tmp/1b4af4b7-5263-479f-ad5e-210fc7827ea2.part')).toBe(false);
    expect(namedKeys.every(exists)).toBe(true);
    expect(exists(namedVideo)).toBe(true);
    expect(recentKeys.every(exists)).toBe(true);
    expect(exists('.tmp/702a6071-ac5e-4e63-b309-aa21306fcc1c.part')).toBe(true);
    expect(exists('ab/cd/notes.txt')).toBe(true);
    expect(exists('../tmp/4f0c5a51-4a39-4d8e-9d3b-0c6f2b1d7e10.mp4')).toBe(false);
    expect(exists('../tmp/9a7e2c1d-0b4f-4e3a-8c5d-6f1e2d3c4b5a.mp4')).toBe(true);
    expect(result).toMatchObject({ removed: 8, kept: 9 });
  });

  it('answers nothing removed for a media directory that does not exist yet', async () => {
    const missing = path.join(mediaDir, 'missing');
    const result = await sweepOrphanMedia(handle.db, createLocalStorage(missing), new Date(), {
      uploadTempDir: path.join(missing, 'tmp'),
    });
    expect(result).toMatchObject({ removed: 0, kept: 0 });
  });

  it('asks about keys in batches without splitting an upload, so its original goes before its renditions', async () => {
    // 498 orphans, then a picture whose keys straddle the batch of 500, listed in key order
    // (a bucket's), where the original comes last.
    const listed: StoredObject[] = [];
    const old = new Date(Date.now() - 3_600_000);
    for (let i = 0; i < 498; i++)
      listed.push({ key: buildMediaKey(hashOf(`filler ${i}`), '236x', 'webp'), writtenAt: old });
    const picture = hashOf('straddling picture');
    for (const [name, extension] of RENDITIONS)
      listed.push({ key: buildMediaKey(picture, name, extension), writtenAt: old });
    const deleted: string[] = [];
    const storage = {
      async *list() {
        yield* listed;
      },
      async delete(key: string) {
        deleted.push(key);
        return true;
      },
    } as unknown as MediaStorage;

    const result = await sweepOrphanMedia(handle.db, storage, new Date());

    expect(result).toMatchObject({ removed: 502, kept: 0 });
    const at = (name: string) =>
      deleted.findIndex((key) =>
        key.startsWith(`${picture.slice(0, 2)}/${picture.slice(2, 4)}/${picture}_${name}`),
      );
    expect(at('orig')).toBeLessThan(at('236x'));
    expect(at('orig')).toBeLessThan(at('474x'));
  });
});

describe('sweepOrphanMedia over a bucket (s3rver)', () => {
  it('removes the objects of an interrupted upload no row names, across listing pages, and keeps the rest', async () => {
    const bucket = await startTestBucket();
    try {
      const storage = createS3Storage(loadConfig({ ...bucket.env, DATA_DIR: '/tmp/unused' }).s3!, {
        listPageSize: 3,
      });
      const put = (key: string) => storage.put(key, Buffer.from(key), 'application/octet-stream');
      const keysOf = (hash: string) =>
        RENDITIONS.map(([name, extension]) => buildMediaKey(hash, name, extension));
      const named = hashOf('bucket named picture');
      await make.image({ hash: named });
      const namedKeys = keysOf(named);
      const orphanKeys = keysOf(hashOf('bucket interrupted picture'));
      const orphanVideo = buildMediaKey(hashOf('bucket interrupted video'), 'video', 'mp4');
      for (const key of [...namedKeys, ...orphanKeys, orphanVideo]) await put(key);
      // A bucket keeps write times to the second: the cutoff is the next second, and the
      // recent upload is written at or after it.
      const cutoff = new Date(Math.ceil((Date.now() + 1) / 1000) * 1000);
      await new Promise((resolve) => setTimeout(resolve, cutoff.getTime() - Date.now()));
      const recentKeys = keysOf(hashOf('bucket recent picture'));
      for (const key of recentKeys) await put(key);

      const result = await sweepOrphanMedia(handle.db, storage, cutoff);

      const left: string[] = [];
      for await (const { key } of storage.list()) left.push(key);
      expect(left.sort()).toEqual([...namedKeys, ...recentKeys].sort());
      expect(result).toMatchObject({ removed: 5, kept: 8 });
    } finally {
      await bucket.close();
    }
  });

  it('runs at every start of the server (main.ts), over the bucket and DATA_DIR/tmp', async () => {
    const bucket = await startTestBucket();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pinboard-sweep-start-'));
    try {
      const storage = createS3Storage(loadConfig({ ...bucket.env, DATA_DIR: dataDir }).s3!);
      // A fresh PGlite database names nothing: every media object is an interrupted upload's.
      const orphan = buildMediaKey(hashOf('left in the bucket'), '236x', 'webp');
      await storage.put(orphan, Buffer.from('x'), 'image/webp');
      const notOurs = `${bucket.endpoint}/${bucket.bucket}/notes.txt`;
      expect((await fetch(notOurs, { method: 'PUT', body: 'x' })).status).toBe(200);
      const video = path.join(dataDir, 'tmp', '4f0c5a51-4a39-4d8e-9d3b-0c6f2b1d7e10.mp4');
      fs.mkdirSync(path.dirname(video), { recursive: true });
      fs.writeFileSync(video, 'half a video');
      await new Promise((resolve) => setTimeout(resolve, 1000)); // the bucket's times are to the second

      const env: NodeJS.ProcessEnv = { ...process.env, ...bucket.env, DATA_DIR: dataDir, SEED_DEMO: '0' };
      for (const name of ['DATABASE_URL', 'REDIS_URL', 'TEST_DATABASE', 'MEDIA_SWEEP_GRACE_SECONDS'])
        delete env[name];
      Object.assign(env, { HOST: '127.0.0.1', BOT_CHECK: 'off', LOG_LEVEL: 'warn', NODE_ENV: 'test' });
      const server = spawnServer({ env, port: await freePort() });
      try {
        await waitUntilReady(server, 60_000);
      } finally {
        await stopServer(server);
      }
      expect(server.output()).toMatch(/"removed":2[^\n]*media sweep/);
      expect(await storage.exists(orphan)).toBe(false);
      expect(fs.existsSync(video)).toBe(false);
      expect((await fetch(notOurs)).status).toBe(200);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
      await bucket.close();
    }
  }, 90_000);
});
