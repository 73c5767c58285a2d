import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { IMAGE_WIDTHS, type RenditionName } from '@pinboard/shared/media';
import { buildMediaKey, type MediaStorage } from '../../adapters/storage/storage.ts';
import {
  decodeImageAt,
  encodeOriginal,
  readDominantColor,
  readImageHeader,
  type RawImage,
} from './image-decoding.ts';

export { ImageRejectedError, type ImageRejectionCode } from './image-decoding.ts';

export interface ProcessedRendition {
  key: string;
  width: number;
  height: number;
}

/** What the images table keeps about one stored picture. */
export interface ProcessedImage {
  /** sha256 (hex) of the uploaded bytes: the content address of every rendition. */
  hash: string;
  /** Size of the original after EXIF orientation. */
  width: number;
  height: number;
  /** `#rrggbb`, lowercase: the placeholder colour shown while the picture loads. */
  dominantColor: string;
  /** MIME type and byte size of the upload as received. */
  mime: string;
  byteSize: number;
  sizes: Record<RenditionName, ProcessedRendition>;
}

// Encoder settings, measured on this project's 2-core machine (736x rendition of a ~900x1300
// picture, encode only): WebP effort 0 ~18 ms, 1 ~22 ms, 2 ~31 ms, 3 ~75 ms, 4 (sharp's
// default) ~80 ms. Effort 1 is 14% smaller than 0 on flat artwork for 4 ms; 2 would save
// another 20% on artwork but only ~3% on photographs, for 40% more time on every upload and
// on the 500+ pictures of the first-start demo seed. Quality 80 is sharp's default.
const WEBP = { quality: 80, effort: 1 } as const;
// A JPEG upload keeps a JPEG original: encoding it is 3-7x faster than WebP (13-20 ms against
// 60-130 ms for a 1000x1500 picture) for files 25-35% larger, and the original is only fetched
// for the close-up view. Anything else (PNG, GIF, WebP, AVIF) becomes WebP, which keeps
// transparency and is far smaller than PNG.
const ORIGINAL_JPEG = { quality: 85 } as const;
const ORIGINAL_WEBP = { quality: 82, effort: 2 } as const;

const RENDITION_WIDTHS = Object.entries(IMAGE_WIDTHS) as [keyof typeof IMAGE_WIDTHS, number][];

/** Renditions keep the aspect ratio and are never wider than the original (no upscaling). */
function scaleToWidth(width: number, height: number, target: number): { width: number; height: number } {
  if (width <= target) return { width, height };
  return { width: target, height: Math.max(1, Math.round((height * target) / width)) };
}

function planRenditions(hash: string, width: number, height: number, origExtension: string) {
  const sizes = {
    orig: { key: buildMediaKey(hash, 'orig', origExtension), width, height },
  } as Record<RenditionName, ProcessedRendition>;
  for (const [name, target] of RENDITION_WIDTHS) {
    sizes[name] = { key: buildMediaKey(hash, name, 'webp'), ...scaleToWidth(width, height, target) };
  }
  return sizes;
}

/**
 * Encodes one rendition from the decoded 736x copy. Sizes are computed by planRenditions rather
 * than left to sharp so that a dedupe hit, which never resizes, reports exactly the sizes the
 * first upload stored.
 */
function encodeRendition(top: RawImage, width: number, height: number): Promise<Buffer> {
  let image = sharp(top.data, { raw: top });
  if (top.width !== width || top.height !== height) image = image.resize(width, height, { fit: 'fill' });
  return image.webp(WEBP).toBuffer();
}

/**
 * Stores the four renditions of an uploaded picture and describes them. Throws
 * `ImageRejectedError` (`image_too_large` before any decoding, `image_invalid` for anything
 * unreadable); storage failures propagate as they are. The same bytes uploaded twice are stored
 * once: the second call reads the header and the small stored rendition, and encodes nothing.
 */
export async function processImage(input: Buffer, storage: MediaStorage): Promise<ProcessedImage> {
  const header = await readImageHeader(input);
  const hash = createHash('sha256').update(input).digest('hex');
  const isJpeg = header.format === 'jpeg';
  const sizes = planRenditions(hash, header.width, header.height, isJpeg ? 'jpg' : 'webp');
  const describe = (dominantColor: string): ProcessedImage => ({
    hash,
    width: header.width,
    height: header.height,
    dominantColor,
    mime: header.mime,
    byteSize: input.length,
    sizes,
  });

  // The colour always comes from the stored 236x file, so a dedupe hit reports exactly what
  // the first upload did without decoding the upload again.
  if (await storage.exists(sizes.orig.key)) {
    const thumbnail = await storage.get(sizes['236x'].key);
    if (thumbnail) return describe(await readDominantColor(thumbnail));
  }

  // Two decodes rather than one full-size copy: the original is re-encoded in one pass and the
  // renditions all come from a 736x copy, so memory stays small even for a 40 MP upload.
  const top = sizes['736x'];
  const [orig, topImage] = await Promise.all([
    isJpeg ? encodeOriginal(input, 'jpeg', ORIGINAL_JPEG) : encodeOriginal(input, 'webp', ORIGINAL_WEBP),
    decodeImageAt(input, top.width, top.height),
  ]);
  const encoded = await Promise.all(
    RENDITION_WIDTHS.map(([name]) => encodeRendition(topImage, sizes[name].width, sizes[name].height)),
  );
  const renditions = RENDITION_WIDTHS.map(([name], i) => ({ name, body: encoded[i]! }));
  const dominantColor = await readDominantColor(renditions.find(({ name }) => name === '236x')!.body);
  await Promise.all(renditions.map(({ name, body }) => storage.put(sizes[name].key, body, 'image/webp')));
  // The original goes last: its key is the dedupe marker, so it may only exist once the others do.
  await storage.put(sizes.orig.key, orig, isJpeg ? 'image/jpeg' : 'image/webp');
  return describe(dominantColor);
}
