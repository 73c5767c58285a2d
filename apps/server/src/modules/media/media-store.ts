import { readFile } from 'node:fs/promises';
import { MEDIA_LIMITS } from '@pinboard/shared/pin-create';
import { buildMediaKey, type MediaStorage } from '../../adapters/storage/storage.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { readImageHeader } from './image-decoding.ts';
import { processImage } from './image-pipeline.ts';
import type { ReceivedMedia } from './upload-receiver.ts';
import { upsertImages, type StoredMedia } from './uploads.repository.ts';
import { extractPoster, probeVideo } from './video-tools.ts';

export interface MediaStoreDeps {
  db: Database;
  storage: MediaStorage;
  config: Pick<Config, 'ffmpegPath' | 'ffprobePath'>;
}

/**
 * A picture through the image pipeline (header-only 40 MP guard, renditions without metadata,
 * content-addressed), refusing one under 120 px on either side (docs/product/creating.md#rules) before any
 * decode.
 */
async function storeImage(deps: MediaStoreDeps, bytes: Buffer): Promise<number> {
  const header = await readImageHeader(bytes);
  if (Math.min(header.width, header.height) < MEDIA_LIMITS.minDimension) {
    throw new AppError('image_too_small', { detail: `${header.width}x${header.height}` });
  }
  const processed = await processImage(bytes, deps.storage);
  const [row] = await upsertImages(deps.db, [processed]);
  return row!.id;
}

/** Stores a received file: a picture, or a video with its poster frame and duration. */
export async function storeReceivedMedia(
  deps: MediaStoreDeps,
  received: ReceivedMedia,
): Promise<StoredMedia> {
  if (received.kind === 'image') {
    const imageId = await storeImage(deps, received.bytes);
    return { imageId, videoKey: null, videoDurationMs: null, byteSize: received.bytes.length };
  }
  const { durationMs } = await probeVideo(deps.config, received.file);
  const imageId = await storeImage(deps, await extractPoster(deps.config, received.file, durationMs));
  const videoKey = buildMediaKey(received.hash, 'video', 'mp4');
  if (!(await deps.storage.exists(videoKey))) {
    await deps.storage.put(videoKey, await readFile(received.file), 'video/mp4');
  }
  return { imageId, videoKey, videoDurationMs: durationMs, byteSize: received.size };
}
