import { expect, test, type Locator } from '@playwright/test';

// The root tsconfig has no DOM lib; these are the two HTMLImageElement fields we read.
interface ImageState {
  complete: boolean;
  naturalWidth: number;
}

async function expectImageLoaded(image: Locator) {
  const isLoaded = () =>
    image.evaluate((element) => {
      const img = element as unknown as ImageState;
      return img.complete && img.naturalWidth > 0;
    });
  await expect.poll(isLoaded).toBe(true);
}

test('the home feed shows the seeded pins and loads more', async ({ page }) => {
  await page.goto('/');

  await expect(page.getByRole('link', { name: 'Pinboard home' })).toBeVisible();
  const pins = page.getByRole('list', { name: 'Home feed' }).getByRole('listitem');
  await expect(pins.first()).toBeVisible();
  const firstPageCount = await pins.count();
  // The first row is on screen, so its lazy images must have loaded.
  for (const pin of (await pins.all()).slice(0, 3)) await expectImageLoaded(pin.getByRole('img'));

  await page.getByRole('button', { name: 'Load more' }).click();

  await expect.poll(() => pins.count()).toBeGreaterThan(firstPageCount);
  const lastPin = pins.last();
  await lastPin.scrollIntoViewIfNeeded();
  await expectImageLoaded(lastPin.getByRole('img'));
});

test('an unknown address shows the not-found page with a way home', async ({ page }) => {
  await page.goto('/this/address/does-not/exist');

  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to the home page' }).click();

  await expect(page).toHaveURL('/');
  await expect(page.getByRole('list', { name: 'Home feed' })).toBeVisible();
});
