import { MEDIA_LIMITS, type MediaUpload } from '@pinboard/shared';
import { fetchMediaUpload, registerImage, uploadMedia } from './pinBuilderApi.ts';

/**
 * Quick checks of a chosen file before it is sent, mirroring the server's MEDIA_LIMITS so a
 * person hears at once what is wrong. The server is the judge: it reads the type from the
 * bytes, and its refusal is what the builder shows when these checks pass.
 */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
export const VIDEO_TYPES = ['video/mp4'] as const;
/** The file input's `accept`. */
export const ACCEPTED_MEDIA = [...IMAGE_TYPES, ...VIDEO_TYPES].join(',');

export type MediaKind = 'image' | 'video';
export type FileProblem = 'notMedia' | 'imageTooBig' | 'videoTooBig' | 'imageTooSmall';

export function mediaKindOf(type: string): MediaKind | null {
  if ((IMAGE_TYPES as readonly string[]).includes(type)) return 'image';
  if ((VIDEO_TYPES as readonly string[]).includes(type)) return 'video';
  return null;
}

/** What is wrong with a file by its declared type and size, before anything is read. */
export function checkMediaFile(file: Pick<File, 'type' | 'size'>): FileProblem | null {
  const kind = mediaKindOf(file.type);
  if (kind === null) return 'notMedia';
  if (kind === 'image' && file.size > MEDIA_LIMITS.imageMaxBytes) return 'imageTooBig';
  if (kind === 'video' && file.size > MEDIA_LIMITS.videoMaxBytes) return 'videoTooBig';
  return null;
}

/** An image under 120 px in either dimension is too small. */
export function checkImageSize(size: { width: number; height: number }): FileProblem | null {
  return size.width < MEDIA_LIMITS.minDimension || size.height < MEDIA_LIMITS.minDimension
    ? 'imageTooSmall'
    : null;
}

/**
 * An image's size as the browser reads it (null if it cannot: the server will say). Only the
 * header is needed for `naturalWidth`, and giving up after 3 s keeps a huge file from stalling.
 */
export function readImageSize(file: Blob): Promise<{ width: number; height: number } | null> {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const image = new Image();
    const finish = (size: { width: number; height: number } | null) => {
      window.clearTimeout(timer);
      URL.revokeObjectURL(url);
      resolve(size);
    };
    const timer = window.setTimeout(() => finish(null), 3000);
    image.onload = () => finish({ width: image.naturalWidth, height: image.naturalHeight });
    image.onerror = () => finish(null);
    image.src = url;
  });
}

/** A registration or a video's processing that the server finished with a refusal. */
export class MediaFailedError extends Error {
  override readonly name = 'MediaFailedError';
}

export const MEDIA_POLL_MS = 1000;
const MEDIA_POLL_TRIES = 120;

const wait = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason as Error);
    });
  });

/**
 * Sends a file (or registers an image by its address) and waits while the server prepares it
 * (`pending`: a video's poster, an image fetched in the background) until it is ready.
 */
export async function sendMedia(
  source: { file: File } | { imageUrl: string },
  signal?: AbortSignal,
  pollMs = MEDIA_POLL_MS,
): Promise<MediaUpload> {
  let upload =
    'file' in source ? await uploadMedia(source.file, signal) : await registerImage(source.imageUrl, signal);
  for (let tries = 0; upload.status === 'pending' && tries < MEDIA_POLL_TRIES; tries += 1) {
    await wait(pollMs, signal);
    upload = await fetchMediaUpload(upload.media_upload_id, signal);
  }
  if (upload.status === 'failed') throw new MediaFailedError(upload.error?.message ?? '');
  if (upload.status === 'pending') throw new MediaFailedError('');
  return upload;
}
