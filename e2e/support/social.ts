import { expect, type Page } from '@playwright/test';
import { openAccountMenu } from './auth.ts';

/** Someone at the development identity provider; leave `email`/`birthdate` out to share none. */
export interface DevPerson {
  name: string;
  email?: string;
  birthdate?: string;
}

/**
 * Does what a person does in the provider's popup: waits for the popup that `open` opens, signs
 * in on the development identity provider's page (a new identity, or an existing one by name),
 * and waits for the popup to close itself.
 */
export async function signInInPopup(
  page: Page,
  open: () => Promise<void>,
  person: DevPerson | { existing: string },
): Promise<void> {
  const popupOpened = page.waitForEvent('popup');
  await open();
  const popup = await popupOpened;
  await popup.waitForLoadState();
  await expect(popup.getByRole('heading', { level: 1 })).toContainText('Sign in with');
  // Listen first: the popup may close before a later listener would be in place.
  const closed = popup.waitForEvent('close', { timeout: 15_000 });
  if ('existing' in person) {
    await popup.getByRole('button', { name: `Continue as ${person.existing}` }).click();
  } else {
    await popup.getByLabel('Name').fill(person.name);
    if (person.email) await popup.getByLabel(/^Email/).fill(person.email);
    if (person.birthdate) await popup.getByLabel(/^Birthday/).fill(person.birthdate);
    await popup.getByRole('button', { name: 'Sign in as this identity' }).click();
  }
  await closed;
}

let counter = 0;
/** A name no earlier test of this run used. */
export function uniqueName(label: string): string {
  counter += 1;
  return `${label} ${Date.now().toString(36)}${counter}`;
}

/** Logs out through the account menu and waits for the signed-out header. */
export async function logOut(page: Page): Promise<void> {
  await (await openAccountMenu(page)).getByRole('button', { name: 'Log out' }).click();
  await expect(headerButton(page, 'Log in')).toBeVisible();
}

/** The header's 'Log in' or 'Sign up' button. */
export const headerButton = (page: Page, name: 'Log in' | 'Sign up') =>
  page.getByRole('navigation', { name: 'Your account' }).getByRole('button', { name });
