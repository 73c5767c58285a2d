import { inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { images } from '../../db/schema/images.ts';
import { mediaUploads, pinStoryPages } from '../../db/schema/media-uploads.ts';
import { pins } from '../../db/schema/pins.ts';

/** Of these content hashes, the ones an images row has. */
export async function findImageHashes(db: Executor, hashes: string[]): Promise<Set<string>> {
  if (hashes.length === 0) return new Set();
  const rows = await db.select({ hash: images.hash }).from(images).where(inArray(images.hash, hashes));
  return new Set(rows.map((row) => row.hash));
}

/** Of these video keys, the ones an upload, a pin or an idea pin page names. */
export async function findVideoKeys(db: Executor, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  // One after another: a transaction or PGlite runs one query at a time anyway.
  const found = [
    ...(await db
      .selectDistinct({ key: mediaUploads.videoKey })
      .from(mediaUploads)
      .where(inArray(mediaUploads.videoKey, keys))),
    ...(await db.selectDistinct({ key: pins.videoKey }).from(pins).where(inArray(pins.videoKey, keys))),
    ...(await db
      .selectDistinct({ key: pinStoryPages.videoKey })
      .from(pinStoryPages)
      .where(inArray(pinStoryPages.videoKey, keys))),
  ];
  return new Set(found.map((row) => row.key!));
}
