import { expect, test } from '@playwright/test';
import { homeFeedPage } from './support/api.ts';
import { signUp, uniqueEmail } from './support/auth.ts';
import { openOwnBoard, saveToNewBoard } from './support/saving.ts';

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
  await expect(guest.getByRole('dialog', { name: `Saved to ${board}` })).toBeVisible();
  await guestContext.close();
});
