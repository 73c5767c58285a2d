import { expect, test } from './support/fixtures.ts';
import { homeFeedPage } from './support/api.ts';
import { signUp, uniqueEmail } from './support/auth.ts';
import { saveToNewBoard } from './support/saving.ts';

test('A saves B’s pin and B sees the bell count change live, without reloading', async ({
  page,
  browser,
  request,
}) => {
  // Two sign-ups, two saves and a wait for the page to settle before its stream opens.
  test.setTimeout(120_000);
  const [first] = await homeFeedPage(request, 1);
  // B saves a pin: the save is B's own pin.
  await signUp(page, uniqueEmail('pinner'));
  const repin = page.waitForResponse(
    (response) => response.url().includes('/repin/') && response.request().method() === 'POST',
  );
  await saveToNewBoard(page, first!.id, `Mine ${Date.now().toString(36)}`);
  const pinId = ((await (await repin).json()) as { resource_response: { data: { pin: { id: string } } } })
    .resource_response.data.pin.id;

  // B's home page opens its live stream once it has settled.
  const streamOpened = page.waitForRequest((req) => new URL(req.url()).pathname === '/v3/live/');
  await page.goto('/');
  // On desktop the bell opens a panel (on a phone it is a link to the page).
  const bell = page
    .getByRole('navigation', { name: 'Your account' })
    .getByRole('button', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName('Notifications');
  await streamOpened;

  // A, in another browser, saves B's pin.
  const otherContext = await browser.newContext();
  const saver = await otherContext.newPage();
  await signUp(saver, uniqueEmail('saver'));
  await saveToNewBoard(saver, pinId, `Theirs ${Date.now().toString(36)}`);

  // B's bell counts it, with no reload.
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread');
  await expect(page.getByTestId('notification-badge')).toHaveText('1');

  // Opening the panel shows who saved it and clears the count; See all leads to the page.
  await bell.click();
  const panel = page.getByRole('region', { name: 'Notifications' });
  await expect(panel.getByRole('link', { name: /saved your Pin$/ })).toBeVisible();
  await expect(page.getByTestId('notification-badge')).toBeHidden();
  await panel.getByRole('link', { name: 'See all' }).click();
  await expect(page).toHaveURL(/\/notifications\/$/);
  await expect(panel).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  await otherContext.close();
});

test('on a phone the bell leads to the notifications page', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signUp(page, uniqueEmail('phonebell'));
  await page.goto('/');
  await page
    .getByRole('navigation', { name: 'Your account' })
    .getByRole('link', { name: /^Notifications/ })
    .click();
  await expect(page).toHaveURL(/\/notifications\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
});
