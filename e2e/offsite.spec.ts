import { expect, test } from './support/fixtures.ts';
import { e2eDataDir, runAdmin } from './support/admin.ts';
import { homeFeedPage } from './support/api.ts';

// docs/product/outbound-links.md and the "done when": a pin's link to a domain an operator blocked
// does not open; the closeup says why instead.
test('a pin link to a blocked domain is stopped with an explanation', async ({ page, context, request }) => {
  test.skip(!e2eDataDir, 'needs the e2e server’s DATA_DIR for the admin command');
  const pin = (await homeFeedPage(request)).find((candidate) => candidate.link && candidate.domain);
  expect(pin, 'a seeded pin with a link').toBeDefined();
  const domain = pin!.domain!;
  await runAdmin('offsite-rule', 'add', domain, 'blocked');
  try {
    await page.goto(`/pin/${pin!.id}/`);
    const link = page.getByRole('link', { name: new RegExp(domain.replace(/\./g, '\\.')) }).first();
    await expect(link).toBeVisible();
    let opened = false;
    context.on('page', () => {
      opened = true;
    });
    const check = page.waitForResponse((response) => response.url().includes('/v3/offsite/'));
    await link.click();
    expect((await (await check).json()).resource_response.data.redirect_status).toBe('blocked');

    const dialog = page.getByRole('dialog', { name: 'This link is blocked' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('breaks our rules');
    await dialog.getByRole('button', { name: 'Got it' }).click();
    await expect(dialog).toBeHidden();
    expect(opened, 'no tab was opened').toBe(false);
    await expect(page).toHaveURL(new RegExp(`/pin/${pin!.id}/$`));
  } finally {
    await runAdmin('offsite-rule', 'remove', domain);
  }
});
