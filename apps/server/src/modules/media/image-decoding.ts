import sharp, { type Metadata } from 'sharp';
import { MAX_INPUT_PIXELS } from '@pinboard/shared/media';
import { AppError } from '../../lib/app-error.ts';

export type ImageRejectionCode = 'image_too_large' | 'image_invalid';

/** An upload the pipeline refuses; an AppError, so the error handler answers with its code. */
export class ImageRejectedError extends AppError {
  declare readonly code: ImageRejectionCode;

  constructor(code: ImageRejectionCode, detail: string) {
    super(code, { detail });
    this.name = 'ImageRejectedError';
  }
}

/** Decoded pixels, 8-bit sRGB with 3 channels or 4 when the picture has transparency. */
export interface RawImage {
  data: Buffer;
  width: number;
  height: number;
  channels: 1 | 2 | 3 | 4;
}

export interface ImageHeader {
  /** The decoder sharp picked from the bytes; the file name and declared type are never trusted. */
  format: 'jpeg' | 'png' | 'webp' | 'gif' | 'avif';
  mime: string;
  /** After EXIF orientation; the first frame of an animation. */
  width: number;
  height: number;
}

// What browsers show everywhere. SVG is refused on purpose: it is a document that can carry
// script, and everything else sharp reads (TIFF, PDF, HEIC, raw camera files) is not worth the risk.
const MIME_BY_FORMAT = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
} as const;

function detectFormat(meta: Metadata): ImageHeader['format'] | null {
  if (Object.hasOwn(MIME_BY_FORMAT, meta.format)) return meta.format as keyof typeof MIME_BY_FORMAT;
  // AVIF is HEIF with AV1 inside; sharp ships no HEVC decoder, so HEIC fails here anyway.
  if (meta.format === 'heif' && meta.compression === 'av1') return 'avif';
  return null;
}

/**
 * Reads only the header: a 40-megapixel refusal costs microseconds, not the seconds and hundreds
 * of megabytes a decode would (the pixel-flood guard).
 */
export async function readImageHeader(input: Buffer): Promise<ImageHeader> {
  let meta: Metadata;
  try {
    // No limit here: the size check below gives the typed refusal rather than a libvips message.
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch (error) {
    throw new ImageRejectedError('image_invalid', (error as Error).message);
  }
  const format = detectFormat(meta);
  if (!format) throw new ImageRejectedError('image_invalid', `unsupported format ${meta.format}`);
  // For animations `height` is one frame, which is all that gets decoded.
  if (meta.width * meta.height > MAX_INPUT_PIXELS) {
    throw new ImageRejectedError('image_too_large', `${meta.width}x${meta.height}`);
  }
  const mime = format === 'avif' ? 'image/avif' : MIME_BY_FORMAT[format];
  return { format, mime, width: meta.autoOrient.width, height: meta.autoOrient.height };
}

/**
 * The upload as a sharp pipeline: upright (EXIF orientation applied), 8-bit sRGB (CMYK,
 * greyscale, 16-bit and ICC profiles converted), first frame only. Whatever it encodes carries
 * no metadata: sharp copies none unless asked to (withMetadata), and nothing here asks.
 */
function openUpright(input: Buffer) {
  return sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate().toColourspace('srgb');
}

/** Runs a decode of the upload, turning any failure into a rejection. */
async function rejectUnreadable<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    const message = (error as Error).message;
    // Backstop for a header that lied about its size: libvips checks again while decoding.
    throw new ImageRejectedError(/pixel limit/i.test(message) ? 'image_too_large' : 'image_invalid', message);
  }
}

/**
 * Decodes the upload straight to the given size. Only this (at most 736 px wide) copy is held
 * in memory, never the full picture, and JPEG decoders skip detail that the reduction would
 * discard anyway (shrink-on-load).
 */
export async function decodeImageAt(input: Buffer, width: number, height: number): Promise<RawImage> {
  const { data, info } = await rejectUnreadable(
    openUpright(input)
      .resize(width, height, { fit: 'fill' })
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true }),
  );
  return { data, width: info.width, height: info.height, channels: info.channels };
}

/** Re-encodes the upload at its own size, as JPEG or WebP. */
export function encodeOriginal(input: Buffer, format: 'jpeg' | 'webp', options: object): Promise<Buffer> {
  return rejectUnreadable(openUpright(input).toFormat(format, options).toBuffer());
}

/** The dominant colour of an encoded picture (meant for a small one: it is fully decoded). */
export async function readDominantColor(encoded: Buffer): Promise<string> {
  const { data, info } = await sharp(encoded).raw().toBuffer({ resolveWithObject: true });
  return findDominantColor({ data, width: info.width, height: info.height, channels: info.channels });
}

/**
 * The most common colour, sharp's `stats().dominant` algorithm (a 16x16x16 histogram) but
 * returning the mean of the winning bin instead of its centre, so a flat red is #ff0000, not
 * #f80808. Done here rather than with stats(), which costs ~12 ms a call whatever the size
 * because it also computes entropy and sharpness: 7 s of CPU over the 600 seed images.
 * Mostly transparent pixels do not count: they show the page behind them.
 */
export function findDominantColor(image: RawImage): string {
  const { data, channels } = image;
  const counts = new Uint32Array(4096);
  const sums = new Float64Array(4096 * 3);
  const hasAlpha = channels === 4 || channels === 2;
  const grey = channels < 3;
  for (let i = 0; i < data.length; i += channels) {
    if (hasAlpha && data[i + channels - 1]! < 128) continue;
    const r = data[i]!;
    const g = grey ? r : data[i + 1]!;
    const b = grey ? r : data[i + 2]!;
    const bin = ((r >> 4) << 8) | ((g >> 4) << 4) | (b >> 4);
    counts[bin]! += 1;
    sums[bin * 3]! += r;
    sums[bin * 3 + 1]! += g;
    sums[bin * 3 + 2]! += b;
  }
  let best = 0;
  for (let bin = 1; bin < counts.length; bin++) if (counts[bin]! > counts[best]!) best = bin;
  const count = counts[best]!;
  if (count === 0) return '#ffffff';
  const hex = [0, 1, 2].map((c) =>
    Math.round(sums[best * 3 + c]! / count)
      .toString(16)
      .padStart(2, '0'),
  );
  return `#${hex.join('')}`;
}

/** A square of the upright picture (EXIF orientation applied), at most `maxSide` pixels a side, as PNG. */
export function cropUprightSquare(
  input: Buffer,
  square: { left: number; top: number; size: number },
  maxSide: number,
): Promise<Buffer> {
  return rejectUnreadable(
    openUpright(input)
      .extract({ left: square.left, top: square.top, width: square.size, height: square.size })
      .resize(Math.min(square.size, maxSide), Math.min(square.size, maxSide), { fit: 'fill' })
      .png()
      .toBuffer(),
  );
}
