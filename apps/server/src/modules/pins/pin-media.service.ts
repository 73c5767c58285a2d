import { ERRORS, type ErrorCode } from '@pinboard/shared';
import type { CreatePin } from '@pinboard/shared/pin-create';
import { AppError } from '../../lib/app-error.ts';
import {
  createUploadFromBytes,
  registerImageUrl,
  waitForUpload,
  type UploadDeps,
} from '../media/uploads.service.ts';
import { findUploadOfUser, findUploadsOfUser, type UploadRow } from '../media/uploads.repository.ts';
import type { NewStoryPage } from './story-pages.repository.ts';

/** What a new pin shows: its picture (a video's poster), its video, an idea pin's pages. */
export interface PinPicture {
  imageId: number;
  dominantColor: string;
  videoKey: string | null;
  videoDurationMs: number | null;
  pages: NewStoryPage[];
}

/**
 * How long `POST /v3/pins/` waits for an image given by URL (resource timeout;
 * docs/product/creating.md#limits).
 */
const IMAGE_URL_WAIT_MS = 10_000;

type ReadyUpload = UploadRow & { imageId: number; dominantColor: string };

/** An upload a pin may use: the viewer's own (else missing) and ready. */
function assertReady(row: UploadRow | null, field: string): ReadyUpload {
  if (!row) throw new AppError('media_upload_not_found', { field });
  if (row.status === 'pending') throw new AppError('media_upload_not_ready', { field });
  if (row.status === 'failed' || row.imageId === null || row.dominantColor === null) {
    throw new AppError('media_upload_failed', { field, ...(row.errorCode ? { detail: row.errorCode } : {}) });
  }
  return row as ReadyUpload;
}

function pictureOf(row: ReadyUpload, pages: NewStoryPage[] = []): PinPicture {
  return {
    imageId: row.imageId,
    dominantColor: row.dominantColor,
    videoKey: row.videoKey,
    videoDurationMs: row.videoDurationMs,
    pages,
  };
}

/** `image_base64`: the data itself, or a `data:` URL of it. */
function decodeBase64Image(value: string): Buffer {
  const data = value.replace(/^data:[^,]*;base64,/, '').replace(/\s+/g, '');
  if (data.length === 0 || !/^[A-Za-z0-9+/_-]+={0,2}$/.test(data)) throw new AppError('image_base64_invalid');
  return Buffer.from(data, 'base64');
}

async function storyPicture(deps: UploadDeps, userId: number, pages: NonNullable<CreatePin['story_pages']>) {
  const ids = pages.map((page) => Number(page.media_upload_id));
  const rows = new Map((await findUploadsOfUser(deps.db, ids, userId)).map((row) => [row.id, row]));
  const ready = ids.map((id, i) => assertReady(rows.get(id) ?? null, `story_pages.${i}.media_upload_id`));
  const storyPages = ready.map((row, i) => ({
    imageId: row.imageId,
    videoKey: row.videoKey,
    videoDurationMs: row.videoDurationMs,
    text: pages[i]!.text,
  }));
  // The pin itself shows the first page's picture; its pages carry the videos.
  return { ...pictureOf(ready[0]!, storyPages), videoKey: null, videoDurationMs: null };
}

/**
 * The picture of a new pin from its one source: one of the viewer's ready uploads, an image URL
 * (registered like `PUT /v3/pins/image/` and waited for), inline image data (stored as an
 * upload, same checks and quota), or idea pin pages made of the viewer's ready uploads.
 */
export async function resolvePinPicture(
  deps: UploadDeps,
  userId: number,
  body: CreatePin,
): Promise<PinPicture> {
  if (body.story_pages) return storyPicture(deps, userId, body.story_pages);
  if (body.media_upload_id !== undefined) {
    const row = await findUploadOfUser(deps.db, Number(body.media_upload_id), userId);
    return pictureOf(assertReady(row, 'media_upload_id'));
  }
  if (body.image_url !== undefined) {
    const registered = await registerImageUrl(deps, userId, body.image_url);
    const row = await waitForUpload(deps, userId, registered.id, IMAGE_URL_WAIT_MS);
    // A failed fetch answers with its own reason (a private address, not an image, ...).
    if (row?.status === 'failed' && row.errorCode && Object.hasOwn(ERRORS, row.errorCode)) {
      throw new AppError(row.errorCode as ErrorCode, { field: 'image_url' });
    }
    return pictureOf(assertReady(row, 'image_url'));
  }
  const stored = await createUploadFromBytes(deps, userId, decodeBase64Image(body.image_base64 ?? ''));
  return pictureOf(assertReady(stored, 'image_base64'));
}
