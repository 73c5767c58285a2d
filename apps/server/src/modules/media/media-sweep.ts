import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { isMediaKey } from '../../adapters/storage/storage.ts';
import type { Database } from '../../db/client.ts';
import { findImageHashes, findVideoKeys } from './media-sweep.repository.ts';

/**
 * An upload writes its files before the row that names them (the renditions, the original,
 * then the images row; a video's MP4, then the upload row), and the local storage writes each
 * file to `.tmp/` before renaming it into place. A process killed in between leaves files no
 * row will ever name. This sweep, run at start before the server takes requests, removes them:
 *
 * - a file under `.tmp/` last written before `cutoff`;
 * - a media key (see buildMediaKey) last written before `cutoff` that no row names: a rendition
 *   whose hash has no images row, an MP4 no upload, pin or idea pin page names.
 *
 * Anything else in the directory is left alone. `cutoff` is the caller's: files written after it
 * may belong to an upload still running in another process.
 */
export interface MediaSweepResult {
  /** Files removed. */
  removed: number;
  /** Media keys looked at and kept (named by a row, or too recent). */
  kept: number;
  ms: number;
}

const TEMP_DIR = '.tmp';
/** Hashes or keys asked about in one query. */
const BATCH = 500;

interface Candidate {
  key: string;
  /** The content hash of a picture's rendition; null for a video. */
  hash: string | null;
}

function parseKey(key: string): Candidate | null {
  if (!isMediaKey(key)) return null;
  const name = key.slice(key.lastIndexOf('/') + 1);
  const [hash, rest] = [name.slice(0, 64), name.slice(65)];
  return { key, hash: rest.startsWith('video.') ? null : hash };
}

async function entriesOf(dir: string) {
  try {
    return await readdir(dir, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/** Removes a file unless it changed after `cutoff`; answers whether it went. */
async function removeIfOlder(file: string, cutoff: number): Promise<boolean> {
  try {
    if ((await stat(file)).mtimeMs >= cutoff) return false;
    await rm(file, { force: true });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}

export async function sweepOrphanMedia(
  db: Database,
  mediaDir: string,
  cutoff: Date,
): Promise<MediaSweepResult> {
  const started = Date.now();
  const root = path.resolve(mediaDir);
  const before = cutoff.getTime();
  let removed = 0;
  let kept = 0;

  for (const entry of await entriesOf(path.join(root, TEMP_DIR))) {
    if (entry.isFile() && (await removeIfOlder(path.join(root, TEMP_DIR, entry.name), before))) removed++;
  }

  // Asked about in batches across shards: most shards hold a file or two.
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
      if (await removeIfOlder(path.join(root, ...orphan.key.split('/')), before)) removed++;
      else kept++;
    }
  };

  // Keys live two shard folders deep (ab/cd/<hash>_<rendition>.<ext>).
  for (const first of await entriesOf(root)) {
    if (!first.isDirectory() || first.name === TEMP_DIR) continue;
    for (const second of await entriesOf(path.join(root, first.name))) {
      if (!second.isDirectory()) continue;
      const shard = `${first.name}/${second.name}`;
      for (const entry of await entriesOf(path.join(root, shard))) {
        const candidate = entry.isFile() ? parseKey(`${shard}/${entry.name}`) : null;
        if (candidate) pending.push(candidate);
      }
      if (pending.length >= BATCH) await settle();
    }
  }
  await settle();
  return { removed, kept, ms: Date.now() - started };
}
