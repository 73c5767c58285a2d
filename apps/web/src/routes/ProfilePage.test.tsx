// @vitest-environment jsdom
import '../i18n.ts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failure, requestedUrls, stubApi, success } from '../test/apiStub.ts';
import { buildViewer, signedInViewer } from '../test/auth.tsx';
import { buildBoard, buildProfile, buildUser } from '../test/boards.ts';
import { buildPin } from '../test/pins.ts';
import { renderBrowsingPage } from '../test/renderPage.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const visitor = () => success(buildViewer());

function stubProfile(boardsAnswer: (url: URL) => Response = () => success([buildBoard()])) {
  return stubApi({
    getViewer: visitor,
    getUser: ({ params }) =>
      params.username === 'maya.l' ? success(buildProfile()) : failure(404, 'user_not_found'),
    listUserBoards: ({ url, params }) =>
      params.username === 'maya.l' ? boardsAnswer(url) : failure(404, 'user_not_found'),
    listUserPins: () => success([buildPin({ id: '1', title: 'Linen curtains' })]),
  });
}

describe('ProfilePage', () => {
  it('shows the person, their counts and their boards on the Saved tab', async () => {
    const fetch = stubProfile(() =>
      success([
        buildBoard({ id: '1', name: 'Cozy rooms' }),
        buildBoard({ id: '2', name: 'Gifts', privacy: 'secret' }),
      ]),
    );
    renderBrowsingPage('/maya.l');

    expect(await screen.findByRole('heading', { level: 1, name: 'Maya Lindqvist' })).toBeTruthy();
    expect(screen.getByText('@maya.l')).toBeTruthy();
    expect(screen.getByText('Slow living, small kitchens and big windows.')).toBeTruthy();
    const website = screen.getByRole('link', { name: 'example.com (opens in a new tab)' });
    expect(website.getAttribute('href')).toBe('https://www.example.com/maya');
    // A visitor sees no follower count of a personal account (docs/product/site.md#what-visitors-see).
    expect(screen.getByText('56 following')).toBeTruthy();
    expect(screen.queryByText(/followers/)).toBeNull();

    const tabs = screen.getByRole('navigation', { name: 'Profile' });
    expect(within(tabs).getByRole('link', { name: 'Saved' }).getAttribute('aria-current')).toBe('page');
    expect(within(tabs).getByRole('link', { name: 'Created' }).getAttribute('href')).toBe(
      '/maya.l/_created/',
    );

    const grid = await screen.findByRole('list', { name: 'Boards of Maya Lindqvist' });
    expect(within(grid).getAllByRole('article')).toHaveLength(2);
    expect(within(grid).getByRole('img', { name: 'Secret board' })).toBeTruthy();
    expect(requestedUrls(fetch)).toContain('/v3/users/maya.l/boards/?sort=last_pinned_to&page_size=25');
    await waitFor(() => expect(document.title).toBe('Maya Lindqvist (@maya.l) · Pinboard'));
  });

  it('changes the board order from the sort menu and keeps it in the URL', async () => {
    const fetch = stubProfile((url) =>
      success([buildBoard({ id: '1', name: `Sorted by ${url.searchParams.get('sort')}` })]),
    );
    const router = renderBrowsingPage('/maya.l?sort=newest');

    const menu = (await screen.findByRole('combobox', { name: 'Sort boards by' })) as HTMLSelectElement;
    expect(menu.value).toBe('newest');
    expect(
      within(menu)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['A to Z', 'Last saved to', 'Oldest', 'Newest', 'Group boards first', 'Custom order']);
    expect(await screen.findByRole('link', { name: 'Sorted by newest' })).toBeTruthy();

    fireEvent.change(menu, { target: { value: 'alphabetical' } });

    expect(await screen.findByRole('link', { name: 'Sorted by alphabetical' })).toBeTruthy();
    expect(router.state.location.search).toBe('?sort=alphabetical');
    expect(requestedUrls(fetch)).toContain('/v3/users/maya.l/boards/?sort=alphabetical&page_size=25');

    fireEvent.change(menu, { target: { value: 'last_pinned_to' } });

    expect(await screen.findByRole('link', { name: 'Sorted by last_pinned_to' })).toBeTruthy();
    expect(router.state.location.search).toBe('');
  });

  const pagedBoards = (url: URL) =>
    url.searchParams.get('bookmark') === 'page-2'
      ? success([buildBoard({ id: '2', name: 'Second page' })])
      : success([buildBoard({ id: '1', name: 'First page' })], 'page-2');
  const secondPageUrl = '/v3/users/maya.l/boards/?sort=last_pinned_to&page_size=25&bookmark=page-2';

  it('loads the next page of boards with the bookmark from the button', async () => {
    // The end of the grid is far below the viewport, so only the button can ask for more.
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(new DOMRect(0, 10_000, 0, 0));
    const fetch = stubProfile(pagedBoards);
    renderBrowsingPage('/maya.l');

    await screen.findByRole('link', { name: 'First page' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(requestedUrls(fetch)).not.toContain(secondPageUrl);
    fireEvent.click(screen.getByRole('button', { name: 'Show more boards' }));

    expect(await screen.findByRole('link', { name: 'Second page' })).toBeTruthy();
    expect(requestedUrls(fetch)).toContain(secondPageUrl);
    expect(screen.queryByRole('button', { name: 'Show more boards' })).toBeNull();
  });

  it('loads the next page of boards by itself when the end of the grid is near', async () => {
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(new DOMRect(0, 500, 0, 0));
    const fetch = stubProfile(pagedBoards);
    renderBrowsingPage('/maya.l');

    expect(await screen.findByRole('link', { name: 'Second page' })).toBeTruthy();
    expect(requestedUrls(fetch)).toContain(secondPageUrl);
  });

  it('shows created pins on the Created tab', async () => {
    const fetch = stubProfile();
    renderBrowsingPage('/maya.l/_created/');

    const feed = await screen.findByRole('feed', { name: 'Pins created by Maya Lindqvist' });
    expect(within(feed).getAllByRole('article')).toHaveLength(1);
    const tabs = screen.getByRole('navigation', { name: 'Profile' });
    expect(within(tabs).getByRole('link', { name: 'Created' }).getAttribute('aria-current')).toBe('page');
    expect(requestedUrls(fetch)).toContain('/v3/users/maya.l/pins/?filter=created&page_size=25');
    expect(requestedUrls(fetch).some((url) => url.includes('/boards/'))).toBe(false);
    expect(screen.queryByRole('combobox')).toBeNull();
  });

  it('says when there is nobody by that name, with a way home', async () => {
    stubApi({ getViewer: visitor, getUser: () => failure(404, 'user_not_found') });
    renderBrowsingPage('/nobody');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'We could not find that profile' }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
    await waitFor(() => expect(document.title).toBe('Profile not found · Pinboard'));
  });
});

describe('Report profile', () => {
  it("is in the profile's menu for a signed-in person on someone else's profile, not for a visitor", async () => {
    const fetch = stubApi({
      getViewer: () => success(signedInViewer(buildUser({ id: '9', username: 'sam' }))),
      getUser: () => success(buildProfile({ id: '31' })),
      listUserBoards: () => success([]),
      createReport: () =>
        success({
          id: '1',
          object_type: 'user',
          object_id: '31',
          reason: 'harassment',
          status: 'open',
          created_at: new Date().toISOString(),
        }),
    });
    renderBrowsingPage('/maya.l');
    fireEvent.click(await screen.findByRole('button', { name: 'Profile options' }, { timeout: 10_000 }));
    fireEvent.click(screen.getByRole('button', { name: 'Report profile' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report profile' });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Harassment or privacy violations' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Report' }));
    await waitFor(() =>
      expect(
        fetch.mock.calls
          .filter(([input]) => String(input).includes('/v3/reports/'))
          .map(([, init]) => JSON.parse(String(init?.body)) as unknown),
      ).toEqual([{ object_type: 'user', object_id: '31', reason: 'harassment' }]),
    );

    cleanup();
    stubProfile();
    renderBrowsingPage('/maya.l');
    expect(await screen.findByRole('heading', { level: 1, name: 'Maya Lindqvist' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Profile options' })).toBeNull();
  }, 20_000);
});
