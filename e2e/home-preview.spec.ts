import { type Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';

// The home page's HTML draws the feed's first row before the script arrives (the server's
// home-page-html.ts); the app then draws the same images. They must be in the same places, or
// the page would jump when the app takes over.
interface Box {
  src: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

const fileOf = (src: string) => new URL(src).pathname;

/** Boxes of the images whose top is on the first screen, left to right. */
async function firstScreenImages(page: Page, selector: string): Promise<Box[]> {
  const boxes = await page.locator(selector).evaluateAll((images) =>
    images.map((image) => {
      const rect = image.getBoundingClientRect();
      return {
        src: (image as HTMLImageElement).src,
        x: rect.x,
        y: rect.y,
        width: rect.width,
        height: rect.height,
      };
    }),
  );
  const viewport = page.viewportSize()!;
  return boxes
    .filter((box) => box.y < viewport.height && box.width > 0)
    .map((box) => ({ ...box, src: fileOf(box.src) }))
    .sort((a, b) => a.x - b.x);
}

const VIEWPORTS = [
  { name: 'phone', width: 412, height: 823 },
  { name: 'desktop', width: 1350, height: 940 },
];

for (const viewport of VIEWPORTS) {
  test(`on a ${viewport.name}, the HTML's first row is where the app draws it`, async ({ browser }) => {
    const withoutScript = await browser.newContext({ viewport, javaScriptEnabled: false });
    const before = await withoutScript.newPage();
    await before.goto('/');
    const preview = await firstScreenImages(before, '#root [aria-hidden="true"] img');
    await withoutScript.close();

    const withScript = await browser.newContext({ viewport });
    const page = await withScript.newPage();
    await page.goto('/');
    await expect(page.getByRole('main').getByRole('img').first()).toBeVisible();
    const cards = await firstScreenImages(page, 'main img');
    const top = Math.min(...cards.map((box) => box.y));
    const firstRow = cards.filter((box) => Math.abs(box.y - top) < 1);
    await withScript.close();

    expect(preview.length).toBeGreaterThanOrEqual(2);
    expect(preview.map((box) => box.src)).toEqual(firstRow.map((box) => box.src));
    for (const [index, box] of preview.entries()) {
      const card = firstRow[index]!;
      for (const key of ['x', 'y', 'width', 'height'] as const) {
        expect(Math.abs(box[key] - card[key]), `${key} of image ${index + 1}`).toBeLessThanOrEqual(1);
      }
    }
  });
}
