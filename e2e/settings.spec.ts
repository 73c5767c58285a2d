import { expect, test } from './support/fixtures.ts';
import { signUp, uniqueEmail } from './support/auth.ts';
import { confirmationLinkFor } from './support/outbox.ts';

// Every settings page of the route catalogue this branch brings (decision 46), with its heading.
const PAGES = [
  ['/settings/', 'Settings'],
  ['/settings/account/', 'Account management'],
  ['/settings/account-settings/', 'Account management'],
  ['/settings/profile-visibility/', 'Profile visibility'],
  ['/settings/privacy/', 'Privacy and data'],
  ['/settings/notifications/', 'Notifications'],
  ['/settings/security/', 'Security and logins'],
  ['/settings/claim/', 'Claimed websites'],
] as const;

const VIEWPORTS = [
  { name: 'wide', size: { width: 1280, height: 800 } },
  { name: 'narrow', size: { width: 400, height: 800 } },
];

for (const viewport of VIEWPORTS) {
  test.describe(`${viewport.name} viewport`, () => {
    test.use({ viewport: viewport.size });

    test('a new person opens every settings page, changes a setting, and confirms their email', async ({
      page,
    }) => {
      // A dozen pages, each loaded afresh.
      test.slow();
      const email = uniqueEmail(`settings-${viewport.name}`);
      await signUp(page, email);
      const banner = page.getByRole('complementary', { name: 'Email confirmation' });
      await expect(banner).toContainText(`we sent a link to ${email}`);

      for (const [path, heading] of PAGES) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        await expect(page.getByRole('heading', { name: 'Coming soon' })).toHaveCount(0);
      }
      // Another settings path is no page.
      await page.goto('/settings/no-such-page/');
      await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();

      // The list is its own page on a phone, a side list beside each page on a wide screen.
      await page.goto('/settings/notifications/');
      const nav = page.getByRole('navigation', { name: 'Settings' });
      if (viewport.name === 'narrow') {
        await expect(nav).toBeHidden();
        await page.getByRole('link', { name: 'Settings', exact: true }).click();
        await expect(page).toHaveURL(/\/settings\/$/);
        await page
          .getByRole('navigation', { name: 'Settings' })
          .getByRole('link', { name: 'Notifications' })
          .click();
      } else {
        await expect(nav.getByRole('link', { name: 'Notifications' })).toHaveAttribute(
          'aria-current',
          'page',
        );
      }

      // A setting changed stays changed.
      await page.getByRole('combobox', { name: 'Comments: By email' }).selectOption('daily');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('Your notification settings are saved.')).toBeVisible();
      await page.reload();
      await expect(page.getByRole('combobox', { name: 'Comments: By email' })).toHaveValue('daily');

      // The mailed link confirms the address, once; the banner goes.
      const link = await confirmationLinkFor(page.request, email);
      await page.goto(link);
      await expect(page.getByRole('heading', { name: 'Your email is confirmed' })).toBeVisible();
      await expect(banner).toHaveCount(0);
      await page.goto(link);
      await expect(page.getByRole('heading', { name: 'This link was already used' })).toBeVisible();
      await expect(page).toHaveURL(/\/email_verification_error\/\?reason=used$/);
    });
  });
}
