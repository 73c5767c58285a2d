import { createServer, type Server } from 'node:http';
import { type Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import sharp from 'sharp';
import { signUp, uniqueEmail } from './support/auth.ts';
import { expectNoSeriousAxeViolations } from './support/axe.ts';

// The bookmarklet on a page with a strict Content-Security-Policy, finished in its
// popup; and the pin-create page for a visitor. scripts/e2e.mjs gives the test page a port the
// server's fetcher may reach (E2E_PAGE_PORT, in FETCH_ALLOW_HOSTS).

// Nothing but its own image: no script of any origin (the bookmarklet cannot add ours), no fetch.
const STRICT_CSP = "default-src 'none'; script-src 'none'; connect-src 'none'; img-src *";
const pagePort = Number(process.env.E2E_PAGE_PORT ?? 0);

/** A shop page under a strict CSP: an image the pin is made from, and an inline script CSP must block. */
async function serveShopPage(): Promise<Server> {
  const image = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#b0482a' } })
    .png()
    .toBuffer();
  const html = `<!doctype html><html><head><title>Copper lamp</title>
<meta name="description" content="A copper lamp for the kitchen"></head>
<body><h1>Copper lamp</h1><img src="/lamp.png" alt="Lamp">
<script>document.title = 'scripts ran';</script></body></html>`;
  const server = createServer((request, response) => {
    if (request.url === '/lamp.png') {
      response.writeHead(200, { 'content-type': 'image/png' }).end(image);
      return;
    }
    response
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': STRICT_CSP })
      .end(html);
  });
  await new Promise<void>((resolve) => server.listen(pagePort, '127.0.0.1', resolve));
  return server;
}

/** The script the /bookmarklet page offers, read from its link as a person would drag it. */
async function offeredBookmarklet(page: Page): Promise<string> {
  await page.goto('/bookmarklet');
  const link = page.getByRole('link', { name: 'Save to Pinboard' });
  await expect(link).toHaveAttribute('href', /^javascript:/);
  await expectNoSeriousAxeViolations(page, 'bookmarklet');
  const href = (await link.getAttribute('href'))!;
  return decodeURIComponent(href.slice('javascript:'.length));
}

test('the bookmarklet on a strict-CSP page opens the pin-create popup, where the pin is saved', async ({
  page,
  cspViolations,
}) => {
  test.skip(!pagePort, 'E2E_PAGE_PORT is not set: the server cannot fetch the test page');
  const shop = await serveShopPage();
  try {
    await signUp(page, uniqueEmail('bookmarklet'));
    const csrf = (await page.context().cookies()).find((cookie) => cookie.name === 'csrftoken')!.value;
    const board = `Lamps ${Date.now().toString(36)}`;
    const created = await page.request.post('/v3/boards/', {
      data: { name: board, privacy: 'public' },
      headers: { 'X-CSRFToken': csrf },
    });
    expect(created.status()).toBe(200);
    const script = await offeredBookmarklet(page);

    const shopUrl = `http://127.0.0.1:${pagePort}/`;
    await page.goto(shopUrl);
    // The policy is in force: the page's own inline script did not run.
    await expect(page).toHaveTitle('Copper lamp');
    // A bookmark's script runs as the person's action, outside the page's CSP; Playwright's
    // evaluate stands in for the click on the bookmark (it is not subject to the CSP either).
    const [popup] = await Promise.all([page.waitForEvent('popup'), page.evaluate(script)]);
    await popup.waitForLoadState();
    // The shop's policy refused its own inline script and nothing the bookmarklet did.
    const onShop = cspViolations.filter(
      (violation) => violation.documentUrl.startsWith(shopUrl) && violation.directive !== 'console',
    );
    expect(onShop.length).toBeGreaterThan(0);
    expect(onShop.map((violation) => violation.blocked)).toEqual(onShop.map(() => 'inline'));
    expect(new URL(popup.url()).pathname).toBe('/pin/create/button/');
    expect(new URL(popup.url()).searchParams.get('media')).toBe(`${shopUrl}lamp.png`);

    await expect(popup.getByRole('img', { name: 'The image you are saving' })).toHaveAttribute(
      'src',
      `${shopUrl}lamp.png`,
    );
    await expect(popup.getByRole('textbox', { name: 'Description' })).toHaveValue(
      'A copper lamp for the kitchen',
    );
    await expect(popup.getByRole('heading', { name: 'Choose board' })).toBeVisible();
    // The popup is the page alone, without the site's header.
    await expect(popup.getByRole('banner')).toHaveCount(0);
    await expectNoSeriousAxeViolations(popup, 'pin-create popup');
    await popup.getByRole('option', { name: new RegExp(board) }).click();

    await expect(popup.getByRole('heading', { name: `Saved to ${board}` })).toBeVisible();
    const pinId = (await popup.getByTestId('pin-id').textContent())!;
    expect(pinId).toMatch(/^\d+$/);
    await expect(popup.getByText(shopUrl, { exact: true })).toBeVisible();
    const pin = await page.request.get(`/v3/pins/${pinId}/`);
    expect((await pin.json()).resource_response.data).toMatchObject({ id: pinId, link: shopUrl });
  } finally {
    await new Promise((resolve) => shop.close(resolve));
  }
});

test('a visitor opening the pin-create page sees the Pin Builder and the login panel', async ({ page }) => {
  const query = new URLSearchParams({
    url: 'https://shop.example/lamp',
    media: 'https://shop.example/lamp.jpg',
    description: 'Copper lamp',
  });
  await page.goto(`/pin/create/button/?${query}`);
  await expect(page.getByRole('heading', { name: 'Pin Builder', level: 1 })).toBeVisible();
  // shop.example does not answer: the picture says so in words, not as a broken image.
  await expect(
    page.getByText('This picture could not be loaded. Check its address, or save another picture.'),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Log in to Pinboard' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('button', { name: 'Log in', exact: true })).toBeVisible();
});
