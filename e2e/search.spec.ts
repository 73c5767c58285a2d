/// <reference lib="dom" />
import { type Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import type { AdvisoryNoticeInput } from '@pinboard/shared';
import { runAdmin } from './support/admin.ts';
import { homeFeedPage } from './support/api.ts';
import { signUp, uniqueEmail } from './support/auth.ts';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { urlEndingWith } from './support/browse.ts';
import { trackApiRequests, waitForApiQuiet } from './support/network.ts';

const searchField = (page: Page) => page.getByRole('combobox', { name: 'Search Pinboard' });

// Search from the header with the typeahead, open a result; a registered
// advisory term shows its notice.
test('a visitor searches from the header with the typeahead and opens a result', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  // The first word of a seeded pin's title: the typeahead suggests titles by their beginning.
  const titled = (await homeFeedPage(request)).find((pin) => /^[a-z]{4,}\b/i.test(pin.title));
  expect(titled, 'a feed pin whose title starts with a word of four letters').toBeDefined();
  const word = /^[a-z]{4,}/i.exec(titled!.title)![0].toLowerCase();
  const apiInFlight = trackApiRequests(page);

  await page.goto('/');
  const field = searchField(page);
  await field.click();
  // On a busy machine a pause between keys may ask for a shorter term first: wait for the whole word's answer.
  const wordAnswer = page.waitForResponse(
    (response) =>
      response.url().includes('/v3/search/typeahead/') &&
      new URL(response.url()).searchParams.get('term') === word,
  );
  await field.pressSequentially(word, { delay: 40 });
  await wordAnswer;

  const suggestions = page.getByRole('listbox', { name: 'Search suggestions' });
  await expect(suggestions).toBeVisible();
  await expect(suggestions.getByRole('option').first()).toBeVisible();
  await expect(field).toHaveAttribute('aria-expanded', 'true');
  // The arrow keys move through the options while the focus stays in the field.
  await field.press('ArrowDown');
  const first = suggestions.getByRole('option').first();
  await expect(field).toHaveAttribute('aria-activedescendant', (await first.getAttribute('id'))!);
  await expect(first).toHaveAttribute('aria-selected', 'true');
  await expect(field).toBeFocused();
  await waitForApiQuiet(apiInFlight);
  await expectNoSeriousAxeViolations(page, 'home, with the typeahead open');

  // Back to the text and Enter: a search for what was typed.
  await field.press('ArrowUp');
  await field.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/search/pins/\\?q=${word}&rs=typed$`));
  await expect(page).toHaveTitle(`${word} · Search · Pinboard`);
  const results = page.getByRole('feed', { name: `Pins for “${word}”` });
  const firstResult = results.getByRole('link').and(results.locator('[href^="/pin/"]')).first();
  await expect(firstResult).toBeVisible();
  await expect(searchField(page)).toHaveValue(word);
  await waitForApiQuiet(apiInFlight);
  await expectNoSeriousAxeViolations(page, 'search results');

  // The scope tabs search the same words among boards.
  await page
    .getByRole('navigation', { name: 'What to search' })
    .getByRole('link', { name: 'Boards' })
    .click();
  await expect(page).toHaveURL(new RegExp(`/search/boards/\\?q=${word}$`));
  await page.goBack();

  const href = (await results.locator('[href^="/pin/"]').first().getAttribute('href'))!;
  await results.locator(`[href="${href}"]`).first().click();
  await expect(page).toHaveURL(urlEndingWith(href));
});

test('a registered advisory term shows its notice; an abusive one shows no results', async ({ page }) => {
  test.setTimeout(90_000);
  const stamp = Date.now().toString(36);
  const term = `quiet thoughts ${stamp}`;
  const text = 'You are not alone. Find support near you.';
  const notice: AdvisoryNoticeInput = {
    title: 'Support is available',
    description: {
      text,
      tags: [
        {
          tagType: 'link',
          offset: text.indexOf('Find support'),
          length: 12,
          link: 'https://example.org/help',
        },
      ],
    },
    actions: [
      {
        title: 'Talk to someone',
        description: 'Free and confidential.',
        button: { text: 'Get help', link: 'https://example.org/helpline' },
      },
    ],
    style: 'warning',
    footer: 'Shown for searches about difficult topics.',
    level: 4,
  };
  await runAdmin('advisory', 'add', term, 'SENSITIVE', JSON.stringify(notice));
  const abusive = `rude words ${stamp}`;
  await runAdmin('advisory', 'add', abusive, 'ABUSIVE', JSON.stringify({ ...notice, level: 1 }));

  await page.goto('/');
  await searchField(page).fill(term.toUpperCase());
  await searchField(page).press('Enter');

  const region = page.getByRole('complementary', { name: 'Support is available' });
  await expect(region).toBeVisible();
  await expect(region.getByRole('link', { name: 'Find support' })).toHaveAttribute(
    'href',
    'https://example.org/help',
  );
  await expect(region.getByRole('link', { name: 'Get help' })).toHaveAttribute(
    'href',
    'https://example.org/helpline',
  );
  await expect(region.getByText('Shown for searches about difficult topics.')).toBeVisible();
  await expectNoSeriousAxeViolations(page, 'search with an advisory');

  await page.goto(`/search/pins/?q=${encodeURIComponent(abusive)}`);
  const abusiveNotice = page.getByRole('complementary', { name: 'Support is available' });
  await expect(abusiveNotice).toBeVisible();
  // Level 1 and not third-party: the action stays, its button does not.
  await expect(abusiveNotice.getByText('Talk to someone')).toBeVisible();
  await expect(abusiveNotice.getByRole('link', { name: 'Get help' })).toHaveCount(0);
  await expect(page.getByRole('feed')).toHaveCount(0);
});

test('a signed-in person sees their recent searches in the empty field, and clears them', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signUp(page, uniqueEmail('search'));
  const field = searchField(page);
  for (const query of ['linen curtains', 'reading nook']) {
    await field.fill(query);
    await field.press('Enter');
    await expect(page).toHaveURL(/\/search\/pins\/\?q=/);
    await expect(
      page.getByRole('heading', { level: 1, name: `Search results for “${query}”` }),
    ).toBeAttached();
  }

  await page.goto('/');
  await searchField(page).click();
  const recent = page.getByRole('group', { name: 'Recent searches' });
  await expect(recent.getByRole('option')).toHaveText(['reading nook', 'linen curtains']);
  // Below them, the popular ideas (this new person picked no interests).
  await expect(
    page.getByRole('group', { name: 'Popular on Pinboard' }).getByRole('option').first(),
  ).toBeVisible();
  await expectNoSeriousAxeViolations(page, 'home, with recent searches open');

  // A recent search is chosen like any suggestion.
  await recent.getByRole('option', { name: 'linen curtains' }).click();
  await expect(page).toHaveURL(/\/search\/pins\/\?q=linen\+curtains&rs=recent$/);

  await searchField(page).fill('');
  await page.getByRole('button', { name: 'Clear recent searches' }).click();
  await expect(recent).toBeHidden();
  // Elsewhere the field starts empty; the server has forgotten them too.
  await page.goto('/');
  const recentAnswer = page.waitForResponse(
    (response) => response.url().includes('/v3/search/recent/') && response.request().method() === 'GET',
  );
  await searchField(page).click();
  expect(
    ((await (await recentAnswer).json()) as { resource_response: { data: unknown } }).resource_response.data,
  ).toEqual([]);
  // The empty field still suggests the popular ideas, without recent searches.
  await expect(page.getByRole('group', { name: 'Popular on Pinboard' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Recent searches' })).toHaveCount(0);
});
