import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { deflateSync, crc32 } from 'node:zlib';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_INPUT_PIXELS } from '@pinboard/shared/media';
import { createLocalStorage } from '../../src/adapters/storage/local-storage.ts';
import type { MediaStorage } from '../../src/adapters/storage/storage.ts';
import { ImageRejectedError, processImage } from '../../src/modules/media/image-pipeline.ts';

let mediaDir: string;
let storage: MediaStorage;

beforeEach(async () => {
  mediaDir = await mkdtemp(path.join(os.tmpdir(), 'pinboard-pipeline-'));
  storage = createLocalStorage(mediaDir);
});

afterEach(async () => {
  await rm(mediaDir, { recursive: true, force: true });
});

function solid(width: number, height: number, background: string) {
  return sharp({ create: { width, height, channels: 3, background } });
}

/** A PNG that is only a header: any attempt to decode it fails, so a refusal proves no decode ran. */
function pngHeaderOnly(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // truecolour
  const signature = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]);
  const idat = deflateSync(Buffer.alloc(16));
  return Buffer.concat([signature, chunk('IHDR', ihdr), chunk('IDAT', idat), chunk('IEND', Buffer.alloc(0))]);
}

async function rejectionOf(input: Buffer): Promise<ImageRejectedError> {
  const error = await processImage(input, storage).then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ImageRejectedError);
  return error as ImageRejectedError;
}

const readStored = (key: string) => readFile(path.join(mediaDir, key));

describe('processImage', () => {
  it('stores four renditions at the rendition widths, keeping the aspect ratio', async () => {
    const input = await solid(1200, 1800, '#3366cc').jpeg().toBuffer();
    const image = await processImage(input, storage);

    expect(image).toMatchObject({ width: 1200, height: 1800, mime: 'image/jpeg', byteSize: input.length });
    expect(image.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(image.sizes).toMatchObject({
      '236x': { width: 236, height: 354 },
      '474x': { width: 474, height: 711 },
      '736x': { width: 736, height: 1104 },
      orig: { width: 1200, height: 1800 },
    });
    for (const [name, rendition] of Object.entries(image.sizes)) {
      expect(rendition.key).toMatch(
        new RegExp(`^${image.hash.slice(0, 2)}/${image.hash.slice(2, 4)}/${image.hash}_${name}\\.`),
      );
      const meta = await sharp(await readStored(rendition.key)).metadata();
      expect([meta.width, meta.height]).toEqual([rendition.width, rendition.height]);
      expect(meta.format).toBe(name === 'orig' ? 'jpeg' : 'webp');
    }
  });

  it('never upscales a picture narrower than a rendition', async () => {
    const image = await processImage(await solid(300, 200, '#228833').png().toBuffer(), storage);

    expect(image.sizes['236x']).toMatchObject({ width: 236, height: 157 });
    expect(image.sizes['474x']).toMatchObject({ width: 300, height: 200 });
    expect(image.sizes['736x']).toMatchObject({ width: 300, height: 200 });
    // A PNG original becomes WebP.
    expect(image.sizes.orig.key).toMatch(/_orig\.webp$/);
    const meta = await sharp(await readStored(image.sizes['736x'].key)).metadata();
    expect([meta.width, meta.height]).toEqual([300, 200]);
  });

  it('finds the dominant colour of a solid red picture', async () => {
    const image = await processImage(await solid(400, 600, '#ff0000').png().toBuffer(), storage);

    expect(image.dominantColor).toMatch(/^#[0-9a-f]{6}$/);
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(image.dominantColor.slice(i, i + 2), 16));
    expect(r).toBeGreaterThan(230);
    expect(g).toBeLessThan(25);
    expect(b).toBeLessThan(25);
  });

  it('applies EXIF orientation and strips EXIF, GPS and every other metadata', async () => {
    const input = await solid(640, 320, '#aa5500')
      .jpeg()
      .withExif({
        IFD0: { Make: 'LeakyCam', Copyright: 'secret-owner' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '48/1 51/1 2400/100',
          GPSLongitudeRef: 'E',
          GPSLongitude: '2/1 21/1 300/100',
        },
      })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const inputMeta = await sharp(input).metadata();
    expect(inputMeta.orientation).toBe(6);
    expect(inputMeta.exif?.includes('LeakyCam')).toBe(true);
    expect(inputMeta.exif?.includes(Buffer.from([0x25, 0x88]))).toBe(true); // the GPS IFD pointer

    const image = await processImage(input, storage);

    // Orientation 6 turns the picture a quarter: stored upright, portrait.
    expect([image.width, image.height]).toEqual([320, 640]);
    for (const rendition of Object.values(image.sizes)) {
      const bytes = await readStored(rendition.key);
      const meta = await sharp(bytes).metadata();
      expect(meta).toMatchObject({ width: rendition.width, height: rendition.height });
      expect(meta.orientation).toBeUndefined();
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.iptc).toBeUndefined();
      expect(bytes.includes('LeakyCam')).toBe(false);
      expect(bytes.includes('secret-owner')).toBe(false);
    }
  });

  it('refuses a picture over the pixel limit from its header, without decoding it', async () => {
    // 8000x6000 = 48 MP. The file holds no pixel data, so decoding would fail as image_invalid.
    const spy = vi.spyOn(storage, 'put');
    const started = performance.now();
    const error = await rejectionOf(pngHeaderOnly(8000, 6000));

    expect(error.code).toBe('image_too_large');
    expect(error.status).toBe(400);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(spy).not.toHaveBeenCalled();
  });

  it('lets a picture of exactly the pixel limit through the header check', async () => {
    expect(8000 * 5000).toBe(MAX_INPUT_PIXELS);
    // Accepted by size, then found to have no pixels.
    expect((await rejectionOf(pngHeaderOnly(8000, 5000))).code).toBe('image_invalid');
    expect((await rejectionOf(pngHeaderOnly(8000, 5001))).code).toBe('image_too_large');
  });

  it('answers image_invalid for bytes that are no picture, and for SVG', async () => {
    expect((await rejectionOf(Buffer.from('definitely not an image, just some bytes'))).code).toBe(
      'image_invalid',
    );
    expect((await rejectionOf(Buffer.alloc(0))).code).toBe('image_invalid');
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
    );
    expect((await rejectionOf(svg)).code).toBe('image_invalid');
  });

  it('accepts AVIF and keeps a WebP original for it', async () => {
    const image = await processImage(await solid(120, 80, '#884422').avif().toBuffer(), storage);
    expect(image).toMatchObject({ mime: 'image/avif', width: 120, height: 80 });
    expect(image.sizes.orig.key).toMatch(/_orig\.webp$/);
  });

  it('stores the same bytes once and answers the same description again', async () => {
    const input = await solid(900, 600, '#123456').jpeg().toBuffer();
    const first = await processImage(input, storage);
    const origBefore = await readStored(first.sizes.orig.key);

    const put = vi.spyOn(storage, 'put');
    const second = await processImage(input, storage);

    expect(second).toEqual(first);
    expect(put).not.toHaveBeenCalled();
    expect((await readStored(first.sizes.orig.key)).equals(origBefore)).toBe(true);
  });

  it('uses the first frame of an animated GIF', async () => {
    const [width, frameHeight, frames] = [40, 30, 3];
    // Frames differ (the encoder merges identical ones); the first is the darkest.
    const pixels = Buffer.alloc(width * frameHeight * frames * 3);
    for (let frame = 0; frame < frames; frame++) {
      pixels.fill(60 + frame * 80, frame * width * frameHeight * 3, (frame + 1) * width * frameHeight * 3);
    }
    const gif = await sharp(pixels, {
      raw: { width, height: frameHeight * frames, channels: 3, pageHeight: frameHeight },
    })
      .gif()
      .toBuffer();
    expect((await sharp(gif).metadata()).pages).toBe(frames);

    const image = await processImage(gif, storage);

    expect(image).toMatchObject({ mime: 'image/gif', width, height: frameHeight });
    const meta = await sharp(await readStored(image.sizes.orig.key)).metadata();
    expect([meta.width, meta.height, meta.pages ?? 1]).toEqual([width, frameHeight, 1]);
    // The colour of frame one (grey 60, give or take the GIF palette), not of the later, lighter frames.
    for (const i of [1, 3, 5])
      expect(Math.abs(parseInt(image.dominantColor.slice(i, i + 2), 16) - 60)).toBeLessThan(8);
  });

  it('keeps transparency in WebP renditions of a PNG', async () => {
    const input = await sharp({
      create: { width: 500, height: 500, channels: 4, background: { r: 0, g: 0, b: 255, alpha: 0.5 } },
    })
      .png()
      .toBuffer();
    const image = await processImage(input, storage);

    const { data, info } = await sharp(await readStored(image.sizes['236x'].key))
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(info.channels).toBe(4);
    expect(Math.abs(data[3]! - 128)).toBeLessThan(4);
    expect(image.dominantColor).toBe('#0000ff');
  });
});
