import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { homeFeedPage } from './support/api.ts';
import { signUp, uniqueEmail } from './support/auth.ts';

/** The signed-in person's username, read through their own session. */
async function usernameOf(page: Page): Promise<string> {
  const response = await page.request.get('/v3/users/me/');
  const body = (await response.json()) as { resource_response: { data: { user: { username: string } } } };
  return body.resource_response.data.user.username;
}

/**
 * A message in the open conversation. By the messages, not the page's text: until its send is
 * answered the composer still holds the text, and the live event may show the message first.
 */
function message(page: Page, text: string) {
  return page.getByTestId('message').filter({ hasText: text });
}

/** Waits until the page's live stream has opened (it opens once the page has settled). */
function streamOpened(page: Page) {
  return page.waitForRequest((request) => new URL(request.url()).pathname === '/v3/live/');
}

test('B sends A a pin, A replies, both see it live; once blocked, B cannot message A', async ({
  page,
  browser,
  request,
}) => {
  // Two sign-ups, and pages that settle before their streams open.
  test.setTimeout(180_000);
  const [pin] = await homeFeedPage(request, 1);

  // A signs up and waits on the home page, its stream open.
  await signUp(page, uniqueEmail('receiver'));
  const aUsername = await usernameOf(page);
  const aStream = streamOpened(page);
  await page.goto('/');
  await aStream;
  const aMessages = page.getByRole('button', { name: /^Messages/ });
  await expect(aMessages).toHaveAccessibleName('Messages');

  // B, in another browser, opens the pin's Send dialog by its address and sends it to A.
  const bContext = await browser.newContext();
  const b = await bContext.newPage();
  await signUp(b, uniqueEmail('sender'));
  const bStream = streamOpened(b);
  await b.goto(`/pin/${pin!.id}/?share=true`);
  const dialog = b.getByRole('dialog', { name: 'Send' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('searchbox', { name: 'Search people to send to' }).fill(aUsername);
  await dialog.getByRole('button', { name: new RegExp(`@${aUsername.replace(/[.]/g, '\\.')}$`) }).click();
  await dialog.getByRole('textbox', { name: 'Add a message' }).fill('Look at this one');
  await dialog.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(b).toHaveURL(/\/conversation\/\d+\/$/);
  await expect(message(b, 'Look at this one')).toBeVisible();
  await bStream;

  // A sees it arrive without reloading: a request, since A does not follow B.
  await expect(aMessages).toHaveAccessibleName('Messages, 1 unread');
  await expect(page.getByTestId('messages-badge')).toHaveText('1');
  await aMessages.click();
  const panel = page.getByRole('dialog', { name: 'Messages' });
  await panel.getByRole('tab', { name: 'Requests' }).click();
  await panel.getByRole('link', { name: /^Open the conversation with/ }).click();
  await expect(message(page, 'Look at this one')).toBeVisible();
  await page.getByRole('button', { name: 'Accept' }).click();
  await expect(page.getByRole('button', { name: 'Accept' })).toBeHidden();
  await expect(page.getByTestId('messages-badge')).toBeHidden();

  // A replies; B's open conversation shows it live.
  await page.getByRole('textbox', { name: 'Message' }).fill('Love it, thanks!');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(message(page, 'Love it, thanks!')).toBeVisible();
  await expect(message(b, 'Love it, thanks!')).toBeVisible();

  // A edits the reply and then deletes it; B's open conversation follows both live.
  const reply = message(page, 'Love it, thanks!');
  await reply.getByRole('button', { name: 'Edit' }).click();
  await page.getByRole('textbox', { name: 'Edit your message' }).fill('Love it, thank you!');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(message(b, 'Love it, thank you!')).toContainText('Edited');
  const edited = message(page, 'Love it, thank you!');
  await edited.getByRole('button', { name: 'Delete' }).click();
  await edited
    .getByRole('group', { name: 'Delete this message for everyone?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(b.getByText('This message was deleted')).toBeVisible();
  await expect(message(b, 'Love it, thank you!')).toBeHidden();

  // A blocks B from the conversation's menu; B can no longer message A.
  page.once('dialog', (confirm) => void confirm.accept());
  await page.getByRole('button', { name: 'More options', exact: true }).click();
  await page.getByRole('button', { name: 'Block', exact: true }).click();
  await expect(page.getByText("You can't send messages in this conversation.")).toBeVisible();
  await b.getByRole('textbox', { name: 'Message' }).fill('Hello?');
  await b.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(b.getByText('You can’t send messages to this person.')).toBeVisible();
  await bContext.close();
});
