import { expect, test } from './support/fixtures.ts';
import { homeFeedPage } from './support/api.ts';
import {
  authDialog,
  expectSignedIn,
  fillSignup,
  openAccountMenu,
  PASSWORD,
  signUp,
  skipInterests,
  uniqueEmail,
} from './support/auth.ts';
import { expectNoSeriousAxeViolations } from './support/axe.ts';

// The e2e server runs with BOT_CHECK=off and COUNTRY_HEADER=x-test-country; its consent list is
// the default (KR), so a context with that header gets the consent step.

test('a visitor signs up with email, without a consent step, and axe finds nothing serious in the modal', async ({
  page,
}) => {
  await page.goto('/');
  const dialog = await fillSignup(page, uniqueEmail('plain'));
  await expect(dialog).toHaveAccessibleName('Welcome to Pinboard');
  await expectNoSeriousAxeViolations(page, 'sign-up modal');

  await dialog.getByRole('button', { name: 'Continue', exact: true }).click();
  await skipInterests(dialog);
  await expect(dialog).toBeHidden();
  await expectSignedIn(page);
});

test.describe('in a consent country', () => {
  test.use({ extraHTTPHeaders: { 'x-test-country': 'KR' } });

  test('a visitor signs up through the consent step', async ({ page }) => {
    await page.goto('/');
    const dialog = await fillSignup(page, uniqueEmail('consent'));
    await dialog.getByRole('button', { name: 'Continue', exact: true }).click();

    await expect(dialog.getByRole('heading', { name: 'Consents' })).toBeVisible();
    const next = dialog.getByRole('button', { name: 'Next' });
    await expect(next).toBeDisabled();
    await expectNoSeriousAxeViolations(page, 'consent step');
    await dialog.getByRole('checkbox', { name: 'Agree to all' }).check();
    await expect(next).toBeEnabled();
    await next.click();

    await skipInterests(dialog);
    await expect(dialog).toBeHidden();
    await expectSignedIn(page);
  });
});

test('an underage visitor is refused, told so, and sent home', async ({ page, request }) => {
  const [pin] = await homeFeedPage(request, 1);
  await page.goto(`/pin/${pin!.id}/`);
  const year = new Date().getUTCFullYear() - 5;
  const dialog = await fillSignup(page, uniqueEmail('young'), `${year}-03-01`);
  await dialog.getByRole('button', { name: 'Continue', exact: true }).click();

  await expect(dialog.getByRole('heading', { name: `Is March 1, ${year} your birthday?` })).toBeVisible();
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('status').filter({ hasText: "Sorry, you're not eligible" })).toBeVisible();
  await expect.poll(() => new URL(page.url()).pathname, { timeout: 10_000 }).toBe('/');

  // The flag stays: a new sign-up has the birthday disabled and the message shown.
  await page
    .getByRole('navigation', { name: 'Your account' })
    .getByRole('button', { name: 'Sign up' })
    .click();
  await expect(authDialog(page).getByLabel('Birthdate')).toBeDisabled();
  await expect(
    authDialog(page).getByText("Sorry, you're not eligible to sign up for Pinboard right now."),
  ).toBeVisible();
});

test('a person logs out and logs in again through Welcome back', async ({ page }) => {
  const email = uniqueEmail('returning');
  await signUp(page, email);

  const menu = await openAccountMenu(page);
  await menu.getByRole('button', { name: 'Log out' }).click();
  await expect.poll(() => new URL(page.url()).pathname).toBe('/');
  const logIn = page
    .getByRole('navigation', { name: 'Your account' })
    .getByRole('button', { name: 'Log in' });
  await logIn.click();

  const dialog = authDialog(page);
  await expect(dialog.getByRole('heading', { name: /^Welcome back/ })).toBeVisible();
  await expect(dialog.getByText(email)).toBeVisible();
  await expectNoSeriousAxeViolations(page, 'welcome back modal');
  await dialog.getByLabel('Password').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Log in' }).click();
  await expect(dialog).toBeHidden();
  await expectSignedIn(page);
});

test('a person adds a second account and switches between the two', async ({ page, browser }) => {
  const second = uniqueEmail('second');
  const other = await browser.newContext();
  await signUp(await other.newPage(), second);
  await other.close();

  await signUp(page, uniqueEmail('first'));
  const firstProfile = await page.getByRole('link', { name: 'Your profile' }).getAttribute('href');

  await page.goto('/add-account');
  const form = page.getByRole('main');
  await form.getByLabel('Email or username').fill(second);
  await form.getByLabel('Password').fill(PASSWORD);
  await form.getByRole('button', { name: 'Log in' }).click();
  await expect(page).not.toHaveURL(/add-account/);
  const secondProfile = await page.getByRole('link', { name: 'Your profile' }).getAttribute('href');
  expect(secondProfile).not.toBe(firstProfile);
  await expect(page).toHaveURL(new RegExp(`${secondProfile}$`));

  const menu = await openAccountMenu(page);
  await menu.getByRole('button', { name: /^Switch to/ }).click();
  await expect(page).toHaveURL(new RegExp(`${firstProfile}$`));
  await expect(page.getByRole('link', { name: 'Your profile' })).toHaveAttribute('href', firstProfile!);
});

test('a wrong password and an unknown email get the same answer, on the password field', async ({
  page,
  browser,
}) => {
  const email = uniqueEmail('known');
  await signUp(page, email);

  // A browser that has never signed in: the plain login, not 'Welcome back'.
  const stranger = await (await browser.newContext()).newPage();
  const message = 'The password you entered is incorrect. Try again or Reset your password';
  for (const address of [email, uniqueEmail('nobody')]) {
    await stranger.goto('/login');
    const form = stranger.getByRole('main');
    await form.getByLabel('Email or username').fill(address);
    await form.getByLabel('Password').fill('not the right passphrase');
    await form.getByRole('button', { name: 'Log in' }).click();
    await expect(form.getByLabel('Password')).toHaveAccessibleDescription(message);
  }
  await stranger.context().close();
});

test('a mistyped email domain gets the hint, and the hint fills it in', async ({ page }) => {
  await page.goto('/');
  const dialog = await fillSignup(page, 'ada.lovelace@gmial.com');
  const hint = dialog.getByRole('button', { name: 'ada.lovelace@gmail.com' });
  await expect(dialog.getByText(/Did you mean/)).toContainText('Did you mean ada.lovelace@gmail.com?');
  await hint.click();
  await expect(dialog.getByLabel('Email')).toHaveValue('ada.lovelace@gmail.com');
});
