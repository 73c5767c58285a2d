import { type Locator, type Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { e2eDataDir, runAdmin } from './support/admin.ts';
import { authDialog, expectSignedIn, skipInterests, uniqueEmail } from './support/auth.ts';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { headerButton, logOut, signInInPopup, uniqueName } from './support/social.ts';

// Every provider is stood in for by the development identity provider at /__dev/idp (decision 21):
// its sign-in page lets the test type an identity, with or without an email and a birthday.

const ADULT = '1991-04-12';

/** The sign-up modal from the header. */
async function openSignup(page: Page): Promise<Locator> {
  await page.goto('/');
  await headerButton(page, 'Sign up').click();
  const dialog = authDialog(page);
  await expect(dialog.getByRole('heading', { level: 1 })).toBeVisible();
  return dialog;
}

const providerButton = (scope: Locator, provider: 'Facebook' | 'Google' | 'LINE') =>
  scope.getByRole('button', { name: `Continue with ${provider}` });

test('a visitor signs up with Google, logs out, and logs in with Google again', async ({ page }) => {
  const name = uniqueName('Gia Google');
  const dialog = await openSignup(page);
  await expect(providerButton(dialog, 'LINE')).toHaveCount(0);
  await signInInPopup(page, () => providerButton(dialog, 'Google').click(), {
    name,
    email: uniqueEmail('google'),
    birthdate: ADULT,
  });
  // A new account picks interests next, as an email sign-up does.
  await skipInterests(dialog);
  await expect(dialog).toBeHidden();
  await expectSignedIn(page);

  await logOut(page);
  await page.goto('/login/');
  await signInInPopup(page, () => providerButton(page.getByRole('main'), 'Google').click(), {
    existing: name,
  });
  await expectSignedIn(page);
});

test('Facebook without an email or a birthday asks for both, signs up, and logs in again', async ({
  page,
}) => {
  const name = uniqueName('Finn Facebook');
  const dialog = await openSignup(page);
  await signInInPopup(page, () => providerButton(dialog, 'Facebook').click(), { name });

  await expect(dialog.getByRole('heading', { name: 'Add your email' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(dialog.getByText('Email is required')).toBeVisible();
  await dialog.getByLabel('Email').fill(uniqueEmail('facebook'));
  await dialog.getByRole('button', { name: 'Continue', exact: true }).click();

  await expect(dialog.getByRole('heading', { name: 'Add your birthdate' })).toBeVisible();
  await dialog.getByLabel('Birthdate').fill(ADULT);
  await dialog.getByRole('button', { name: 'Continue', exact: true }).click();
  await skipInterests(dialog);
  await expect(dialog).toBeHidden();
  await expectSignedIn(page);

  // 'Welcome back' knows the account has no password and offers Facebook.
  await logOut(page);
  await page.goto('/login/');
  const welcome = page.getByRole('region', { name: /^Welcome back/ });
  await expect(welcome.getByLabel('Password')).toHaveCount(0);
  await signInInPopup(page, () => providerButton(welcome, 'Facebook').click(), { existing: name });
  await expectSignedIn(page);
});

test.describe('in Japan', () => {
  test.use({ extraHTTPHeaders: { 'x-test-country': 'JP' } });

  test('LINE is offered, signs a visitor up, and logs them in again', async ({ page }) => {
    const name = uniqueName('Lin Line');
    const dialog = await openSignup(page);
    await expect(providerButton(dialog, 'LINE')).toBeVisible();
    await expectNoSeriousAxeViolations(page, 'sign-up modal with the three providers');
    await signInInPopup(page, () => providerButton(dialog, 'LINE').click(), {
      name,
      email: uniqueEmail('line'),
      birthdate: ADULT,
    });
    await skipInterests(dialog);
    await expect(dialog).toBeHidden();
    await expectSignedIn(page);

    await logOut(page);
    await page.goto('/login/');
    await page.getByRole('button', { name: 'Not you?' }).click();
    await signInInPopup(page, () => providerButton(page.getByRole('main'), 'LINE').click(), {
      existing: name,
    });
    await expectSignedIn(page);
  });
});

test.describe('single sign-on', () => {
  test.skip(!e2eDataDir, 'needs the admin command to register the domain (E2E_DATA_DIR)');
  const domain = `sso-${Date.now().toString(36)}.example.com`;

  test.beforeAll(async ({ baseURL }) => {
    const said = await runAdmin(
      'sso-domain',
      'add',
      domain,
      `${baseURL}/__dev/idp`,
      `client-${domain}`,
      'secret-e2e',
    );
    expect(said).toContain(domain);
  });

  test('a person of a registered domain signs up through the SSO popup, then logs in through it', async ({
    page,
  }) => {
    const email = `ana@${domain}`;
    const name = uniqueName('Ana Sso');
    const dialog = await openSignup(page);
    await dialog.getByLabel('Email').fill(email);
    const sso = dialog.getByRole('button', { name: 'Continue with single sign-on' });
    await expect(sso).toBeVisible();
    await expect(dialog.getByLabel('Create a password')).toHaveCount(0);
    await signInInPopup(page, () => sso.click(), { name, email, birthdate: ADULT });
    await skipInterests(dialog);
    await expect(dialog).toBeHidden();
    await expectSignedIn(page);

    // Back on the login page, 'Welcome back' knows the account signs in through its organisation.
    await logOut(page);
    await page.goto('/login/');
    const welcome = page.getByRole('region', { name: /^Welcome back/ });
    await signInInPopup(
      page,
      () => welcome.getByRole('button', { name: 'Continue with single sign-on' }).click(),
      {
        existing: name,
      },
    );
    await expectSignedIn(page);
  });
});

test('one-tap signs a visitor up, shows the Welcome screen, then asks for interests', async ({ page }) => {
  await page.goto('/');
  const card = page.getByRole('complementary', { name: 'Sign in to Pinboard with Google' });
  await expect(card).toBeVisible({ timeout: 15_000 });
  const welcome = page.getByText('Welcome', { exact: true });
  const interests = page.getByRole('dialog', { name: 'What are you interested in?' });
  await signInInPopup(page, () => providerButton(card, 'Google').click(), {
    name: uniqueName('Tia Tap'),
    email: uniqueEmail('onetap'),
    birthdate: ADULT,
  });
  await expect(welcome.or(interests).first()).toBeVisible();
  // The account is new: it picks interests next, as every sign-up does (decision 47).
  await skipInterests(interests);
  await expect(interests).toBeHidden();
  await expectSignedIn(page);
  await expect(card).toBeHidden();
});

test('a person connects Google in settings, then disconnects it', async ({ page }) => {
  // An email account first.
  const dialog = await openSignup(page);
  await dialog.getByLabel('Email').fill(uniqueEmail('connect'));
  await dialog.getByLabel('Create a password').fill('a long e2e passphrase');
  await dialog.getByLabel('Birthdate').fill(ADULT);
  await dialog.getByRole('button', { name: 'Continue', exact: true }).click();
  await expectSignedIn(page);

  await page.goto('/settings/security');
  const section = page.getByRole('region', { name: 'Connected accounts' });
  await signInInPopup(page, () => section.getByRole('button', { name: 'Connect Google' }).click(), {
    name: uniqueName('Cy Connect'),
    email: uniqueEmail('connected'),
  });
  await expect(section.getByRole('button', { name: 'Disconnect Google' })).toBeVisible();
  await section.getByRole('button', { name: 'Disconnect Google' }).click();
  await section.getByRole('button', { name: 'Yes, disconnect' }).click();
  await expect(section.getByRole('button', { name: 'Connect Google' })).toBeVisible();
});
