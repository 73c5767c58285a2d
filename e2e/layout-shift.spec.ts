import { type APIRequestContext } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { findBrowsePath, homeFeedPage } from './support/api.ts';
import {
  afterTwoFrames,
  imageBoxes,
  layoutShifts,
  observeLayoutShifts,
  visibleImagesLoaded,
  type ImageBox,
} from './support/layout.ts';
import { trackApiRequests, waitForApiQuiet } from './support/network.ts';

// Cards and the closeup know their images' heights from the stored width and height, so an
// image arriving must not move anything: the same boxes before and after, no layout shift.
const PAGES: { name: string; path: (request: APIRequestContext) => Promise<string> }[] = [
  { name: 'home feed', path: async () => '/' },
  { name: 'pin closeup', path: async (request) => `/pin/${(await findBrowsePath(request)).pin.id}/` },
  { name: 'board', path: async (request) => (await findBrowsePath(request)).board.url },
  { name: 'search results page', path: async (request) => `/search/pins/?q=${await seededWord(request)}` },
];

/** A word of a seeded pin's title, so a search finds pins. */
async function seededWord(request: APIRequestContext): Promise<string> {
  const titles = (await homeFeedPage(request)).map((pin) => pin.title);
  const word = titles.map((title) => /[a-z]{4,}/i.exec(title)?.[0]).find(Boolean);
  if (!word) throw new Error('no feed pin has a word of four letters in its title');
  return word.toLowerCase();
}

const describe = (box: ImageBox) => `${box.key} image ${box.image.join(',')} card ${box.card.join(',')}`;

for (const { name, path } of PAGES) {
  test(`the ${name} does not shift as its images load`, async ({ page, request }) => {
    const url = await path(request);
    let releaseImages!: () => void;
    const imagesReleased = new Promise<void>((resolve) => (releaseImages = resolve));
    let heldImages = 0;
    await page.route('**/media/**', async (route) => {
      heldImages++;
      await imagesReleased;
      await route.continue();
    });
    await observeLayoutShifts(page);
    const apiInFlight = trackApiRequests(page);

    // Not until `load`: the images are held, and the home page's HTML has images of its own.
    await page.goto(url, { waitUntil: 'domcontentloaded' });
    await expect(page.getByRole('main').getByRole('img').first()).toBeVisible();
    await waitForApiQuiet(apiInFlight);
    await afterTwoFrames(page);
    // The page is drawn from its data alone: the images were asked for and are all still held.
    await expect.poll(() => heldImages).toBeGreaterThan(0);
    expect(await visibleImagesLoaded(page)).toBe(false);
    const before = await imageBoxes(page);
    const shiftBefore = (await layoutShifts(page)).total;

    releaseImages();
    await expect.poll(() => visibleImagesLoaded(page)).toBe(true);
    await afterTwoFrames(page);

    const after = new Map((await imageBoxes(page)).map((box) => [box.key, box]));
    const moved = before
      .filter((box) => JSON.stringify(after.get(box.key)) !== JSON.stringify(box))
      .map((box) => `${describe(box)} -> ${after.has(box.key) ? describe(after.get(box.key)!) : 'gone'}`);
    expect(moved, 'images or cards that moved, resized or went away as images loaded').toEqual([]);

    const shifts = await layoutShifts(page);
    const shiftWhileLoading = shifts.total - shiftBefore;
    expect(shiftWhileLoading, `layout shifts as images loaded: ${JSON.stringify(shifts.entries)}`).toBe(0);
  });
}
