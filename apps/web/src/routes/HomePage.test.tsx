// @vitest-environment jsdom
import '../i18n.ts';
import type { Pin } from '@pinboard/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failure, requestedUrls, stubApi, success } from '../test/apiStub.ts';
import { ada, signedInViewer } from '../test/auth.tsx';
import { buildPin } from '../test/pins.ts';
import { HomePage } from './HomePage.tsx';

function feedPage(pins: Pin[], bookmark: string | null): Response {
  return success(pins, bookmark);
}

function renderHome(...responses: Response[]) {
  return renderHomeAt('/', ...responses);
}

/** The feed requests made, in order (the viewer's own request aside). */
const feedUrls = (fetch: ReturnType<typeof stubApi>) =>
  requestedUrls(fetch).filter((url) => url.includes('/feeds/'));

function renderHomeAt(url: string, ...responses: Response[]) {
  const pages = [...responses];
  const fetch = stubApi({ listHomeFeed: () => pages.shift() ?? failure(500, 'no_more_pages') });
  renderWith(url);
  return fetch;
}

function renderWith(url: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <HomePage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('HomePage', () => {
  it('shows the first page and, as its end is near, loads the next one with its bookmark', async () => {
    const fetch = renderHome(
      feedPage([buildPin({ id: '1' }), buildPin({ id: '2' })], 'page-2'),
      // The repeated pin 2 stands for a feed that shifted between pages.
      feedPage([buildPin({ id: '2' }), buildPin({ id: '3' })], null),
    );

    const feed = await screen.findByRole('feed', { name: 'Home feed' });
    expect(within(feed).getAllByRole('article')).toHaveLength(2);
    expect(feedUrls(fetch)[0]).toBe('/v3/feeds/home/?page_size=25');

    // Two short cards end well within two viewport heights: the next page follows by itself.
    expect(await screen.findByText('That’s all the pins for now.')).toBeTruthy();
    expect(within(feed).getAllByRole('article')).toHaveLength(3);
    expect(feedUrls(fetch)).toEqual([
      '/v3/feeds/home/?page_size=25',
      '/v3/feeds/home/?page_size=25&bookmark=page-2',
    ]);
  });

  it('says so when the feed is empty', async () => {
    renderHome(feedPage([], null));

    expect(await screen.findByText(/No pins yet/)).toBeTruthy();
  });

  it('tells a visitor sent from a missing pin that it was not found, and only then', async () => {
    renderHomeAt('/?error=pin_not_found', feedPage([], null));
    expect((await screen.findByText('Sorry! We could not find that Pin.')).getAttribute('role')).toBe(
      'status',
    );
    cleanup();
    renderHome(feedPage([], null));
    await screen.findByText(/No pins yet/);
    expect(screen.queryByText('Sorry! We could not find that Pin.')).toBeNull();
  });

  it('offers a retry when the feed fails to load', async () => {
    const failure = new Response(
      JSON.stringify({
        resource_response: {
          status: 'failure',
          data: null,
          error: {
            http_status: 500,
            api_error_code: 13,
            code: 'internal',
            message: 'Sorry! Something went wrong on our end.',
            message_detail: null,
            field: null,
          },
        },
      }),
      { status: 500 },
    );
    renderHome(failure, feedPage([buildPin({ id: '1' })], null));

    const alert = await screen.findByRole('alert');
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));

    expect(await screen.findByRole('feed', { name: 'Home feed' })).toBeTruthy();
  });

  it('shows a signed-in person the For you and Following tabs, and pins of followed people under Following', async () => {
    sessionStorage.clear();
    const fetch = stubApi({
      getViewer: () => success(signedInViewer()),
      listHomeFeed: () => feedPage([buildPin({ id: '1' })], null),
      listFollowingFeed: () => feedPage([buildPin({ id: '7', title: 'From a friend' })], null),
    });
    renderWith('/');
    const tabs = await screen.findByRole('navigation', { name: 'Feeds' });
    expect(within(tabs).getByRole('link', { name: 'For you' }).getAttribute('aria-current')).toBe('page');
    fireEvent.click(within(tabs).getByRole('link', { name: 'Following' }));
    const feed = await screen.findByRole('feed', { name: 'Following feed' });
    expect(within(feed).getAllByRole('article')).toHaveLength(1);
    expect(feedUrls(fetch)).toContain('/v3/feeds/following/?page_size=25');
    // Remembered in this browser tab: home opens on Following next time.
    expect(sessionStorage.getItem('pinboard.homeFeedTab')).toBe('following');
    cleanup();
    renderWith('/');
    expect(await screen.findByRole('feed', { name: 'Following feed' })).toBeTruthy();
    sessionStorage.clear();
  });

  it('suggests people to follow when the Following feed is empty', async () => {
    stubApi({
      getViewer: () => success(signedInViewer()),
      listHomeFeed: () =>
        feedPage(
          [
            buildPin({ id: '1', pinner: { ...ada, id: '9', username: 'grace', full_name: 'Grace Hopper' } }),
            buildPin({ id: '2', pinner: ada }),
          ],
          null,
        ),
      listFollowingFeed: () => feedPage([], null),
    });
    renderWith('/?tab=following');
    const people = await screen.findByRole('list', { name: 'People to follow' });
    expect(within(people).getByRole('link', { name: 'Grace Hopper' })).toBeTruthy();
    // Never the viewer themselves.
    expect(within(people).queryByText(ada.full_name)).toBeNull();
  });

  it('shows a visitor no tabs', async () => {
    renderHome(feedPage([buildPin({ id: '1' })], null));
    await screen.findByRole('feed', { name: 'Home feed' });
    expect(screen.queryByRole('navigation', { name: 'Feeds' })).toBeNull();
  });
});
