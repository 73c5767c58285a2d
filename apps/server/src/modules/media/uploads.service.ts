import type { Readable } from 'node:stream';
import { MEDIA_LIMITS, type MediaUpload } from '@pinboard/shared/pin-create';
import type { Config } from '../../config.ts';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { ownMediaKey } from '../../lib/media-url.ts';
import type { Background } from '../../lib/background.ts';
import { safeFetch } from '../../lib/safe-fetch.ts';
import { storeReceivedMedia, type MediaStoreDeps } from './media-store.ts';
import {
  receiveImageBytes,
  receiveUploadStream,
  uploadTempDir,
  type ReceivedMedia,
} from './upload-receiver.ts';
import { presentUpload } from './uploads.presenter.ts';
import {
  findLiveRegistration,
  findUploadOfUser,
  insertUpload,
  lockUploader,
  markUploadFailed,
  markUploadReady,
  sumUploadBytes,
  type StoredMedia,
  type UploadRow,
} from './uploads.repository.ts';

export interface UploadDeps extends MediaStoreDeps {
  config: Pick<
    Config,
    'ffmpegPath' | 'ffprobePath' | 'mediaQuotaBytes' | 'fetchAllowHosts' | 'publicUrl' | 'dataDir'
  >;
  background: Background;
}

/** An image registered by URL may take this long to arrive (the whole fetch, redirects included). */
const REGISTRATION_FETCH_TIMEOUT_MS = 10_000;

/** Refuses `size` more bytes past the user's quota, saying how much room is left. */
async function assertQuotaRoom(db: Executor, userId: number, quota: number, size: number): Promise<void> {
  const used = await sumUploadBytes(db, userId);
  if (used + size <= quota) return;
  const remaining = Math.max(0, quota - used);
  throw new AppError('media_quota_exceeded', {
    detail: `${remaining} of ${quota} bytes left; this file is ${size} bytes`,
    data: { quota_bytes: quota, used_bytes: used, remaining_bytes: remaining },
  });
}

const sizeOf = (received: ReceivedMedia) =>
  received.kind === 'image' ? received.bytes.length : received.size;

/**
 * Stores received media and writes its upload row with `write`. The quota is checked before the
 * work and again, under a lock on the uploader, when the row is written.
 */
async function storeWithinQuota<T>(
  deps: UploadDeps,
  userId: number,
  received: ReceivedMedia,
  write: (tx: Executor, media: StoredMedia) => Promise<T>,
): Promise<T> {
  const quota = deps.config.mediaQuotaBytes;
  await assertQuotaRoom(deps.db, userId, quota, sizeOf(received));
  const media = await storeReceivedMedia(deps, received);
  return deps.db.transaction(async (tx) => {
    await lockUploader(tx, userId);
    await assertQuotaRoom(tx, userId, quota, media.byteSize);
    return write(tx, media);
  });
}

/** Stores received media as one of the viewer's ready uploads. */
export async function saveReceivedMedia(deps: UploadDeps, userId: number, received: ReceivedMedia) {
  try {
    const { id } = await storeWithinQuota(deps, userId, received, (tx, media) =>
      insertUpload(tx, { userId, kind: received.kind, status: 'ready', ...media }),
    );
    return (await findUploadOfUser(deps.db, id, userId))!;
  } finally {
    if (received.kind === 'video') await received.dispose();
  }
}

/** `POST /v3/media/uploads/`: one file, judged by its bytes; answered ready or refused. */
export async function createUpload(deps: UploadDeps, userId: number, file: Readable): Promise<MediaUpload> {
  // A full quota is refused before a byte of the file is read.
  await assertQuotaRoom(deps.db, userId, deps.config.mediaQuotaBytes, 1);
  const received = await receiveUploadStream(file, uploadTempDir(deps.config.dataDir));
  return presentUpload(await saveReceivedMedia(deps, userId, received));
}

/** Image data sent inline (`image_base64` of `POST /v3/pins/`), as an upload. */
export async function createUploadFromBytes(
  deps: UploadDeps,
  userId: number,
  bytes: Buffer,
): Promise<UploadRow> {
  return saveReceivedMedia(deps, userId, receiveImageBytes(bytes));
}

/** One of the viewer's uploads, for polling; anyone else's answers as missing. */
export async function getUpload(deps: UploadDeps, userId: number, id: number): Promise<MediaUpload> {
  const row = await findUploadOfUser(deps.db, id, userId);
  if (!row) throw new AppError('media_upload_not_found');
  return presentUpload(row);
}

/**
 * `PUT /v3/pins/image/`: answers a pending upload at once and fetches the image in the
 * background (safeFetch: no private addresses). The same viewer registering the same address
 * again, while it is pending or ready, gets that upload back.
 */
export async function registerImageUrl(deps: UploadDeps, userId: number, url: string) {
  const live = await findLiveRegistration(deps.db, userId, url);
  if (live) return live;
  const { id } = await insertUpload(deps.db, { userId, kind: 'image', status: 'pending', sourceUrl: url });
  deps.background.run('register image url', () => fetchRegisteredImage(deps, userId, id, url));
  return (await findUploadOfUser(deps.db, id, userId))!;
}

export async function registerImageUrlAnswer(deps: UploadDeps, userId: number, url: string) {
  return presentUpload(await registerImageUrl(deps, userId, url));
}

/** The picture at a registered URL: this app's own media from its storage, any other through safeFetch. */
async function registeredImageBytes(deps: UploadDeps, url: string): Promise<Buffer> {
  const ownKey = ownMediaKey(url, deps.config.publicUrl);
  if (ownKey) {
    const stored = await deps.storage.get(ownKey);
    if (!stored) throw new AppError('fetch_bad_status', { detail: '404' });
    return stored;
  }
  const fetched = await safeFetch(url, {
    allowHosts: deps.config.fetchAllowHosts,
    maxBytes: MEDIA_LIMITS.imageMaxBytes,
    timeoutMs: REGISTRATION_FETCH_TIMEOUT_MS,
    accept: 'image/avif,image/webp,image/png,image/jpeg,image/gif,image/*;q=0.8',
  });
  if (fetched.status < 200 || fetched.status > 299) {
    throw new AppError('fetch_bad_status', { detail: String(fetched.status) });
  }
  return fetched.body;
}

async function fetchRegisteredImage(deps: UploadDeps, userId: number, id: number, url: string) {
  try {
    const bytes = await registeredImageBytes(deps, url);
    await storeWithinQuota(deps, userId, receiveImageBytes(bytes), (tx, media) =>
      markUploadReady(tx, id, media),
    );
  } catch (error) {
    await markUploadFailed(deps.db, id, error instanceof AppError ? error.code : 'internal');
    // Refusals are the registration's answer; anything else is a fault worth the log.
    if (!(error instanceof AppError) || error.status >= 500) throw error;
  }
}

/**
 * Waits (polling the row, so it works whichever instance fetches) until an upload is no longer
 * pending or `timeoutMs` passes; answers the row as it then is.
 */
export async function waitForUpload(deps: UploadDeps, userId: number, id: number, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const row = await findUploadOfUser(deps.db, id, userId);
    if (!row || row.status !== 'pending' || Date.now() >= deadline) return row;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
