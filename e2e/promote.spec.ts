import { expect, test } from './support/fixtures.ts';
import { homeFeedPage } from './support/api.ts';
import { signUp, uniqueEmail } from './support/auth.ts';

// From a saved pin to a campaign through quick promote (decision 55), served and charged (decisions
// 56 and 62).

test('a new person saves a pin, promotes it through every step with the default budget and sees the campaign; a visitor sees it promoted', async ({
  page,
  request,
  browser,
}) => {
  await signUp(page, uniqueEmail('promoter'));
  // A pin with a link: the promoted card's link is what the visitor clicks.
  const first = (await homeFeedPage(request, 25)).find((pin) => pin.link);
  const board = `Shop ${Date.now().toString(36)}`;

  await page.goto(`/pin/${first!.id}/`);
  await page.getByRole('main').getByRole('link', { name: 'Save', exact: true }).click();
  await page
    .getByRole('dialog', { name: 'Choose board' })
    .getByRole('button', { name: 'Create board' })
    .click();
  const create = page.getByRole('dialog', { name: 'Create board' });
  await create.getByLabel('Name', { exact: true }).fill(board);
  await create.getByRole('button', { name: 'Create', exact: true }).click();
  const done = page.getByRole('dialog', { name: 'Board created' });
  await done.getByRole('link', { name: 'Promote your Pin' }).click();

  // The business conversion first, then quick promote for the saved pin.
  await expect(page).toHaveURL(/\/business\/convert\?next=/);
  await page.getByLabel('Business name').fill('Promoter Goods');
  await expect(page.getByLabel('Country')).toHaveValue('US');
  await page.getByRole('button', { name: 'Convert' }).click();
  await expect(page).toHaveURL(/\/advertiser\/quick_promote\?pinId=\d+/);
  await expect(page.getByRole('heading', { name: 'Promote your Pin' })).toBeVisible();

  // The pin and its campaign, with the country's default budget and duration.
  await expect(page.getByLabel('Daily budget (USD)')).toHaveValue('7');
  await expect(page.getByLabel('Duration (days)')).toHaveValue('10');
  await page.getByLabel('Campaign name').fill('My first promotion');
  await page.getByRole('button', { name: 'Promote' }).click();

  // The ad account has no billing details yet.
  await expect(page.getByRole('heading', { name: 'Billing details' })).toBeVisible();
  await page.getByLabel('Business name on invoices').fill('Promoter Goods Ltd');
  await page.getByLabel('Billing address').fill('1 Market Street, Springfield');
  await page.getByRole('button', { name: 'Save and promote' }).click();

  const success = page.getByRole('dialog', { name: 'Your Pin is promoted' });
  await expect(success).toBeVisible();
  await expect(success.getByText('Your ad passed review and is running.')).toBeVisible();
  await success.getByRole('link', { name: 'See your campaigns' }).click();

  await expect(page).toHaveURL(/\/business\/hub/);
  const campaigns = page.getByRole('region', { name: 'Recent campaigns' });
  await expect(campaigns.getByText('My first promotion')).toBeVisible();
  await expect(campaigns.getByText(/Active/)).toBeVisible();
  await expect(campaigns.getByText(/\$7\.00 a day/)).toBeVisible();

  // A visitor in another browser sees the pin in the home feed, marked as promoted (decision 56).
  const visitor = await browser.newContext({ baseURL: new URL(page.url()).origin });
  try {
    const home = await visitor.newPage();
    // The page reports the impression once the card has been half visible for a second.
    const reported = home.waitForResponse(
      (response) => response.url().includes('/v3/promoted/events/') && response.request().method() === 'POST',
    );
    await home.goto('/');
    const promotedBy = home.getByRole('link', { name: 'Promoted by Promoter Goods' });
    await expect(promotedBy).toBeVisible();
    const answer = await (await reported).json();
    expect(answer.resource_response.data.accepted).toBeGreaterThanOrEqual(1);

    // A click on the promoted card's link goes through the link check, which counts and charges it
    // (a click-paying campaign: the click is what costs).
    const card = promotedBy.locator('xpath=ancestor::div[.//a[@target="_blank"]][1]');
    await card.hover();
    const checked = home.waitForResponse(
      (response) => response.url().includes('/v3/offsite/') && response.request().method() === 'POST',
    );
    const opened = home.context().waitForEvent('page');
    await card.locator('a[target="_blank"]').click();
    const check = await (await checked).json();
    expect(check.resource_response.data.redirect_status).toBe('safe');
    expect(JSON.parse((await checked).request().postData() ?? '{}')).toMatchObject({ third_party_ad: true });
    await (await opened).close();
  } finally {
    await visitor.close();
  }

  // The impression and the click show as spend in the advertiser's hub.
  await page.reload();
  const spend = page.getByRole('region', { name: 'Spend' });
  await expect(spend.getByText(/spent/)).toBeVisible();
  await expect(spend).not.toContainText('$0.00 spent');
  await expect(spend).toContainText(/\$\d+\.\d\d spent/);

  // Reporting counts the view and the click of today (decision 65); a campaign paying per click has
  // no conversions.
  await page.getByRole('region', { name: 'Ad accounts' }).getByRole('link', { name: 'Reporting' }).click();
  await expect(page).toHaveURL(/\/advertiser\/\d+\/reporting\//);
  const campaignRow = page
    .getByRole('table', { name: 'Per campaign' })
    .getByRole('row', { name: /My first promotion/ });
  await expect(campaignRow).toContainText(/Active\s*\d+\s*1\s*0\s*\$\d+\.\d\d/);

  // The Ads manager pauses the campaign.
  await page.getByRole('link', { name: 'Ads manager' }).click();
  const campaign = page.getByRole('article', { name: 'My first promotion' });
  await campaign.getByRole('button', { name: 'Pause: campaign My first promotion' }).click();
  await expect(campaign.getByRole('button', { name: 'Resume: campaign My first promotion' })).toBeVisible();
  await expect(campaign.getByText(/^Paused · \$7\.00 a day/)).toBeVisible();
});
