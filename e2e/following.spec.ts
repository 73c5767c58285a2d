import type { Pin } from '@pinboard/shared';
import { expect, test } from './support/fixtures.ts';
import { homeFeedPage } from './support/api.ts';
import { expectSignedIn, fillSignup, signUp, uniqueEmail } from './support/auth.ts';
import { saveToNewBoard } from './support/saving.ts';

// Decision 47: the Following feed and interests, at desktop and phone size.
const VIEWPORTS = [
  { name: 'desktop', size: { width: 1280, height: 800 } },
  { name: 'phone', size: { width: 390, height: 844 } },
];

for (const viewport of VIEWPORTS) {
  test.describe(`${viewport.name} viewport`, () => {
    test.use({ viewport: viewport.size });

    test('a person follows another, who saves a pin, and finds it under Following', async ({
      page,
      browser,
      request,
    }) => {
      const [source] = await homeFeedPage(request, 1);
      // B first, to know their profile's address.
      const bContext = await browser.newContext({ viewport: viewport.size });
      const bPage = await bContext.newPage();
      await signUp(bPage, uniqueEmail('followee'));
      const profile = await bPage.getByRole('link', { name: 'Your profile' }).getAttribute('href');

      // A follows B from B's profile; the follower count opens the list with A in it.
      await signUp(page, uniqueEmail('follower'));
      await page.goto(profile!);
      // The server-drawn button takes clicks once the page has its data (hydrated, profile read).
      await page.waitForLoadState('networkidle');
      await page.getByRole('button', { name: 'Follow', exact: true }).click();
      await expect(page.getByRole('button', { name: 'Following', exact: true })).toBeVisible();
      await page.getByRole('button', { name: '1 follower' }).click();
      const list = page.getByRole('dialog', { name: 'Followers' });
      await expect(list.getByText('You')).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(list).toBeHidden();

      // B saves a pin; A finds it under Following on home.
      await saveToNewBoard(bPage, source!.id, `Followed ${Date.now().toString(36)}`);
      await page.goto('/');
      await page.getByRole('navigation', { name: 'Feeds' }).getByRole('link', { name: 'Following' }).click();
      const feed = page.getByRole('feed', { name: 'Following feed' });
      await expect(feed.getByRole('article')).toHaveCount(1);
      await bContext.close();
    });

    test('a new person picks interests at sign-up and the home feed shows their pins first', async ({
      page,
    }) => {
      await page.goto('/');
      const dialog = await fillSignup(page, uniqueEmail('interests'));
      await dialog.getByRole('button', { name: 'Continue', exact: true }).click();
      await expect(dialog.getByRole('heading', { name: 'What are you interested in?' })).toBeVisible();
      const tiles = dialog.getByRole('list', { name: 'What are you interested in?' }).getByRole('button');
      const picked: string[] = [];
      for (let i = 0; i < 3; i += 1) {
        picked.push((await tiles.nth(i).innerText()).trim());
        await tiles.nth(i).click();
      }
      await dialog.getByRole('button', { name: 'Next' }).click();
      await expect(dialog).toBeHidden();
      await expectSignedIn(page);

      // The feed's first pins carry one of the picked interests (the API says what they carry).
      const answer = await page.request.get('/v3/feeds/home/?page_size=5');
      const pins = (await answer.json()).resource_response.data as Pin[];
      expect(pins.length).toBeGreaterThan(0);
      for (const pin of pins) expect(pin.hashtags.some((tag) => picked.includes(tag))).toBe(true);
      const feed = page.getByRole('feed', { name: 'Home feed' });
      await expect(feed.getByRole('article').first()).toBeVisible();
      await expect(page.getByRole('link', { name: 'For you' })).toHaveAttribute('aria-current', 'page');
    });
  });
}
