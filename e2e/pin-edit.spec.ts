import { type Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, test } from './support/fixtures.ts';
import { signUp, uniqueEmail } from './support/auth.ts';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { scrollUntilVisible } from './support/browse.ts';

// A person edits their own pin from its "…" menu (title and board), sees the change,
// deletes it, and it is gone from the board; at the desktop size and at a phone's width.

const VIEWPORTS = [
  { name: 'wide', size: { width: 1280, height: 720 } },
  { name: 'narrow', size: { width: 400, height: 800 } },
];

/** A call of the page's signed-in session, with its CSRF token. */
async function apiPost<T>(page: Page, url: string, data: unknown): Promise<T> {
  const csrf = (await page.context().cookies()).find((cookie) => cookie.name === 'csrftoken')?.value ?? '';
  const response = await page.request.post(url, { headers: { 'X-CSRFToken': csrf }, data });
  expect(response.ok(), `POST ${url}`).toBe(true);
  return ((await response.json()) as { resource_response: { data: T } }).resource_response.data;
}

for (const viewport of VIEWPORTS) {
  test.describe(`${viewport.name} viewport`, () => {
    test.use({ viewport: viewport.size });
    // Sign-up, two boards, a pin, the editor, two boards' pages and a delete: more than the default 30 s.
    test.slow();

    test('a person edits the title and board of their pin, then deletes it', async ({ page }) => {
      await signUp(page, uniqueEmail(`pinedit-${viewport.name}`));
      const suffix = Date.now().toString(36);
      const first = await apiPost<{ id: string; url: string }>(page, '/v3/boards/', {
        name: `Lamps ${suffix}`,
        privacy: 'public',
      });
      const second = await apiPost<{ id: string; url: string }>(page, '/v3/boards/', {
        name: `Lights ${suffix}`,
        privacy: 'public',
      });
      const png = await sharp({ create: { width: 300, height: 450, channels: 3, background: '#8a5a2b' } })
        .png()
        .toBuffer();
      const pin = await apiPost<{ id: string }>(page, '/v3/pins/', {
        board_id: first.id,
        title: 'A brass lamp',
        image_base64: png.toString('base64'),
      });

      await page.goto(`/pin/${pin.id}/`);
      await expect(page.getByRole('heading', { name: 'A brass lamp', level: 1 })).toBeVisible();
      await page.getByRole('main').getByRole('button', { name: 'More options' }).first().click();
      await page.getByRole('menuitem', { name: 'Edit Pin' }).click();
      const editor = page.getByRole('dialog', { name: 'Edit Pin' });
      await editor.getByLabel('Title').fill('A brass reading lamp');
      await editor.getByRole('button', { name: /^Board/ }).click();
      await page
        .getByRole('dialog', { name: 'Choose board' })
        .getByRole('option', { name: new RegExp(`Lights ${suffix}`) })
        .click();
      await expect(editor.getByRole('button', { name: `Board Lights ${suffix}` })).toBeVisible();
      await expectNoSeriousAxeViolations(page, 'pin editor');
      await editor.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(editor).toHaveCount(0);

      // The closeup shows the change at once, and the pin is on its new board.
      await expect(page.getByRole('heading', { name: 'A brass reading lamp', level: 1 })).toBeVisible();
      await expect(
        page.getByRole('main').getByRole('link', { name: `Lights ${suffix}`, exact: true }),
      ).toBeVisible();
      await page.goto(second.url);
      // The grid draws the cards near the viewport once it has measured itself.
      await scrollUntilVisible(page, page.getByRole('link', { name: 'A brass reading lamp', exact: true }));
      await page.goto(first.url);
      await expect(page.getByRole('link', { name: /A brass/ })).toHaveCount(0);

      // Deleted from the /pin/{id}/edit page: the board no longer shows it.
      await page.goto(`/pin/${pin.id}/edit/`);
      await expect(page.getByRole('heading', { name: 'Edit Pin', level: 1 })).toBeVisible();
      await expect(page.getByLabel('Title')).toHaveValue('A brass reading lamp');
      await page.getByRole('button', { name: 'Delete', exact: true }).click();
      await page
        .getByRole('dialog', { name: 'Delete this Pin?' })
        .getByRole('button', { name: 'Delete', exact: true })
        .click();
      await expect(page.getByRole('heading', { level: 1, name: `Lights ${suffix}` })).toBeVisible();
      await expect(page.getByRole('link', { name: 'A brass reading lamp' })).toHaveCount(0);
      expect((await page.request.get(`/v3/pins/${pin.id}/`)).status()).toBe(404);
    });
  });
}

test('the idea pin builder shows the title and board beside the pages, in the first screen', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await signUp(page, uniqueEmail('ideapin-layout'));
  await page.goto('/idea-pin-builder/');
  const pages = page.getByRole('region', { name: /Pages/ });
  const title = page.getByLabel('Title');
  const board = page.getByRole('button', { name: /^Board/ });
  await expect(title).toBeVisible();
  const pagesBox = (await pages.boundingBox())!;
  for (const field of [title, board]) {
    const box = (await field.boundingBox())!;
    expect(box.x, 'beside the pages').toBeGreaterThanOrEqual(pagesBox.x + pagesBox.width);
    expect(box.y + box.height, 'above the fold').toBeLessThanOrEqual(720);
  }
});
