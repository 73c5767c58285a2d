import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { once } from 'node:events';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { MEDIA_LIMITS } from '@pinboard/shared/pin-create';
import { AppError } from '../../lib/app-error.ts';
import { SNIFF_BYTES, sniffMedia, type SniffedMedia } from './media-sniff.ts';

/** A picture is small enough to hold in memory; a video goes to a temporary file for ffmpeg. */
export type ReceivedMedia =
  | { kind: 'image'; format: SniffedMedia; bytes: Buffer }
  | { kind: 'video'; file: string; size: number; hash: string; dispose(): Promise<void> };

function limitFor(format: SniffedMedia): number {
  return format === 'mp4' ? MEDIA_LIMITS.videoMaxBytes : MEDIA_LIMITS.imageMaxBytes;
}

function tooLarge(format: SniffedMedia, size: number): AppError {
  return new AppError('media_too_large', {
    detail: `${format}: more than ${limitFor(format)} bytes (${size}+)`,
  });
}

/**
 * Where a video upload is written while it is received and probed: in DATA_DIR rather than the
 * system's temp folder, so the media sweep at start removes what a killed process left there.
 */
export function uploadTempDir(dataDir: string): string {
  return path.join(dataDir, 'tmp');
}

/** Checks bytes already in memory (image data sent as base64, an image fetched by URL): images only. */
export function receiveImageBytes(bytes: Buffer): Extract<ReceivedMedia, { kind: 'image' }> {
  if (bytes.length === 0) throw new AppError('media_file_missing');
  const format = sniffMedia(bytes.subarray(0, SNIFF_BYTES));
  if (!format || format === 'mp4') throw new AppError('media_type_unsupported');
  if (bytes.length > limitFor(format)) throw tooLarge(format, bytes.length);
  return { kind: 'image', format, bytes };
}

/**
 * Reads an uploaded file's stream, deciding what it is from its first bytes: anything that is
 * not an accepted type, and anything past its type's limit, stops the read at once (the stream
 * is destroyed, so the rest of the body is never kept). Images stay in memory; MP4 is written to
 * a temporary file in `tempDir` (see uploadTempDir), hashed on the way, which `dispose()` removes.
 */
export async function receiveUploadStream(stream: Readable, tempDir: string): Promise<ReceivedMedia> {
  const held: Buffer[] = [];
  let size = 0;
  let format: SniffedMedia | null = null;
  let video: { file: string; out: WriteStream; hash: ReturnType<typeof createHash> } | null = null;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (format === null) {
        held.push(chunk);
        if (size < SNIFF_BYTES) continue;
        format = decide(Buffer.concat(held));
        if (format === 'mp4') video = await openVideoFile(tempDir);
      } else if (!video) {
        held.push(chunk);
      }
      if (size > limitFor(format)) throw tooLarge(format, size);
      if (video) {
        const chunks = held.length > 0 ? held.splice(0) : [chunk];
        for (const part of chunks) {
          video.hash.update(part);
          if (!video.out.write(part)) await once(video.out, 'drain');
        }
      }
    }
    if (size === 0) throw new AppError('media_file_missing');
    format ??= decide(Buffer.concat(held));
    if (!video) return { kind: 'image', format, bytes: Buffer.concat(held) };
    video.out.end();
    await once(video.out, 'finish');
    const { file } = video;
    return {
      kind: 'video',
      file,
      size,
      hash: video.hash.digest('hex'),
      dispose: () => rm(file, { force: true }),
    };
  } catch (error) {
    stream.destroy();
    if (video) {
      video.out.destroy();
      await rm(video.file, { force: true });
    }
    throw error;
  }
}

function decide(head: Buffer): SniffedMedia {
  const format = sniffMedia(head);
  if (!format) throw new AppError('media_type_unsupported');
  return format;
}

async function openVideoFile(tempDir: string) {
  await mkdir(tempDir, { recursive: true });
  const file = path.join(tempDir, `${randomUUID()}.mp4`);
  return { file, out: createWriteStream(file, { flags: 'wx' }), hash: createHash('sha256') };
}
