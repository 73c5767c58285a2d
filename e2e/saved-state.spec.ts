import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { homeFeedPage } from './support/api.ts';
import { signUp, uniqueEmail } from './support/auth.ts';
import { saveToNewBoard } from './support/saving.ts';

// A saved pin shows 'Saved' with its board's name on its card and its closeup, right
// after saving and after moving it (decision 44). At the desktop size and at a phone's width.
const VIEWPORTS = [
  { name: 'wide', size: { width: 1280, height: 720 } },
  { name: 'narrow', size: { width: 400, height: 800 } },
];

for (const viewport of VIEWPORTS) {
  test.describe(`${viewport.name} viewport`, () => {
    test.use({ viewport: viewport.size });

    test('a person saves a pin from the home feed, sees Saved with the board, moves it and sees the new board', async ({
      page,
      request,
    }) => {
      test.setTimeout(90_000);
      await signUp(page, uniqueEmail(`saved-${viewport.name}`));
      const stamp = Date.now().toString(36);
      const first = `First ${stamp}`;
      const second = `Second ${stamp}`;
      // The board the pin moves to, made by saving another pin into it.
      const [other] = await homeFeedPage(request, 1);
      await saveToNewBoard(page, other!.id, second);

      await page.goto('/');
      const card = page
        .getByRole('article')
        .filter({ has: page.getByRole('link', { name: /^Save / }) })
        .first();
      const pinPath = await card.locator('a[href^="/pin/"]').first().getAttribute('href');
      const pinCard = page.getByRole('article').filter({ has: page.locator(`a[href="${pinPath}"]`) });
      await pinCard.hover();
      await pinCard.getByRole('link', { name: /^Save / }).click();
      await page
        .getByRole('dialog', { name: 'Choose board' })
        .getByRole('button', { name: 'Create board' })
        .click();
      const create = page.getByRole('dialog', { name: 'Create board' });
      await create.getByLabel('Name', { exact: true }).fill(first);
      await create.getByRole('button', { name: 'Create', exact: true }).click();
      await expect(page.getByRole('dialog', { name: 'Board created' })).toBeVisible();
      await page.keyboard.press('Escape');

      // At once, without a reload: the card says where it is saved, and no red Save.
      await expect(pinCard.getByText('Saved', { exact: true })).toBeVisible();
      await expect(
        pinCard.getByRole('link', { name: `Saved to ${first}. Save to another board` }),
      ).toBeVisible();
      await expect(pinCard.getByRole('link', { name: /^Save / })).toHaveCount(0);

      // Its closeup says so too.
      await pinCard.locator(`a[href="${pinPath}"]`).first().click();
      const main = page.getByRole('main');
      await expect(
        main.getByRole('link', { name: `Saved to ${first}. Save to another board` }),
      ).toBeVisible();
      await expect(main.getByRole('link', { name: 'Save', exact: true })).toHaveCount(0);

      // Saving elsewhere from that menu: the picker opens with where it is already.
      await main.getByRole('link', { name: `Saved to ${first}. Save to another board` }).click();
      const picker = page.getByRole('dialog', { name: 'Choose board' });
      await expect(picker.getByText(`Psst! You already saved this Pin to ${first}`)).toBeVisible();
      await page.keyboard.press('Escape');

      // Moved to the other board from its board page: the card and the closeup name the new board.
      await page.goto(`/${await viewerUsername(page)}/`);
      await page
        .getByRole('link', { name: new RegExp(first) })
        .first()
        .click();
      await expect(page.getByRole('heading', { level: 1, name: first })).toBeVisible();
      await page.getByRole('button', { name: 'Organize' }).click();
      await page.getByRole('checkbox').first().check();
      await page.getByRole('button', { name: 'Move', exact: true }).click();
      await page
        .getByRole('dialog', { name: 'Choose board' })
        .getByRole('option', { name: new RegExp(second) })
        .click();
      await expect(page.getByText(`Moved 1 Pin to ${second}`)).toBeVisible();
      // The board's header counts the pin gone at once.
      await expect(page.getByText(/^0 pins ·/)).toBeVisible();

      await page.goto(pinPath!);
      // The closeup's own control: More like this, below it, may show the other pin saved there.
      await expect(page.getByRole('main').locator(`a[href="${pinPath}repin/"]`)).toHaveAccessibleName(
        `Saved to ${second}. Save to another board`,
      );
      await page.goto('/');
      await expect(
        pinCard.getByRole('link', { name: `Saved to ${second}. Save to another board` }),
      ).toBeVisible();
    });
  });
}

/** The signed-in person's username, as the app knows it. */
async function viewerUsername(page: Page): Promise<string> {
  const answer = await page.request.get('/v3/users/me/');
  const body = (await answer.json()) as { resource_response: { data: { user: { username: string } } } };
  return body.resource_response.data.user.username;
}
