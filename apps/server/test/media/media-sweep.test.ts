import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMediaKey } from '../../src/adapters/storage/storage.ts';
import type { DatabaseHandle } from '../../src/db/client.ts';
import { mediaUploads } from '../../src/db/schema/media-uploads.ts';
import { sweepOrphanMedia } from '../../src/modules/media/media-sweep.ts';
import { factories, type Factories } from '../helpers/factories.ts';
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
  beforeAll(() => {
    mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pinboard-sweep-'));
  });
  afterAll(() => fs.rmSync(mediaDir, { recursive: true, force: true }));

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

    const result = await sweepOrphanMedia(handle.db, mediaDir, new Date(Date.now() - 60_000));

    expect(orphanKeys.filter(exists)).toEqual([]);
    expect(exists(partial)).toBe(false);
    expect(exists(orphanVideo)).toBe(false);
    expect(exists('.tmp/1b4af4b7-5263-479f-ad5e-210fc7827ea2.part')).toBe(false);
    expect(namedKeys.every(exists)).toBe(true);
    expect(exists(namedVideo)).toBe(true);
    expect(recentKeys.every(exists)).toBe(true);
    expect(exists('.tmp/702a6071-ac5e-4e63-b309-aa21306fcc1c.part')).toBe(true);
    expect(exists('ab/cd/notes.txt')).toBe(true);
    expect(result).toMatchObject({ removed: 7, kept: 9 });
  });

  it('answers nothing removed for a media directory that does not exist yet', async () => {
    const result = await sweepOrphanMedia(handle.db, path.join(mediaDir, 'missing'), new Date());
    expect(result).toMatchObject({ removed: 0, kept: 0 });
  });
});
