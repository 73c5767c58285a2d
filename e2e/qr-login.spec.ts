import { expect, test } from './support/fixtures.ts';
import { e2eDataDir, runAdmin } from './support/admin.ts';
import { expectSignedIn, signUp, uniqueEmail } from './support/auth.ts';

test.describe("'Use QR code' login", () => {
  test.skip(!e2eDataDir, 'needs the admin command for the experiment (E2E_DATA_DIR)');
  test.beforeAll(async () => {
    await runAdmin('experiment', 'set', 'web_login_qr_code', 'enabled');
  });
  test.afterAll(async () => {
    await runAdmin('experiment', 'set', 'web_login_qr_code', 'default');
  });

  test('a signed-in phone approves the login a screen shows as a QR code', async ({ page, browser }) => {
    const phoneContext = await browser.newContext();
    const phone = await phoneContext.newPage();
    await signUp(phone, uniqueEmail('qr'));

    await page.goto('/login/');
    const started = page.waitForResponse(
      (response) => response.url().endsWith('/v3/login/qr/') && response.request().method() === 'POST',
    );
    await page.getByRole('main').getByRole('button', { name: 'Use QR code' }).click();
    const { url } = (await (await started).json()).resource_response.data as { url: string };
    await expect(page.getByRole('img', { name: 'QR code to log in on this device' })).toBeVisible();

    // The phone opens what the code holds and says yes.
    await phone.goto(new URL(url).pathname);
    await expect(phone.getByRole('heading', { name: 'Log in on another device?' })).toBeVisible();
    await phone.getByRole('button', { name: 'Log in' }).click();
    await expect(phone.getByText("You're logged in on the other device")).toBeVisible();

    await expectSignedIn(page);
    await phoneContext.close();
  });
});
