import { expect, test } from './support/fixtures.ts';
import { homeFeedPage } from './support/api.ts';
import { signUp, uniqueEmail } from './support/auth.ts';
import { openOwnBoard, saveToNewBoard } from './support/saving.ts';

// Saving seeded pins through the board picker. Sections, follows,
// collaborators and moving pins come with the rest of the issue.

test('a person saves a pin to a new board from its page, then another from the grid', async ({
  page,
  request,
}) => {
  await signUp(page, uniqueEmail('saver'));
  const [first] = await homeFeedPage(request, 1);
  const board = `Trips ${Date.now().toString(36)}`;

  await page.goto(`/pin/${first!.id}/`);
  await page.getByRole('main').getByRole('link', { name: 'Save', exact: true }).click();
  const picker = page.getByRole('dialog', { name: 'Choose board' });
  await picker.getByRole('button', { name: 'Create board' }).click();
  const create = page.getByRole('dialog', { name: 'Create board' });
  await create.getByLabel('Name', { exact: true }).fill(board);
  await create.getByRole('button', { name: 'Create', exact: true }).click();

  const done = page.getByRole('dialog', { name: 'Board created' });
  await expect(done).toBeVisible();
  await expect(done.getByRole('link', { name: 'See it now' })).toBeVisible();
  // A new personal account is offered promotion in place of 'Send'.
  await expect(done.getByRole('link', { name: 'Promote your Pin' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(done).toBeHidden();

  // From the home grid: the card's Save, the board chosen in the picker, the overlay.
  await page.goto('/');
  const card = page.getByRole('article').nth(1);
  await card.hover();
  await card.getByRole('link', { name: /^Save / }).click();
  await page
    .getByRole('dialog', { name: 'Choose board' })
    .getByRole('option', { name: new RegExp(board) })
    .click();
  await expect(page.getByRole('status').filter({ hasText: `You saved this Pin to ${board}!` })).toBeVisible();
});

test('a person moves a pin from one of their boards to another', async ({ page, request }) => {
  await signUp(page, uniqueEmail('mover'));
  const [first, second] = await homeFeedPage(request, 2);
  const stamp = Date.now().toString(36);
  const from = `From ${stamp}`;
  const to = `To ${stamp}`;
  await saveToNewBoard(page, first!.id, from);
  await saveToNewBoard(page, second!.id, to);
  await openOwnBoard(page, from);
  await page.getByRole('button', { name: 'Organize' }).click();
  await page.getByRole('checkbox').first().check();
  await expect(page.getByText('1 Pin selected')).toBeVisible();
  await page.getByRole('button', { name: 'Move', exact: true }).click();
  await page
    .getByRole('dialog', { name: 'Choose board' })
    .getByRole('option', { name: new RegExp(to) })
    .click();
  await expect(page.getByText(`Moved 1 Pin to ${to}`)).toBeVisible();
  await expect(page.getByRole('checkbox')).toHaveCount(0);
});

test('a person adds a section to their board and saves a pin into it', async ({ page, request }) => {
  await signUp(page, uniqueEmail('sections'));
  const [first, second] = await homeFeedPage(request, 2);
  const board = `Rooms ${Date.now().toString(36)}`;
  await saveToNewBoard(page, first!.id, board);
  await openOwnBoard(page, board);
  await page.getByRole('button', { name: 'Add section' }).click();
  const section = page.getByRole('dialog', { name: 'Create section' });
  await section.getByPlaceholder('Like "Lighting"').fill('Lighting');
  await section.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(section).toBeHidden();

  await page.goto(`/pin/${second!.id}/`);
  await page.getByRole('main').getByRole('link', { name: 'Save', exact: true }).click();
  await page
    .getByRole('dialog', { name: 'Choose board' })
    .getByRole('option', { name: new RegExp(board) })
    .click();
  await page
    .getByRole('dialog', { name: 'Choose section' })
    .getByRole('option', { name: /Lighting/ })
    .click();
  await expect(page.getByRole('dialog', { name: `Saved to Lighting in ${board}` })).toBeVisible();
});
