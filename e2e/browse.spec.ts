/// <reference lib="dom" />
import { expect, test } from './support/fixtures.ts';
import { findBrowsePath } from './support/api.ts';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { escapeRegExp, linkTo, pinCardLink, scrollUntilVisible, urlEndingWith } from './support/browse.ts';
import { recordFeedPages, trackApiRequests, waitForApiQuiet } from './support/network.ts';

// Run at the desktop size and at a phone's width (the narrow layout, under 870 px).
const VIEWPORTS = [
  { name: 'wide', size: { width: 1280, height: 720 } },
  { name: 'narrow', size: { width: 400, height: 800 } },
];

for (const viewport of VIEWPORTS) {
  test.describe(`${viewport.name} viewport`, () => {
    test.use({ viewport: viewport.size });

    // The "done when" walk: home feed, more pins by scrolling, a pin, its pinner, one
    // of their boards and one of its sections, with axe run on each page once its data has arrived.
    test('a visitor scrolls the feed, opens a pin, its pinner, a board and a section', async ({
      page,
      request,
    }) => {
      // Five pages, each checked by axe, and a long scroll: more than the default 30 s on a slow machine.
      test.setTimeout(120_000);
      const { pin, board, section } = await findBrowsePath(request);
      const username = pin.pinner.username;
      const pinnerName = pin.pinner.full_name || username;
      const main = page.getByRole('main');
      const apiInFlight = trackApiRequests(page);
      const feedPages = recordFeedPages(page);

      await test.step('home feed, and more pins on scrolling', async () => {
        await page.goto('/');
        const feed = page.getByRole('feed', { name: 'Home feed' });
        await expect.poll(() => feedPages.length).toBeGreaterThan(0);
        await expect(pinCardLink(feed, feedPages[0]![0]!)).toBeInViewport();
        await waitForApiQuiet(apiInFlight);
        await expectNoSeriousAxeViolations(page, 'home');

        // The first screenful may already ask for page 2 (its end is within two viewport heights);
        // page 3 only comes from scrolling down.
        await expect(async () => {
          await page.mouse.wheel(0, 800);
          expect(feedPages.length).toBeGreaterThanOrEqual(3);
        }).toPass({ intervals: [250], timeout: 30_000 });
        const thirdPage = feedPages[2]!;
        expect(thirdPage.length).toBeGreaterThan(0);
        // And the new pins are drawn as the visitor keeps scrolling.
        await scrollUntilVisible(page, pinCardLink(feed, thirdPage.at(-1)!));
      });

      await test.step('the pin closeup', async () => {
        await page.evaluate(() => window.scrollTo(0, 0));
        const card = pinCardLink(page.getByRole('feed', { name: 'Home feed' }), pin);
        await scrollUntilVisible(page, card);
        await card.click();
        await expect(page).toHaveURL(urlEndingWith(`/pin/${pin.id}/`));
        if (pin.title) await expect(page.getByRole('heading', { level: 1, name: pin.title })).toBeVisible();
        await expect(page.getByRole('heading', { level: 2, name: 'More like this' })).toBeVisible();
        await waitForApiQuiet(apiInFlight);
        await expectNoSeriousAxeViolations(page, 'pin');
      });

      await test.step("the pinner's profile", async () => {
        // The closeup's pinner link comes before 'More like this', whose cards link pinners too.
        await linkTo(main, `/${username}/`).first().click();
        await expect(page).toHaveURL(urlEndingWith(`/${username}/`));
        await expect(page.getByRole('heading', { level: 1, name: pinnerName })).toBeVisible();
        await expect(page.getByRole('list', { name: `Boards of ${pinnerName}` })).toBeVisible();
        await waitForApiQuiet(apiInFlight);
        await expectNoSeriousAxeViolations(page, 'profile');
      });

      await test.step('one of their boards', async () => {
        const boards = page.getByRole('list', { name: `Boards of ${pinnerName}` });
        await linkTo(boards, board.url, new RegExp(escapeRegExp(board.name), 'i')).click();
        await expect(page).toHaveURL(urlEndingWith(board.url));
        await expect(page.getByRole('heading', { level: 1, name: board.name })).toBeVisible();
        await expect(page.getByRole('list', { name: `Sections of ${board.name}` })).toBeVisible();
        if (board.pin_count > 0)
          await expect(page.getByRole('feed', { name: `Pins on ${board.name}` })).toBeVisible();
        await waitForApiQuiet(apiInFlight);
        await expectNoSeriousAxeViolations(page, 'board');
      });

      await test.step('one of its sections', async () => {
        const sectionPath = `${board.url.replace(/\/$/, '')}/${section.slug}/`;
        const sections = page.getByRole('list', { name: `Sections of ${board.name}` });
        await linkTo(sections, sectionPath, new RegExp(escapeRegExp(section.title), 'i')).click();
        await expect(page).toHaveURL(urlEndingWith(sectionPath));
        await expect(page.getByRole('heading', { level: 1, name: section.title })).toBeVisible();
        if (section.pin_count > 0) {
          await expect(page.getByRole('feed', { name: `Pins in ${section.title}` })).toBeVisible();
        }
        await waitForApiQuiet(apiInFlight);
        await expectNoSeriousAxeViolations(page, 'section');
      });
    });
  });
}
