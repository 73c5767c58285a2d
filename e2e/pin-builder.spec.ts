import { type Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import sharp from 'sharp';
import { signUp, uniqueEmail } from './support/auth.ts';
import { expectNoSeriousAxeViolations } from './support/axe.ts';

// The pin builder — upload an image, choose a board's section, publish, open the pin.

/** A board with one section for the signed-in person, made through the API with the page's session. */
async function createBoardWithSection(page: Page, board: string, section: string): Promise<void> {
  const csrf = (await page.context().cookies()).find((cookie) => cookie.name === 'csrftoken')?.value ?? '';
  const headers = { 'X-CSRFToken': csrf };
  const created = await page.request.post('/v3/boards/', {
    headers,
    data: { name: board, privacy: 'public' },
  });
  expect(created.ok()).toBe(true);
  const { id } = ((await created.json()) as { resource_response: { data: { id: string } } }).resource_response
    .data;
  const added = await page.request.post(`/v3/boards/${id}/sections/`, {
    headers,
    data: { name: section, name_source: 0 },
  });
  expect(added.ok()).toBe(true);
}

test('a person uploads an image in the pin builder and publishes it into a section', async ({ page }) => {
  await signUp(page, uniqueEmail('builder'));
  const board = `Lamps ${Date.now().toString(36)}`;
  await createBoardWithSection(page, board, 'Brass');
  const png = await sharp({ create: { width: 300, height: 450, channels: 3, background: '#8a5a2b' } })
    .png()
    .toBuffer();

  await page.getByRole('link', { name: 'Create a pin' }).click();
  await expect(page.getByRole('heading', { name: 'Create Pin', level: 1 })).toBeVisible();
  await page
    .getByLabel('Choose a file')
    .setInputFiles({ name: 'lamp.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByRole('img', { name: 'Preview of your Pin' })).toBeVisible();
  await expect(page.getByText('Uploading…')).toHaveCount(0);
  await page.getByLabel('Title').fill('A brass lamp');
  await page.getByRole('button', { name: /^Board/ }).click();
  const picker = page.getByRole('dialog', { name: 'Choose board' });
  await picker.getByRole('option', { name: new RegExp(board) }).click();
  await page.getByRole('dialog', { name: 'Choose section' }).getByRole('option', { name: /Brass/ }).click();
  await expect(page.getByRole('button', { name: `Board ${board} / Brass` })).toBeVisible();
  await expectNoSeriousAxeViolations(page, 'pin builder');

  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByRole('heading', { name: 'Your Pin is published!' })).toBeVisible();
  await page.getByRole('link', { name: 'See your Pin' }).click();
  await expect(page.getByRole('heading', { name: 'A brass lamp', level: 1 })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Brass', exact: true })).toBeVisible();
});
