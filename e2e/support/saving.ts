import { expect, type Page } from '@playwright/test';

/** Saves a pin to a new board from the pin's page, through the board picker's 'Create board'. */
export async function saveToNewBoard(page: Page, pinId: string, board: string): Promise<void> {
  await page.goto(`/pin/${pinId}/`);
  await page.getByRole('main').getByRole('link', { name: 'Save', exact: true }).click();
  await page
    .getByRole('dialog', { name: 'Choose board' })
    .getByRole('button', { name: 'Create board' })
    .click();
  const create = page.getByRole('dialog', { name: 'Create board' });
  await create.getByLabel('Name', { exact: true }).fill(board);
  await create.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Board created' })).toBeVisible();
  await page.keyboard.press('Escape');
}

/** Opens one of the signed-in person's boards from their profile. */
export async function openOwnBoard(page: Page, board: string): Promise<void> {
  await page.getByRole('link', { name: 'Your profile' }).click();
  await page
    .getByRole('link', { name: new RegExp(`^${board}`) })
    .first()
    .click();
  // The board's page is there (so `page.url()` is the board's, not the profile's).
  await expect(page.getByRole('heading', { level: 1, name: board })).toBeVisible();
}
