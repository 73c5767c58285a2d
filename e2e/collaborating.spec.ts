import { type Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { homeFeedPage } from './support/api.ts';
import { signUp, uniqueEmail } from './support/auth.ts';
import { afterTwoFrames, layoutShifts, observeLayoutShifts } from './support/layout.ts';
import { openOwnBoard, saveToNewBoard } from './support/saving.ts';

/** Adds a section from the board page's 'Add section'. */
async function addSection(page: Page, title: string) {
  await page.getByRole('button', { name: 'Add section' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create section' });
  await dialog.getByPlaceholder('Like "Lighting"').fill(title);
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(dialog).toBeHidden();
}

/**
 * Reloads the board with the owner's lazy controls held back until the board is drawn, then
 * lets them in: the space kept for them from the first paint means nothing moves.
 */
async function expectOwnerControlsToShiftNothing(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const lazyControls = /\/assets\/(BoardActions|AddSectionButton|SectionMenu|Organizer)-[^/]*\.js$/;
  await page.route(lazyControls, async (route) => {
    await released;
    await route.continue();
  });
  await observeLayoutShifts(page);
  await page.reload();
  await expect(page.getByRole('list', { name: /^Sections of / })).toBeVisible();
  await afterTwoFrames(page);
  const before = (await layoutShifts(page)).total;
  release();
  await expect(page.getByRole('button', { name: 'Organize' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add section' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Section options for / }).first()).toBeVisible();
  await afterTwoFrames(page);
  const shifts = await layoutShifts(page);
  expect(shifts.total - before, `shifts: ${JSON.stringify(shifts.entries)}`).toBe(0);
  await page.unroute(lazyControls);
}

test('an owner invites a second account, which follows the board, accepts, and saves into it', async ({
  page,
  browser,
  request,
}) => {
  const [first, second] = await homeFeedPage(request, 2);
  const board = `Group ${Date.now().toString(36)}`;
  await signUp(page, uniqueEmail('owner'));
  await saveToNewBoard(page, first!.id, board);
  await openOwnBoard(page, board);
  const boardUrl = page.url();

  // Two sections, put in the other order from the board menu's 'Reorder sections'.
  await addSection(page, 'Alpha');
  await addSection(page, 'Beta');
  await page.getByRole('button', { name: 'Board options' }).click();
  await page.getByRole('button', { name: 'Reorder sections' }).click();
  const reorder = page.getByRole('dialog', { name: 'Reorder sections' });
  const saved = page.waitForResponse((response) => response.url().endsWith('/sections/order/'));
  await reorder.getByRole('button', { name: 'Move Beta up' }).click();
  expect((await saved).ok()).toBe(true);
  await reorder.getByRole('button', { name: 'Done' }).click();
  const sections = page.getByRole('list', { name: `Sections of ${board}` });
  await expect(sections.getByRole('listitem').first()).toContainText('Beta');
  await expectOwnerControlsToShiftNothing(page);
  await expect(sections.getByRole('listitem').first()).toContainText('Beta');

  // The second account follows the board, a public one.
  const guestContext = await browser.newContext();
  const guest = await guestContext.newPage();
  const guestEmail = uniqueEmail('guest');
  await signUp(guest, guestEmail);
  await guest.goto(boardUrl);
  await guest.getByRole('button', { name: 'Follow', exact: true }).click();
  await expect(guest.getByRole('button', { name: 'Following' })).toBeVisible();

  // The owner invites the guest by email.
  await page.getByRole('button', { name: 'Board options' }).click();
  await page.getByRole('button', { name: 'Invite collaborators' }).click();
  const invite = page.getByRole('dialog', { name: 'Invite collaborators' });
  await invite.getByLabel('Search by name or email address').fill(guestEmail);
  await invite.getByText('Click to send!').click();
  await invite.getByRole('button', { name: 'Invite', exact: true }).click();
  await expect(invite.getByText('Invited')).toBeVisible();

  // The guest accepts on their profile, then saves another pin into the group board.
  await guest.getByRole('link', { name: 'Your profile' }).click();
  const invitations = guest.getByRole('region', { name: 'Board invitations' });
  await invitations.getByRole('button', { name: 'Accept' }).click();
  await expect(guest.getByText(`You joined ${board}.`)).toBeVisible();
  await guest.goto(`/pin/${second!.id}/`);
  await guest.getByRole('main').getByRole('link', { name: 'Save', exact: true }).click();
  await guest
    .getByRole('dialog', { name: 'Choose board' })
    .getByRole('option', { name: new RegExp(board) })
    .click();
  // The board has sections now: the board itself is its section list's first choice.
  await guest
    .getByRole('dialog', { name: 'Choose section' })
    .getByRole('option', { name: /Save to the board/ })
    .click();
  await expect(guest.getByRole('dialog', { name: `Saved to ${board}` })).toBeVisible();

  // At the end the guest leaves the board, from its menu, and lands on their profile.
  await guest.goto(boardUrl);
  await guest.getByRole('button', { name: 'Board options' }).click();
  await guest.getByRole('button', { name: 'Leave board' }).click();
  await guest
    .getByRole('dialog', { name: 'Leave this board?' })
    .getByRole('button', { name: 'Leave' })
    .click();
  await expect(guest.getByText(`You left ${board}.`)).toBeVisible();
  await expect(guest.getByRole('link', { name: new RegExp(board) })).toHaveCount(0);
  await guestContext.close();
});
