/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// In-page probes for the layout-shift test; these functions run in the browser (page.evaluate).
import type { Page } from '@playwright/test';

export interface ImageBox {
  key: string;
  image: [number, number, number, number];
  card: [number, number, number, number];
}

interface ShiftWindow extends Window {
  __layoutShift?: { total: number; entries: { value: number; time: number; sources: string[] }[] };
}

/** Starts summing layout shifts (without recent input) from the first paint; add before `goto`. */
export async function observeLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const record: NonNullable<ShiftWindow['__layoutShift']> = { total: 0, entries: [] };
    (window as ShiftWindow).__layoutShift = record;
    const describe = (node: Node | null) =>
      node instanceof Element
        ? `${node.tagName.toLowerCase()}${node.className ? `.${String(node.className).split(' ').join('.')}` : ''}`
        : String(node?.nodeName);
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources?: { node: Node | null }[];
      })[]) {
        if (entry.hadRecentInput) continue;
        record.total += entry.value;
        record.entries.push({
          value: entry.value,
          time: entry.startTime,
          sources: (entry.sources ?? []).map((source) => describe(source.node)),
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

export async function layoutShifts(page: Page): Promise<NonNullable<ShiftWindow['__layoutShift']>> {
  return page.evaluate(() =>
    structuredClone((window as ShiftWindow).__layoutShift ?? { total: 0, entries: [] }),
  );
}

/** Resolves after the browser has laid out and painted twice: every pending layout has happened. */
export async function afterTwoFrames(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
}

/**
 * Every image of the main content with its box and the box of the card (the closest article)
 * holding it, in page coordinates, keyed by its address and its rank among images of that address.
 */
export async function imageBoxes(page: Page): Promise<ImageBox[]> {
  return page.evaluate(() => {
    const box = (element: Element): [number, number, number, number] => {
      const rect = element.getBoundingClientRect();
      return [rect.left + window.scrollX, rect.top + window.scrollY, rect.width, rect.height];
    };
    const seen = new Map<string, number>();
    return [...document.querySelectorAll('main img')].map((image) => {
      const src = image.getAttribute('src') ?? '';
      const rank = seen.get(src) ?? 0;
      seen.set(src, rank + 1);
      const card = image.closest('article') ?? image.parentElement ?? image;
      return { key: `${src}#${rank}`, image: box(image), card: box(card) };
    });
  });
}

/** Whether every image of the main content that is in the viewport has loaded and decoded. */
export async function visibleImagesLoaded(page: Page): Promise<boolean> {
  return page.evaluate(() =>
    [...document.querySelectorAll('main img')]
      .filter((img) => {
        const rect = img.getBoundingClientRect();
        return rect.bottom > 0 && rect.top < window.innerHeight && rect.width > 0;
      })
      .every((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0),
  );
}
