import { expect, type Locator, type Page } from '@playwright/test';
import type { Pin } from '@pinboard/shared';

/** The text the web app uses to name a pin's image and its card link (features/pins/pinText.ts). */
export function pinName(pin: Pin): string {
  return (
    pin.alt_text || pin.title || pin.description || `Pin by ${pin.pinner.full_name || pin.pinner.username}`
  );
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A path the app may write with or without its trailing slash, as a whole-URL matcher. */
export function urlEndingWith(path: string): RegExp {
  return new RegExp(`${escapeRegExp(path.replace(/\/$/, ''))}/?(\\?.*)?$`);
}

/** The link that opens a pin from a grid: named by its image, pointing at /pin/{id}/. */
export function pinCardLink(scope: Page | Locator, pin: Pin): Locator {
  return scope
    .getByRole('link', { name: pinName(pin), exact: true })
    .and(scope.locator(`[href="/pin/${pin.id}/"], [href="/pin/${pin.id}"]`));
}

/** A link to a web path (`/{username}/{board}/`), whatever its name; with or without the trailing slash. */
export function linkTo(scope: Page | Locator, path: string, name?: string | RegExp): Locator {
  const bare = path.replace(/\/$/, '');
  return scope
    .getByRole('link', name === undefined ? {} : { name })
    .and(scope.locator(`[href="${bare}"], [href="${bare}/"]`));
}

/**
 * Turns the mouse wheel, as a person does, until `target` is in the viewport: down while it is
 * below or not drawn yet (the grids render only the cards near the viewport), up while above.
 */
export async function scrollUntilVisible(page: Page, target: Locator, step = 600): Promise<void> {
  await expect(async () => {
    const box = (await target.count()) > 0 ? await target.boundingBox() : null;
    const viewportHeight = page.viewportSize()?.height ?? 720;
    if (box === null || box.y >= viewportHeight) await page.mouse.wheel(0, step);
    else if (box.y + box.height <= 0) await page.mouse.wheel(0, -step);
    await expect(target).toBeInViewport({ timeout: 250 });
  }).toPass({ intervals: [250], timeout: 30_000 });
}
