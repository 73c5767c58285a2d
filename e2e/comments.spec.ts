import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { homeFeedPage } from './support/api.ts';
import { signUp, uniqueEmail } from './support/auth.ts';
import { saveToNewBoard } from './support/saving.ts';

/** The signed-in person's username, from the viewer call (the page's cookies). */
async function usernameOf(page: Page): Promise<string> {
  const answer = await page.request.get('/v3/users/me/');
  return ((await answer.json()) as { resource_response: { data: { user: { username: string } } } })
    .resource_response.data.user.username;
}

test('A comments on B’s pin mentioning C; C is told; B, the pinner, deletes the comment', async ({
  page,
  browser,
  request,
}) => {
  // Three sign-ups, a save and three pages.
  test.setTimeout(180_000);
  const [first] = await homeFeedPage(request, 1);

  // C: someone to mention.
  const contextC = await browser.newContext();
  const pageC = await contextC.newPage();
  await signUp(pageC, uniqueEmail('mentioned'));
  const usernameC = await usernameOf(pageC);

  // B: saves a pin, which is then B's.
  await signUp(page, uniqueEmail('pinner'));
  const repin = page.waitForResponse(
    (response) => response.url().includes('/repin/') && response.request().method() === 'POST',
  );
  await saveToNewBoard(page, first!.id, `Commented ${Date.now().toString(36)}`);
  const pinId = ((await (await repin).json()) as { resource_response: { data: { pin: { id: string } } } })
    .resource_response.data.pin.id;

  // A: comments on B's pin, picking C from the people the field offers after "@".
  const contextA = await browser.newContext();
  const pageA = await contextA.newPage();
  await signUp(pageA, uniqueEmail('commenter'));
  await pageA.goto(`/pin/${pinId}/`);
  const field = pageA.getByRole('combobox', { name: 'Add a comment' });
  // All but the end of C's username: other runs' people share its first letters.
  await field.fill(`Lovely @${usernameC.slice(0, -2)}`);
  await pageA.getByRole('option', { name: new RegExp(`@${usernameC}`) }).click();
  await expect(field).toHaveValue(`Lovely @${usernameC} `);
  await field.pressSequentially('<b>see this</b>');
  await pageA.getByRole('button', { name: 'Post', exact: true }).click();
  const comment = pageA.getByTestId('comment');
  await expect(comment).toHaveCount(1);
  // The text is shown as text, the mention as a link to C's profile.
  await expect(comment.getByText('<b>see this</b>')).toBeVisible();
  await expect(comment.getByRole('link', { name: `@${usernameC}` })).toHaveAttribute(
    'href',
    `/${usernameC}/`,
  );
  await expect(pageA.getByRole('link', { name: '1 comment' })).toBeVisible();

  // C sees "mentioned you", which leads to the pin's comments.
  await pageC.goto('/notifications/');
  const mentioned = pageC.getByRole('link', { name: /mentioned you$/ });
  await expect(mentioned).toBeVisible();
  await mentioned.click();
  await expect(pageC).toHaveURL(new RegExp(`/pin/${pinId}/comments$`));
  await expect(pageC.getByTestId('comment')).toHaveCount(1);
  // C did not write it and does not pin the pin: no Delete.
  await expect(pageC.getByRole('button', { name: /^Delete comment by/ })).toHaveCount(0);

  // B, the pinner, deletes A's comment from the comments page.
  await page.goto(`/pin/${pinId}/comments`);
  await page.getByRole('button', { name: /^Delete comment by/ }).click();
  await expect(page.getByText('No comments yet! Add one to start the conversation.')).toBeVisible();
  await expect(page.getByTestId('comment')).toHaveCount(0);

  await contextA.close();
  await contextC.close();
});
