import { type Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { expectSignedIn, openAccountMenu, PASSWORD, signUp, uniqueEmail } from './support/auth.ts';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { textedCodeFor } from './support/outbox.ts';

/** A fictional US number (555-01xx) of its own per run, so the hourly send cap never carries over. */
function uniquePhone(): { typed: string; e164: string; end: string } {
  const end = String(100 + Math.floor(Math.random() * 100)).padStart(4, '0');
  return { typed: `+1 415 555 ${end}`, e164: `+1415555${end}`, end };
}

async function expectSignedOut(page: Page): Promise<void> {
  await expect(
    page.getByRole('navigation', { name: 'Your account' }).getByRole('button', { name: 'Log in' }),
  ).toBeVisible();
}

async function logInOnPage(page: Page, email: string) {
  await page.goto('/login/');
  const form = page.getByRole('main');
  await form.getByLabel('Email or username').fill(email);
  await form.getByLabel('Password').fill(PASSWORD);
  await form.getByRole('button', { name: 'Log in' }).click();
  return form;
}

test('a person adds a phone, turns on two-factor login, and logs in with the texted code', async ({
  page,
}) => {
  const email = uniqueEmail('mfa');
  const phone = uniquePhone();
  await signUp(page, email);

  // Settings from the account menu.
  const menu = await openAccountMenu(page);
  await menu.getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Security and logins' })).toBeVisible();
  await expectNoSeriousAxeViolations(page, 'security settings');

  const phoneSection = page.getByRole('region', { name: 'Phone number' });
  await phoneSection.getByRole('button', { name: 'Add a phone number' }).click();
  await phoneSection.getByLabel('Phone number').fill(phone.typed);
  await phoneSection.getByLabel('Your password').fill(PASSWORD);
  await phoneSection.getByRole('button', { name: 'Text me a code' }).click();
  await phoneSection.getByLabel('Confirmation code').fill(await textedCodeFor(page.request, phone.e164));
  await phoneSection.getByRole('button', { name: 'Confirm' }).click();
  await expect(phoneSection.getByText(`Phone number ending in ${phone.end}`)).toBeVisible();

  const twoFactor = page.getByRole('region', { name: 'Two-factor login' });
  await twoFactor.getByRole('button', { name: 'Turn on two-factor login' }).click();
  await twoFactor.getByLabel('Your password').fill(PASSWORD);
  await twoFactor.getByRole('button', { name: 'Turn on two-factor login' }).click();
  await expect(twoFactor.getByRole('button', { name: 'Turn off two-factor login' })).toBeVisible();

  // Log out, then log in: the password alone is not enough.
  await (await openAccountMenu(page)).getByRole('button', { name: 'Log out' }).click();
  await expectSignedOut(page);
  // This browser knows the account: the login page is the 'Welcome back' form, password only.
  await page.goto('/login/');
  const form = page.getByRole('main');
  await expect(form.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
  await form.getByLabel('Password').fill(PASSWORD);
  await form.getByRole('button', { name: 'Log in' }).click();
  await expect(form.getByRole('heading', { name: 'Check your phone' })).toBeVisible();
  await expect(
    form.getByText(`Enter the code we texted to the number ending in ${phone.end}.`),
  ).toBeVisible();
  const first = await textedCodeFor(page.request, phone.e164);
  await expectNoSeriousAxeViolations(page, 'two-factor login');

  // A new code replaces the first.
  await form.getByRole('button', { name: 'Resend code' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'We sent you a new code!' })).toBeVisible();
  const second = await textedCodeFor(page.request, phone.e164, first);

  const code = form.getByLabel('Verification code');
  await code.fill(second === '000000' ? '111111' : '000000');
  await form.getByRole('button', { name: 'Next' }).click();
  await expect(code).toHaveAccessibleDescription("That code isn't right. Check it and try again.");

  await code.fill(second);
  await form.getByRole('button', { name: 'Next' }).click();
  await expect.poll(() => new URL(page.url()).pathname).toBe('/');
  await expectSignedIn(page);
});

test("'Log out everywhere' ends the other browser's session", async ({ page, browser }) => {
  const email = uniqueEmail('sessions');
  await signUp(page, email);
  const other = await browser.newContext();
  const elsewhere = await other.newPage();
  await logInOnPage(elsewhere, email);
  await expect.poll(() => new URL(elsewhere.url()).pathname).toBe('/');
  await expectSignedIn(elsewhere);

  await page.goto('/settings/security/');
  const sessions = page.getByRole('region', { name: "Where you're logged in" });
  await expect(sessions.getByText('This device')).toBeVisible();
  await expect(sessions.getByRole('button', { name: /^Log out of / })).toHaveCount(1);
  await sessions.getByRole('button', { name: 'Log out everywhere' }).click();
  await expect(sessions.getByText('1 other session is logged out.')).toBeVisible();
  await expect(sessions.getByRole('button', { name: /^Log out of / })).toHaveCount(0);

  await elsewhere.reload();
  await expectSignedOut(elsewhere);
  // This browser stays signed in.
  await page.reload();
  await expectSignedIn(page);
  await other.close();
});

test('a visitor opening the settings gets the login modal', async ({ page }) => {
  await page.goto('/settings/account/');
  await expect(page.getByRole('dialog').getByLabel('Email or username')).toBeVisible();
});
