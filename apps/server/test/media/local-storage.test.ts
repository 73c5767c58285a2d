import { mkdir, mkdtemp, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLocalStorage } from '../../src/adapters/storage/local-storage.ts';
import { buildMediaKey, type MediaStorage } from '../../src/adapters/storage/storage.ts';

const HASH = 'ab'.repeat(32);
const KEY = buildMediaKey(HASH, '236x', 'webp');

let mediaDir: string;
let storage: MediaStorage;

beforeEach(async () => {
  mediaDir = await mkdtemp(path.join(os.tmpdir(), 'pinboard-storage-'));
  storage = createLocalStorage(mediaDir);
});

afterEach(async () => {
  await rm(mediaDir, { recursive: true, force: true });
});

describe('buildMediaKey', () => {
  it('shards by the first two byte pairs of the hash', () => {
    expect(KEY).toBe(`ab/ab/${HASH}_236x.webp`);
  });

  it('refuses anything that is not a sha256 hex digest', () => {
    expect(() => buildMediaKey('../../etc', 'orig', 'jpg')).toThrow(/not a media key/);
    expect(() => buildMediaKey(HASH.toUpperCase(), 'orig', 'jpg')).toThrow(/not a media key/);
  });
});

describe('createLocalStorage', () => {
  it('writes a file under its key and reads it back', async () => {
    const body = Buffer.from('webp bytes');
    await storage.put(KEY, body, 'image/webp');

    expect(await storage.exists(KEY)).toBe(true);
    expect(await storage.get(KEY)).toEqual(body);
    expect(await readFile(path.join(mediaDir, 'ab', 'ab', `${HASH}_236x.webp`))).toEqual(body);
  });

  it('answers missing keys with false and null', async () => {
    expect(await storage.exists(KEY)).toBe(false);
    expect(await storage.get(KEY)).toBeNull();
  });

  it('leaves no temporary file behind, even for concurrent writes of one key', async () => {
    await Promise.all(
      Array.from({ length: 8 }, (_, i) => storage.put(KEY, Buffer.alloc(64 * 1024, i), 'image/webp')),
    );

    // Whichever write won, the file is whole: one writer's bytes, never a mix.
    const stored = (await storage.get(KEY))!;
    expect(stored.length).toBe(64 * 1024);
    expect(stored.every((byte) => byte === stored[0])).toBe(true);
    expect(await readdir(path.join(mediaDir, '.tmp'))).toEqual([]);
  });

  it('overwrites an existing key', async () => {
    await storage.put(KEY, Buffer.from('first'), 'image/webp');
    await storage.put(KEY, Buffer.from('second'), 'image/webp');
    expect((await storage.get(KEY))?.toString()).toBe('second');
  });

  it('builds URLs under its prefix', () => {
    expect(storage.urlFor(KEY)).toBe(`/media/${KEY}`);
    expect(createLocalStorage(mediaDir, 'https://cdn.example.com/m/').urlFor(KEY)).toBe(
      `https://cdn.example.com/m/${KEY}`,
    );
  });

  it('lists its media keys and temporary files with their write times, and deletes unless written since', async () => {
    const other = buildMediaKey('cd'.repeat(32), 'orig', 'png');
    await storage.put(KEY, Buffer.from('a'), 'image/webp');
    await storage.put(other, Buffer.from('b'), 'image/png');
    const hourAgo = new Date(Date.now() - 3_600_000);
    await utimes(path.join(mediaDir, ...other.split('/')), hourAgo, hourAgo);
    const temp = '.tmp/1b4af4b7-5263-479f-ad5e-210fc7827ea2.part';
    await writeFile(path.join(mediaDir, temp), 'half');
    // Neither a key nor a temporary file: not listed.
    await writeFile(path.join(mediaDir, 'ab', 'ab', 'notes.txt'), 'x');
    await mkdir(path.join(mediaDir, 'loose'), { recursive: true });

    const listed = new Map<string, Date>();
    for await (const { key, writtenAt } of storage.list()) listed.set(key, writtenAt);
    expect([...listed.keys()].sort()).toEqual([temp, KEY, other].sort());
    expect(listed.get(other)!.getTime()).toBe(hourAgo.getTime());

    const cutoff = new Date(Date.now() - 60_000);
    expect(await storage.delete(KEY, { writtenBefore: cutoff })).toBe(false);
    expect(await storage.delete(other, { writtenBefore: cutoff })).toBe(true);
    expect(await storage.delete(other, { writtenBefore: cutoff })).toBe(false);
    expect(await storage.delete(temp)).toBe(true);
    expect(await storage.exists(KEY)).toBe(true);
    expect(await storage.exists(other)).toBe(false);
    for (const key of ['ab/ab/notes.txt', '.tmp/../ab/ab/notes.txt', '.tmp/x.txt'])
      await expect(storage.delete(key)).rejects.toThrow(/not a media key/);
  });

  it('refuses keys that could escape the media directory', async () => {
    for (const key of ['../outside.webp', `/abs/${HASH}_orig.jpg`, `ab/ab/../../${HASH}_orig.jpg`, '']) {
      await expect(storage.put(key, Buffer.from('x'), 'image/webp')).rejects.toThrow(/not a media key/);
      await expect(storage.exists(key)).rejects.toThrow(/not a media key/);
    }
  });
});
