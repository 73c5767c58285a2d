import { type Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { e2eDataDir, runAdmin } from './support/admin.ts';
import { authDialog, expectSignedIn, PASSWORD, signUp, uniqueEmail } from './support/auth.ts';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { resetLinkFor } from './support/outbox.ts';

const NEW_PASSWORD = 'a fresh e2e passphrase';

/** The header of a browser without a session: its Log in button, no profile link. */
async function expectSignedOut(page: Page): Promise<void> {
  await expect(
    page.getByRole('navigation', { name: 'Your account' }).getByRole('button', { name: 'Log in' }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Your profile' })).toBeHidden();
}

/** Logs in on the login page of a browser that has never signed in there. */
async function logInOnPage(page: Page, email: string, password: string) {
  await page.goto('/login/');
  const form = page.getByRole('main');
  await form.getByLabel('Email or username').fill(email);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Log in' }).click();
  return form;
}

test('a person resets a forgotten password from the mailed link, logs in with it, and other sessions end', async ({
  page,
  browser,
}) => {
  const email = uniqueEmail('reset');
  await signUp(page, email);

  // Another browser asks for the link from the login page's 'Forgot your password?'.
  const asker = await browser.newContext();
  const reset = await asker.newPage();
  await reset.goto('/login/');
  const form = reset.getByRole('main');
  await form.getByLabel('Email or username').fill(email);
  await form.getByRole('button', { name: 'Forgot your password?' }).click();
  await expect(form.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await expect(form.getByLabel('Email or username')).toHaveValue(email);
  await form.getByRole('button', { name: 'Send' }).click();
  await expect(form.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await expect(reset.getByRole('status').filter({ hasText: 'Email sent!' })).toBeVisible();

  const link = await resetLinkFor(reset.request, email);
  await reset.goto(link);
  await expect(reset.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await expectNoSeriousAxeViolations(reset, 'reset password page');
  await reset.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await reset.getByLabel('Confirm new password').fill(NEW_PASSWORD);
  await reset.getByRole('button', { name: 'Change password' }).click();
  await expect.poll(() => new URL(reset.url()).pathname).toBe('/');
  await expectSignedIn(reset);

  // The link works once.
  await reset.goto(link);
  await reset.getByLabel('New password', { exact: true }).fill(`${NEW_PASSWORD} again`);
  await reset.getByLabel('Confirm new password').fill(`${NEW_PASSWORD} again`);
  await reset.getByRole('button', { name: 'Change password' }).click();
  await expect(reset.getByRole('alert')).toHaveText(
    'This link to reset your password has expired or was already used. Ask for a new one.',
  );
  await expect(reset.getByRole('button', { name: 'Get a new link' })).toBeVisible();
  await asker.close();

  // The first browser's session ended with the reset.
  await page.reload();
  await expectSignedOut(page);

  // A new browser: the old password no longer works, the new one does.
  const fresh = await (await browser.newContext()).newPage();
  const login = await logInOnPage(fresh, email, PASSWORD);
  await expect(login.getByLabel('Password')).toHaveAccessibleDescription(
    'The password you entered is incorrect. Try again or Reset your password',
  );
  await login.getByLabel('Password').fill(NEW_PASSWORD);
  await login.getByRole('button', { name: 'Log in' }).click();
  await expect.poll(() => new URL(fresh.url()).pathname).toBe('/');
  await expectSignedIn(fresh);
  await fresh.context().close();
});

test('the recovery page fills the email from ue= and its back button follows the native dismiss flag', async ({
  page,
}) => {
  const email = uniqueEmail('recovery-page');
  await page.goto(`/password/reset/?ue=${encodeURIComponent(email)}&dismissWebview=true`);
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await expect(page.getByRole('main').getByLabel('Email or username')).toHaveValue(email);
  await page.getByRole('main').getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/login\/\?dismissWebview=true$/);
});

test.describe('after admin commands', () => {
  test.skip(!e2eDataDir, 'needs E2E_DATA_DIR (set by npm run test:e2e) to run admin commands');

  test('a soft-banned account is told its account is protected, and aec=0 opens the same modal', async ({
    page,
  }) => {
    const email = uniqueEmail('softban');
    await signUp(page, email);
    expect(await runAdmin('soft-ban', email)).toContain(email);

    await page.reload();
    await expectSignedOut(page);
    const form = await logInOnPage(page, email, PASSWORD);
    await expect(form.getByRole('heading', { name: 'We protected your account' })).toBeVisible();
    await expect(form.getByRole('alert')).toHaveText(
      'We noticed some strange activity on your account.  Reset your password or log in with Facebook or Google to get back into your account.',
    );
    await form.getByRole('button', { name: 'Reset your password' }).click();
    await expect(form.getByLabel('Email or username')).toHaveValue(email);

    await page.goto('/?aec=0');
    const dialog = authDialog(page);
    await expect(dialog).toHaveAccessibleName('We protected your account');
    await expect(page).toHaveURL((url) => url.pathname === '/' && !url.searchParams.has('aec'));
    await expectNoSeriousAxeViolations(page, 'soft-banned modal');
  });

  test('a suspended account gets the deactivated modal with its reasons', async ({ page, browser }) => {
    const email = uniqueEmail('suspend');
    await signUp(page, email);
    expect(await runAdmin('suspend', email)).toContain(email);

    const fresh = await (await browser.newContext()).newPage();
    const form = await logInOnPage(fresh, email, PASSWORD);
    await expect(form.getByRole('heading', { name: 'Your account has been deactivated' })).toBeVisible();
    await expect(form.getByRole('listitem')).toHaveText([
      'Violating community guidelines',
      'Unusual activity',
      'A request to close the account',
    ]);
    await expect(form.getByRole('link', { name: 'contact us' })).toHaveAttribute('href', /^mailto:/);
    await fresh.context().close();
  });
});
