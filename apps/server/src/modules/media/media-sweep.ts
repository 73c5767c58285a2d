import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { isMediaKey, isTempKey, type MediaStorage } from '../../adapters/storage/storage.ts';
import type { Database } from '../../db/client.ts';
import { findImageHashes, findVideoKeys } from './media-sweep.repository.ts';

/**
 * An upload writes its files before the row that names them (the renditions, the original,
 * then the images row; a video's MP4, then the upload row), and the local storage writes each
 * file to `.tmp/` before renaming it into place. A process killed in between leaves files no
 * row will ever name. This sweep, run at start before the server takes requests, goes over what
 * the storage lists (the local media directory, or the bucket) and removes:
 *
 * - a temporary file (`.tmp/`, local storage only) last written before `cutoff`;
 * - a media key (see buildMediaKey) last written before `cutoff` that no row names: a rendition
 *   whose hash has no images row, an MP4 no upload, pin or idea pin page names.
 *
 * - a file in `uploadTempDir` (a video being received, see upload-receiver.ts) last written
 *   before `cutoff`: on disk whichever storage holds the media.
 *
 * Anything else in the store is left alone. `cutoff` is the caller's: files written after it
 * may belong to an upload still running in another process.
 */
export interface MediaSweepResult {
  /** Files removed. */
  removed: number;
  /** Media keys looked at and kept (named by a row, or too recent). */
  kept: number;
  ms: number;
}

/** Hashes or keys asked about in one query. */
const BATCH = 500;

interface Candidate {
  key: string;
  /** The content hash of a picture's rendition; null for a video. */
  hash: string | null;
  writtenAt: Date;
}

function parseKey(key: string, writtenAt: Date): Candidate | null {
  if (!isMediaKey(key)) return null;
  const name = key.slice(key.lastIndexOf('/') + 1);
  const [hash, rest] = [name.slice(0, 64), name.slice(65)];
  return { key, hash: rest.startsWith('video.') ? null : hash, writtenAt };
}

/** `ab/cd/<hash>`: the keys of one upload share it. */
const stemOf = (key: string) => key.slice(0, key.indexOf('_'));

/** Removes the files of `dir` last written before `cutoff`; answers how many went. */
async function sweepDirectory(dir: string, cutoff: Date): Promise<number> {
  let removed = 0;
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const file = path.join(dir, entry.name);
    try {
      if ((await stat(file)).mtimeMs >= cutoff.getTime()) continue;
      await rm(file);
      removed++;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  return removed;
}

export async function sweepOrphanMedia(
  db: Database,
  storage: MediaStorage,
  cutoff: Date,
  options: { uploadTempDir?: string } = {},
): Promise<MediaSweepResult> {
  const started = Date.now();
  const before = cutoff.getTime();
  let removed = options.uploadTempDir ? await sweepDirectory(options.uploadTempDir, cutoff) : 0;
  let kept = 0;

  let pending: Candidate[] = [];
  const settle = async () => {
    const batch = pending;
    pending = [];
    const hashes = [...new Set(batch.flatMap((c) => (c.hash ? [c.hash] : [])))];
    const videos = batch.flatMap((c) => (c.hash ? [] : [c.key]));
    const namedHashes = await findImageHashes(db, hashes);
    const namedVideos = await findVideoKeys(db, videos);
    // Originals first: the pipeline takes an original's presence to mean the renditions are
    // all there, so it must never outlive them.
    const orphans = batch
      .filter((c) => (c.hash ? !namedHashes.has(c.hash) : !namedVideos.has(c.key)))
      .sort((x, y) => Number(y.key.includes('_orig.')) - Number(x.key.includes('_orig.')));
    kept += batch.length - orphans.length;
    for (const orphan of orphans) {
      const gone =
        orphan.writtenAt.getTime() < before && (await storage.delete(orphan.key, { writtenBefore: cutoff }));
      if (gone) removed++;
      else kept++;
    }
  };

  for await (const { key, writtenAt } of storage.list()) {
    const candidate = parseKey(key, writtenAt);
    if (!candidate) {
      // A temporary file of a local write: no row ever names one.
      if (
        isTempKey(key) &&
        writtenAt.getTime() < before &&
        (await storage.delete(key, { writtenBefore: cutoff }))
      )
        removed++;
      continue;
    }
    // Asked about in batches, never splitting one upload's keys (so its original goes first).
    if (pending.length >= BATCH && stemOf(pending.at(-1)!.key) !== stemOf(key)) await settle();
    pending.push(candidate);
  }
  await settle();
  return { removed, kept, ms: Date.now() - started };
}
