import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createRng, generateSeedImage } from '../../src/cli/seed-images.ts';
import { mapWithConcurrency } from '../../src/lib/concurrency.ts';

describe('createRng', () => {
  it('repeats its sequence for a seed and differs between seeds', () => {
    const draw = (seed: number) => Array.from({ length: 5 }, createRng(seed));
    expect(draw(7)).toEqual(draw(7));
    expect(draw(7)).not.toEqual(draw(8));
    expect(draw(7).every((value) => value >= 0 && value < 1)).toBe(true);
  });
});

describe('generateSeedImage', () => {
  it('gives the same bytes for the same rng sequence', async () => {
    const [a, b] = await Promise.all([
      generateSeedImage(createRng(99), 3),
      generateSeedImage(createRng(99), 3),
    ]);
    expect(a.equals(b)).toBe(true);
  });

  it('makes JPEGs 640-736 px wide in varied pin-grid shapes', async () => {
    const images = await mapWithConcurrency(
      Array.from({ length: 18 }, (_, i) => i),
      4,
      async (i) => sharp(await generateSeedImage(createRng(1000 + i), i)).metadata(),
    );
    for (const meta of images) {
      expect(meta.format).toBe('jpeg');
      expect(meta.width).toBeGreaterThanOrEqual(640);
      expect(meta.width).toBeLessThanOrEqual(736);
      expect(meta.height / meta.width).toBeGreaterThanOrEqual(0.74);
      expect(meta.height / meta.width).toBeLessThanOrEqual(2.11);
    }
    const shapes = new Set(images.map((meta) => (meta.height / meta.width).toFixed(2)));
    expect(shapes.size).toBeGreaterThanOrEqual(4);
  });
});

describe('mapWithConcurrency', () => {
  it('keeps input order and never runs more than the limit at once', async () => {
    let running = 0;
    let peak = 0;
    const results = await mapWithConcurrency([5, 1, 4, 2, 3, 0], 2, async (delay, index) => {
      running += 1;
      peak = Math.max(peak, running);
      await new Promise((resolve) => setTimeout(resolve, delay * 3));
      running -= 1;
      return `${index}:${delay}`;
    });
    expect(results).toEqual(['0:5', '1:1', '2:4', '3:2', '4:3', '5:0']);
    expect(peak).toBe(2);
  });

  it('rejects with the first failure and starts nothing after it', async () => {
    const started: number[] = [];
    const run = mapWithConcurrency([0, 1, 2, 3, 4], 1, async (item) => {
      started.push(item);
      if (item === 1) throw new Error('boom');
      return item;
    });
    await expect(run).rejects.toThrow('boom');
    expect(started).toEqual([0, 1]);
  });

  it('refuses a limit below one', async () => {
    await expect(mapWithConcurrency([1], 0, async (x) => x)).rejects.toThrow(RangeError);
  });
});
