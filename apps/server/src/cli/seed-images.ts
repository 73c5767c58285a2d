import sharp from 'sharp';
import { SEED_PALETTES, SEED_STYLES, type Canvas, type Rng } from './seed-image-styles.ts';

export type { Rng } from './seed-image-styles.ts';

/** Width:height ratios of a pin grid; 2:3 is the common phone-photo pin, so it comes up most. */
const ASPECT_RATIOS = [2 / 3, 2 / 3, 2 / 3, 1, 3 / 4, 4 / 5, 9 / 16, 4 / 3, 1 / 2.1] as const;

/**
 * mulberry32: a tiny, fast, well-spread 32-bit generator. Math.random cannot be seeded, and the
 * demo has to come out the same on every machine so screenshots and tests can rely on it.
 */
export function createRng(seed: number): Rng {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pickFrom<T>(rng: Rng, list: readonly T[]): T {
  return list[Math.floor(rng() * list.length)]!;
}

/** The palette in a random order, so one palette gives many different pictures. */
function shuffle<T>(rng: Rng, list: readonly T[]): T[] {
  const copy = [...list];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

/**
 * A demo picture as JPEG bytes, the way a phone or a camera would upload it: an abstract
 * poster (landscape, waves, grid of shapes, stripes, arches or out-of-focus lights) 640-736 px
 * wide at a pin-grid aspect ratio. No wider than the 736x rendition: first start processes ~460
 * of these, and 20% fewer pixels is 20% less CPU (92 against 115 ms per picture, measured). The same rng sequence always gives the same bytes; `index`
 * walks through the styles so neighbouring pins never look alike.
 */
export async function generateSeedImage(rng: Rng, index: number): Promise<Buffer> {
  const width = 640 + Math.floor(rng() * 3) * 48;
  const height = Math.round(width / pickFrom(rng, ASPECT_RATIOS));
  const style = SEED_STYLES[index % SEED_STYLES.length]!;
  const canvas: Canvas = { width, height, colors: shuffle(rng, pickFrom(rng, SEED_PALETTES)), rng };
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${style.draw(canvas)}</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 86, optimiseCoding: false }).toBuffer();
}
