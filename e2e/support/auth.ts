import { expect, type Locator, type Page } from '@playwright/test';

export const PASSWORD = 'a long e2e passphrase';

let counter = 0;

/** An address no earlier run has used (each run starts on a fresh data directory, but be safe). */
export function uniqueEmail(label: string): string {
  counter += 1;
  return `e2e.${label}.${Date.now().toString(36)}${counter}@example.com`;
}

/** The sign-up/login dialog, whatever step it shows. */
export function authDialog(page: Page): Locator {
  return page.getByRole('dialog');
}

/** Opens the sign-up modal from the header and fills the form (without submitting). */
export async function fillSignup(page: Page, email: string, birthday = '1990-05-01'): Promise<Locator> {
  await page
    .getByRole('navigation', { name: 'Your account' })
    .getByRole('button', { name: 'Sign up' })
    .click();
  const dialog = authDialog(page);
  await expect(dialog.getByRole('heading', { level: 1 })).toBeVisible();
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Create a password').fill(PASSWORD);
  await dialog.getByLabel('Birthdate').fill(birthday);
  return dialog;
}

/** Waits until the header shows a signed-in viewer. */
export async function expectSignedIn(page: Page): Promise<void> {
  await expect(page.getByRole('link', { name: 'Your profile' })).toBeVisible();
}

/** Signs up through the UI from the home page and waits for the signed-in header. */
/** The interests step that follows an email sign-up (decision 47): Skip ends it. */
export async function skipInterests(dialog: Locator): Promise<void> {
  await expect(dialog.getByRole('heading', { name: 'What are you interested in?' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Skip' }).click();
}

export async function signUp(page: Page, email: string): Promise<void> {
  await page.goto('/');
  const dialog = await fillSignup(page, email);
  await dialog.getByRole('button', { name: 'Continue', exact: true }).click();
  await skipInterests(dialog);
  await expect(dialog).toBeHidden();
  await expectSignedIn(page);
}

/** Opens the header's account menu and returns its panel. */
export async function openAccountMenu(page: Page): Promise<Locator> {
  const toggle = page.getByRole('button', { name: 'Accounts and more options' });
  await toggle.click();
  const panel = page.locator(`#${await toggle.getAttribute('aria-controls')}`.replace(/:/g, '\\:'));
  await expect(panel).toBeVisible();
  return panel;
}
