// @vitest-environment jsdom
import '../i18n.ts';
import type { Interest, TodaySection } from '@pinboard/shared/discover';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failure, requestedUrls, stubApi, success, type StubRequest } from '../test/apiStub.ts';
import { buildBoard } from '../test/boards.ts';
import { buildPin } from '../test/pins.ts';
import { IdeasPage } from './IdeasPage.tsx';
import { TodayKindPage } from './TodayKindPage.tsx';
import { TodayPage } from './TodayPage.tsx';
import { InterestPage, TopicsPage } from './TopicPage.tsx';

// The first render of a file also pays for loading its modules, which is slow on a busy machine.
const FIRST_RENDER = { timeout: 5000 };

function interest(name: string, id: string): Interest {
  const pin = buildPin({ id });
  return {
    name,
    id: `9${id}`,
    url: `/ideas/${name}/9${id}/`,
    cover: { pin_id: id, images: pin.images, dominant_color: '#123456' },
  };
}

function renderAt(path: string, api: Parameters<typeof stubApi>[0]) {
  const fetch = stubApi(api);
  const router = createMemoryRouter(
    [
      { path: 'ideas', Component: IdeasPage },
      { path: 'ideas/:interest/:id', Component: InterestPage },
      { path: 'topics/*', Component: TopicsPage },
      { path: 'today', Component: TodayPage },
      { path: 'today/trending/*', Component: TodayKindPage },
      { path: 'today/best/*', Component: TodayKindPage },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return fetch;
}

const ideas = () => success({ interests: [interest('garden', '1'), interest('balcony', '2')] });
/** The pins of #garden, asked for in lower case; any other topic is not found. */
const topicPins = ({ params }: StubRequest) =>
  params.name === 'garden'
    ? success([buildPin({ id: '11', title: 'Raised beds' }), buildPin({ id: '12' })], 'next')
    : failure(404, 'not_found');

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('IdeasPage', () => {
  it('shows each interest as a tile with its picture, linking to its page', async () => {
    renderAt('/ideas', { getIdeas: ideas });
    const list = await screen.findByRole('list', { name: 'Ideas' }, FIRST_RENDER);
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['garden', '/ideas/garden/91/'],
      ['balcony', '/ideas/balcony/92/'],
    ]);
    expect(links[0]!.querySelector('img')!.getAttribute('src')).toBe('/media/pins/1/236x.jpg');
    expect(screen.getByRole('heading', { level: 1, name: 'Explore ideas' })).toBeTruthy();
  });

  it('says when there are no ideas, and offers a retry after an error', async () => {
    let answer = () => failure(500, 'internal');
    renderAt('/ideas', { getIdeas: () => answer() });
    const retry = await screen.findByRole('button', { name: 'Try again' }, FIRST_RENDER);
    answer = () => success({ interests: [] });
    fireEvent.click(retry);
    expect(await screen.findByText(/No ideas yet/)).toBeTruthy();
  });
});

describe('interest and topic pages', () => {
  it("an interest shows its hashtag's pins, with a link to the hashtag search", async () => {
    const fetch = renderAt('/ideas/garden/91/', { listTopicPins: topicPins });
    const feed = await screen.findByRole('feed', { name: 'Pins about garden' }, FIRST_RENDER);
    expect(within(feed).getAllByRole('article')).toHaveLength(2);
    expect(screen.getByRole('heading', { level: 1, name: 'garden' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Search #garden' }).getAttribute('href')).toBe(
      '/search/pins/?q=%23garden',
    );
    // The first page once (the grid may go on to the next one when it has time: not this test's).
    expect(requestedUrls(fetch).filter((url) => !url.includes('bookmark='))).toEqual([
      '/v3/discover/topics/garden/pins/?page_size=25',
    ]);
  });

  it('/topics lists the topics, /topics/{name} is one topic in lower case', async () => {
    renderAt('/topics', { getIdeas: ideas });
    const list = await screen.findByRole('list', { name: 'Topics' }, FIRST_RENDER);
    expect(within(list).getByRole('link', { name: 'balcony' }).getAttribute('href')).toBe('/topics/balcony/');
    cleanup();

    renderAt('/topics/Garden/', { listTopicPins: topicPins });
    expect(await screen.findByRole('feed', { name: 'Pins about garden' })).toBeTruthy();
  });
});

describe('TodayPage', () => {
  const sections: TodaySection[] = [
    { kind: 'trending', type: 'pins', pins: [buildPin({ id: '21', title: 'Most saved' })] },
    { kind: 'best', type: 'boards', boards: [buildBoard({ id: '31', name: 'Small kitchens' })] },
  ];

  it("shows today's sections with their items and a link to each list", async () => {
    renderAt('/today', { getToday: () => success({ sections }) });
    const trending = await screen.findByRole('region', { name: 'Trending' }, FIRST_RENDER);
    expect(within(trending).getByText('Most saved')).toBeTruthy();
    expect(within(trending).getByRole('link', { name: 'See all: Trending' }).getAttribute('href')).toBe(
      '/today/trending/',
    );
    const best = screen.getByRole('region', { name: 'Best new boards' });
    expect(within(best).getByText('Small kitchens')).toBeTruthy();
  });

  it('says when there is nothing yet', async () => {
    renderAt('/today', { getToday: () => success({ sections: [] }) });
    expect(await screen.findByText(/Nothing to show today yet/, {}, FIRST_RENDER)).toBeTruthy();
  });

  it('a list page shows that list in full', async () => {
    const fetch = renderAt('/today/best/', { getTodaySection: () => success(sections[1]) });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Best new boards' }, FIRST_RENDER),
    ).toBeTruthy();
    expect(await screen.findByRole('list', { name: 'Best new boards' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Today' }).getAttribute('href')).toBe('/today/');
    expect(requestedUrls(fetch)).toEqual(['/v3/discover/today/best/']);
  });
});
