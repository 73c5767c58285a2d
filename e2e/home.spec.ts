/// <reference lib="dom" />
import { type Locator } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { pinCardLink, urlEndingWith } from './support/browse.ts';
import { recordFeedPages } from './support/network.ts';

async function expectImageLoaded(image: Locator) {
  const isLoaded = () => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0);
  await expect.poll(isLoaded).toBe(true);
}

test('the home feed shows the seeded pins with their images', async ({ page }) => {
  const feedPages = recordFeedPages(page);
  await page.goto('/');

  await expect(page.getByRole('link', { name: 'Pinboard home' })).toBeVisible();
  const feed = page.getByRole('feed', { name: 'Home feed' });
  await expect(feed).toBeVisible();
  await expect.poll(() => feedPages.length).toBeGreaterThan(0);
  // The first row is on screen, so its images must have loaded.
  for (const pin of feedPages[0]!.slice(0, 3)) {
    const card = pinCardLink(feed, pin);
    await expect(card).toBeInViewport();
    await expectImageLoaded(card.getByRole('img'));
  }
});

test('a keyboard user skips to the feed and opens the first pin', async ({ page }) => {
  const feedPages = recordFeedPages(page);
  await page.goto('/');
  await expect.poll(() => feedPages.length).toBeGreaterThan(0);
  const firstPin = feedPages[0]![0]!;
  const firstCard = pinCardLink(page.getByRole('feed', { name: 'Home feed' }), firstPin);
  await expect(firstCard).toBeVisible();

  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await expect(firstCard).toBeFocused();
  // Focus is visible: the focused card link draws an outline.
  const outline = await firstCard.evaluate((element) => {
    const style = getComputedStyle(element);
    return { style: style.outlineStyle, width: parseFloat(style.outlineWidth) };
  });
  expect(outline.style).not.toBe('none');
  expect(outline.width).toBeGreaterThan(0);

  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(urlEndingWith(`/pin/${firstPin.id}/`));
});

test('an unknown address shows the not-found page with a way home', async ({ page }) => {
  await page.goto('/this/address/does-not/exist');

  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to the home page' }).click();

  await expect(page).toHaveURL('/');
  await expect(page.getByRole('feed', { name: 'Home feed' })).toBeVisible();
});
