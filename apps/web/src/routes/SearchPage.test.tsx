// @vitest-environment jsdom
import '../i18n.ts';
import type { Advisory } from '@pinboard/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failure, requestedUrls, stubApi, success } from '../test/apiStub.ts';
import { buildBoard, buildProfile, buildUser } from '../test/boards.ts';
import { signedInViewer } from '../test/auth.tsx';
import { buildPin } from '../test/pins.ts';
import { buildAdvisory } from '../test/search.ts';
import { SearchPage } from './SearchPage.tsx';

// The first render of a file also pays for loading its modules, which is slow on a busy machine.
const FIRST_RENDER = { timeout: 5000 };

const board = buildBoard({ name: 'Small kitchens' });

const answers = {
  pins: (advisory: Advisory | null = null) =>
    success(
      { results: [buildPin({ id: '1', title: 'Open shelves' }), buildPin({ id: '2' })], advisory },
      'next',
    ),
  empty: () => success({ results: [], advisory: null }),
};

function renderSearch(path: string, api: Parameters<typeof stubApi>[0]) {
  const fetch = stubApi(api);
  const router = createMemoryRouter(
    ['search/pins', 'search/boards', 'search/users'].map((route) => ({ path: route, Component: SearchPage })),
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { fetch, router };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('SearchPage', () => {
  it('lists the pins for the query in the masonry grid, with the scope tabs and the title', async () => {
    const { fetch } = renderSearch('/search/pins/?q=kitchen&rs=typed', {
      searchPins: () => answers.pins(),
    });

    const feed = await screen.findByRole('feed', { name: 'Pins for “kitchen”' }, FIRST_RENDER);
    expect(within(feed).getAllByRole('article')).toHaveLength(2);
    const pinLinks = within(feed).getAllByRole('link', { name: /Open shelves/ });
    expect(pinLinks.map((link) => link.getAttribute('href'))).toContain('/pin/1/');
    expect(screen.getByRole('heading', { level: 1, name: 'Search results for “kitchen”' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('kitchen · Search · Pinboard'));
    const tabs = screen.getByRole('navigation', { name: 'What to search' });
    expect(within(tabs).getByRole('link', { name: 'Pins' }).getAttribute('aria-current')).toBe('page');
    expect(within(tabs).getByRole('link', { name: 'People' }).getAttribute('href')).toBe(
      '/search/users/?q=kitchen',
    );
    expect(requestedUrls(fetch)[0]).toBe('/v3/search/pins/?q=kitchen&rs=typed&page_size=25');
  });

  it('switches scope by its tab: boards as cards, people as profiles', async () => {
    const person = buildProfile({ username: 'kit', full_name: 'Kit Marlowe', follower_count: 1200 });
    renderSearch('/search/pins/?q=kitchen', {
      getViewer: () => success(signedInViewer(buildUser({ username: 'maya' }))),
      searchPins: () => answers.pins(),
      searchBoards: () => success({ results: [board], advisory: null }),
      searchUsers: () => success({ results: [person], advisory: null }),
    });
    const tabs = await screen.findByRole('navigation', { name: 'What to search' }, FIRST_RENDER);

    fireEvent.click(within(tabs).getByRole('link', { name: 'Boards' }));
    const boards = await screen.findByRole('list', { name: 'Boards for “kitchen”' });
    expect(
      within(boards)
        .getByRole('link', { name: /Small kitchens/ })
        .getAttribute('href'),
    ).toBe('/maya.l/small-kitchens/');
    // Problem 13: boards of the same name tell apart by their owner's name and avatar.
    expect(within(boards).getByRole('link', { name: 'Maya Lindqvist' }).getAttribute('href')).toBe(
      '/maya.l/',
    );
    expect(within(tabs).getByRole('link', { name: 'Boards' }).getAttribute('aria-current')).toBe('page');

    fireEvent.click(within(tabs).getByRole('link', { name: 'People' }));
    const people = await screen.findByRole('list', { name: 'People for “kitchen”' });
    const card = within(people).getByRole('link', { name: /Kit Marlowe/ });
    expect(card.getAttribute('href')).toBe('/kit/');
    // Shown once the viewer is known to be signed in.
    await waitFor(() => expect(card.textContent).toContain('1.2K followers'));
  });

  it('shows a visitor no follower count of a personal account (docs/product/site.md#what-visitors-see)', async () => {
    const person = buildProfile({ username: 'kit', full_name: 'Kit Marlowe', follower_count: 1200 });
    renderSearch('/search/users/?q=kitchen', {
      searchUsers: () => success({ results: [person], advisory: null }),
    });
    const people = await screen.findByRole('list', { name: 'People for “kitchen”' }, FIRST_RENDER);

    expect(within(people).getByRole('link', { name: /Kit Marlowe/ }).textContent).not.toContain('followers');
  });

  it('says when nothing matches', async () => {
    renderSearch('/search/boards/?q=zzzz', { searchBoards: answers.empty });

    expect(
      await screen.findByText('No boards found for “zzzz”. Try other words.', {}, FIRST_RENDER),
    ).toBeTruthy();
  });

  it('is the hashtag page for a hashtag query', async () => {
    const { fetch } = renderSearch('/search/pins/?q=%23kitchen', {
      searchPins: () => answers.pins(),
    });

    expect(await screen.findByRole('heading', { level: 1, name: '#kitchen' }, FIRST_RENDER)).toBeTruthy();
    await screen.findByRole('feed', { name: 'Pins for “#kitchen”' });
    expect(new URL(requestedUrls(fetch)[0]!, 'http://localhost').searchParams.get('q')).toBe('#kitchen');
  });

  it('shows the advisory notice above the results', async () => {
    renderSearch('/search/pins/?q=sad+quotes', { searchPins: () => answers.pins(buildAdvisory()) });

    const notice = await screen.findByRole('complementary', { name: 'You are not alone' }, FIRST_RENDER);
    const feed = screen.getByRole('feed');
    expect(notice.compareDocumentPosition(feed) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('shows an abusive term its notice and no results', async () => {
    renderSearch('/search/pins/?q=bad+term', {
      searchPins: () =>
        success({ results: [], advisory: buildAdvisory({ severity: 0, advisory: 'bad term' }) }),
    });

    expect(
      await screen.findByRole('complementary', { name: 'You are not alone' }, FIRST_RENDER),
    ).toBeTruthy();
    expect(screen.queryByRole('feed')).toBeNull();
    expect(screen.queryByText(/No pins found/)).toBeNull();
  });

  it('offers a retry when the search fails', async () => {
    let fail = true;
    renderSearch('/search/pins/?q=kitchen', {
      searchPins: () => (fail ? failure(500, 'internal_error') : answers.pins()),
    });

    const alert = await screen.findByRole('alert', {}, FIRST_RENDER);
    expect(alert.textContent).toContain('Search is not working right now.');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('feed')).toBeTruthy();
  });

  it('asks for a query when there is none', async () => {
    const { fetch } = renderSearch('/search/pins/', {});

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Search for ideas' }, FIRST_RENDER),
    ).toBeTruthy();
    expect(requestedUrls(fetch)).toEqual([]);
  });
});
