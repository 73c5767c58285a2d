import { type Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, test } from './support/fixtures.ts';
import { openAccountMenu, signUp, uniqueEmail } from './support/auth.ts';

// A person edits their name and picture in /settings/profile and sees them at
// once on their own pin's closeup (the pinner row) and in the account menu; a changed username's
// old board and section links lead to the new ones.

const csrfOf = async (page: Page) =>
  (await page.context().cookies()).find((cookie) => cookie.name === 'csrftoken')?.value ?? '';

/** A board and a pin of the signed-in person, made through the API with the page's session. */
async function createOwnPin(page: Page): Promise<string> {
  const headers = { 'X-CSRFToken': await csrfOf(page) };
  const board = await page.request.post('/v3/boards/', {
    headers,
    data: { name: `Shelves ${Date.now().toString(36)}`, privacy: 'public' },
  });
  expect(board.ok()).toBe(true);
  const boardId = ((await board.json()) as { resource_response: { data: { id: string } } }).resource_response
    .data.id;
  const picture = await sharp({ create: { width: 300, height: 400, channels: 3, background: '#2b6a8a' } })
    .png()
    .toBuffer();
  const pin = await page.request.post('/v3/pins/', {
    headers,
    data: { board_id: boardId, title: 'Blue shelf', image_base64: picture.toString('base64') },
  });
  expect(pin.ok()).toBe(true);
  return ((await pin.json()) as { resource_response: { data: { id: string } } }).resource_response.data.id;
}

async function avatarUrlOf(page: Page): Promise<string> {
  const viewer = await page.request.get('/v3/users/me/');
  return ((await viewer.json()) as { resource_response: { data: { user: { image_medium_url: string } } } })
    .resource_response.data.user.image_medium_url;
}

async function editNameAndAvatar(page: Page) {
  await page.getByRole('link', { name: 'Your profile' }).click();
  await page.getByRole('link', { name: 'Edit profile' }).click();
  const form = page.getByRole('form', { name: 'Your profile' });
  await form.getByLabel('First name').fill('Nora');
  await form.getByLabel('Last name').fill('Tester');
  await form.getByLabel('she/her').check();
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Your profile is saved.')).toBeVisible();

  const portrait = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#c0392b' } })
    .png()
    .toBuffer();
  await page.getByLabel('Choose a profile picture').setInputFiles({
    name: 'me.png',
    mimeType: 'image/png',
    buffer: portrait,
  });
  const dialog = page.getByRole('dialog', { name: 'Frame your photo' });
  const frame = dialog.getByRole('group', { name: 'Your photo in its frame' });
  await expect(frame).toBeFocused();
  // Keyboard only: move it, zoom in.
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('+');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
}

async function expectNewNameAndAvatar(page: Page, pinId: string) {
  const avatar = await avatarUrlOf(page);
  expect(avatar).toMatch(/236x/);
  await page.goto(`/pin/${pinId}/`);
  const main = page.getByRole('main');
  const pinner = main.getByRole('link', { name: /Nora Tester/ }).first();
  await expect(pinner).toBeVisible();
  await expect(pinner.locator(`img[src="${avatar}"]`)).toBeVisible();
  const menu = await openAccountMenu(page);
  await expect(menu.getByText('Nora Tester').first()).toBeVisible();
}

test('a person changes their name and picture and sees them on their pin at once', async ({ page }) => {
  await signUp(page, uniqueEmail('profile+edit'));
  const pinId = await createOwnPin(page);
  await editNameAndAvatar(page);
  await expectNewNameAndAvatar(page, pinId);
});

test("a changed username's old board and section links lead to the new ones", async ({ page }) => {
  await signUp(page, uniqueEmail('renamed'));
  const headers = { 'X-CSRFToken': await csrfOf(page) };
  const name = `Porch ${Date.now().toString(36)}`;
  const created = await page.request.post('/v3/boards/', { headers, data: { name, privacy: 'public' } });
  const board = ((await created.json()) as { resource_response: { data: { id: string; url: string } } })
    .resource_response.data;
  const section = await page.request.post(`/v3/boards/${board.id}/sections/`, {
    headers,
    data: { name: 'Lanterns' },
  });
  expect(section.ok()).toBe(true);

  const newName = `moved_${Date.now().toString(36)}`;
  await page.goto('/settings/profile/');
  const form = page.getByRole('form', { name: 'Your profile' });
  await form.getByLabel('Username').fill(newName);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Your profile is saved.')).toBeVisible();

  // The server answers the old addresses with 301s; the browser lands on the new ones.
  const [, oldName, slug] = board.url.split('/');
  const old = await page.request.get(`/${oldName}/${slug}/lanterns/`, { maxRedirects: 0 });
  expect(old.status()).toBe(301);
  expect(old.headers()['location']).toBe(`/${newName}/${slug}/lanterns/`);
  await page.goto(board.url);
  await expect(page).toHaveURL(new RegExp(`/${newName}/${slug}/$`));
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the same, at phone size', async ({ page }) => {
    await signUp(page, uniqueEmail('profile.phone'));
    const pinId = await createOwnPin(page);
    await editNameAndAvatar(page);
    await expectNewNameAndAvatar(page, pinId);
  });
});
