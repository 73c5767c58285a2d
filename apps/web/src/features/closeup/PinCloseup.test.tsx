// @vitest-environment jsdom
import '../../i18n.ts';
import type { Pin, UserProfile, UserSummary } from '@pinboard/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PinPage } from '../../routes/PinPage.tsx';
import { failure, stubApi, success } from '../../test/apiStub.ts';
import { buildPin } from '../../test/pins.ts';

const viewerState = vi.hoisted(() => ({
  viewer: null as UserSummary | null,
  isLoading: false,
}));
vi.mock('../viewer/useViewer.ts', () => ({ useViewer: () => viewerState }));

const signedIn: UserSummary = {
  id: '1',
  username: 'grace',
  full_name: 'Grace Hopper',
  first_name: 'Grace',
  image_medium_url: null,
  image_large_url: null,
  avatar_color_index: 3,
};

function ada(overrides: Partial<UserProfile> = {}): UserProfile {
  return {
    ...buildPin().pinner,
    last_name: 'Lovelace',
    about: '',
    website_url: null,
    pronouns: [],
    type: 'personal',
    is_partner: false,
    pin_count: 40,
    board_count: 3,
    follower_count: 12,
    following_count: 2,
    created_at: '2025-01-01T00:00:00.000Z',
    followed_by_me: false,
    blocked_by_me: false,
    is_me: false,
    ...overrides,
  };
}

const pin: Pin = buildPin({
  id: '101',
  title: 'Analytical engine',
  description: 'Punched cards #engine and #looms\nof Jacquard',
  hashtags: ['engine', 'history'],
  link: 'https://www.example.com/engine',
  domain: 'example.com',
  section: { id: '5', title: 'Cards', slug: 'cards' },
});

type Answers = Parameters<typeof stubApi>[0];

const pinRoutes = (profile = ada()): Answers => ({
  getPin: ({ params }) => (params.id === '101' ? success(pin) : failure(404, 'pin_not_found')),
  listRelatedPins: ({ params }) =>
    params.id === '101'
      ? success([buildPin({ id: '202', title: 'Difference engine' })])
      : failure(404, 'pin_not_found'),
  getUser: ({ params }) => (params.username === 'ada' ? success(profile) : failure(404, 'user_not_found')),
  listPinComments: () => success({ comment_count: 0, comments: [] }),
});

const missingPin: Answers = {
  getPin: () => failure(404, 'pin_not_found'),
  listRelatedPins: () => failure(404, 'pin_not_found'),
};

function Where() {
  const location = useLocation();
  return <p data-testid="location">{location.pathname + location.search}</p>;
}

function renderPinPage(path = '/pin/101/') {
  const router = createMemoryRouter(
    [
      { path: '/pin/:id', element: <PinPage /> },
      { path: '*', element: <Where /> },
    ],
    { initialEntries: [path] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  viewerState.viewer = signedIn;
  viewerState.isLoading = false;
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the pin closeup', () => {
  it('shows the image, title, link, pinner, board and related pins', async () => {
    const fetch = stubApi(pinRoutes());
    renderPinPage();

    expect(await screen.findByRole('heading', { level: 1, name: 'Analytical engine' })).toBeTruthy();
    const image = screen.getByRole('img', { name: 'Analytical engine' });
    expect(image.getAttribute('src')).toBe('/media/pins/101/736x.jpg');
    expect(image.getAttribute('srcset')).toBe(
      '/media/pins/101/236x.jpg 236w, /media/pins/101/474x.jpg 474w, /media/pins/101/736x.jpg 736w, /media/pins/101/orig.jpg 1200w',
    );
    expect(image.getAttribute('sizes')).toContain('(min-width: 1276px) 508px');
    expect(image.getAttribute('width')).toBe('736');
    expect(image.getAttribute('height')).toBe('1104');
    expect(image.style.backgroundColor).toBe('rgb(161, 178, 195)');

    const outbound = screen.getByRole('link', { name: 'example.com (opens in a new tab)' });
    expect(outbound.getAttribute('href')).toBe('https://www.example.com/engine');
    expect(outbound.getAttribute('target')).toBe('_blank');
    expect(outbound.getAttribute('rel')).toBe('noopener noreferrer nofollow');

    expect(screen.getByRole('link', { name: 'Save' }).getAttribute('href')).toBe('/pin/101/repin/');
    const closeup = screen.getByRole('article', { name: 'Analytical engine' });
    const pinner = within(closeup).getByRole('link', { name: /Ada Lovelace/ });
    expect(pinner.getAttribute('href')).toBe('/ada/');
    expect(await within(pinner).findByText('12 followers')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Machines' }).getAttribute('href')).toBe('/ada/machines/');
    expect(screen.getByRole('link', { name: 'Cards' }).getAttribute('href')).toBe('/ada/machines/cards/');

    const related = await screen.findByRole('feed', { name: 'More like this' });
    expect(within(related).getByText('Difference engine')).toBeTruthy();
    expect(fetch.mock.calls.map(([url]) => String(url))).toContain('/v3/pins/101/related/?page_size=25');
  });

  it('makes hashtags links to a search for them, stored ones included', async () => {
    stubApi(pinRoutes());
    renderPinPage();

    const engine = await screen.findByRole('link', { name: '#engine' });
    expect(engine.getAttribute('href')).toBe('/search/pins/?q=%23engine');
    expect(screen.getByRole('link', { name: '#looms' }).getAttribute('href')).toBe(
      '/search/pins/?q=%23looms',
    );
    // Stored but not in the text: listed after it, once.
    expect(screen.getByRole('link', { name: '#history' })).toBeTruthy();
    expect(screen.getAllByRole('link', { name: '#engine' })).toHaveLength(1);
  });

  it('follows at once and goes back when the server refuses', async () => {
    let refuse!: () => void;
    stubApi({
      ...pinRoutes(),
      followUser: () =>
        new Promise<Response>((resolve) => {
          refuse = () => resolve(failure(500, 'internal'));
        }),
    });
    renderPinPage();

    const follow = await screen.findByRole('button', { name: 'Follow' });
    await screen.findByText('12 followers');
    fireEvent.click(follow);

    expect(await screen.findByRole('button', { name: 'Following' })).toBeTruthy();
    expect(screen.getByText('13 followers')).toBeTruthy();

    refuse();

    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'Could not follow. Please try again.',
    );
    expect(screen.getByRole('button', { name: 'Follow' })).toBeTruthy();
    expect(screen.getByText('12 followers')).toBeTruthy();
  });

  it('keeps the server’s answer when following succeeds, and unfollows', async () => {
    const fetch = stubApi({
      ...pinRoutes(),
      followUser: () => success(ada({ followed_by_me: true, follower_count: 13 })),
      unfollowUser: () => success(ada({ followed_by_me: false, follower_count: 12 })),
    });
    renderPinPage();

    await screen.findByText('12 followers');
    fireEvent.click(screen.getByRole('button', { name: 'Follow' }));
    expect(await screen.findByText('13 followers')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Following' }));
    expect(await screen.findByRole('button', { name: 'Follow' })).toBeTruthy();
    expect(await screen.findByText('12 followers')).toBeTruthy();
    const methods = fetch.mock.calls.map(([, init]) => init?.method);
    expect(methods.filter((m) => m === 'PUT' || m === 'DELETE')).toEqual(['PUT', 'DELETE']);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('asks a visitor to log in first, coming back here (the login page without the modal)', async () => {
    viewerState.viewer = null;
    stubApi(pinRoutes());
    renderPinPage();

    fireEvent.click(await screen.findByRole('button', { name: 'Follow' }));
    expect((await screen.findByTestId('location')).textContent).toBe('/login/?next=%2Fpin%2F101%2F');
  });

  it('shows no follow button on the viewer’s own pin', async () => {
    viewerState.viewer = { ...signedIn, username: 'ada' };
    stubApi(pinRoutes(ada({ is_me: true })));
    renderPinPage();

    await screen.findByText('12 followers');
    expect(screen.queryByRole('button', { name: 'Follow' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Follow' })).toBeNull();
  });

  it('says a missing pin is not there, with a way home', async () => {
    stubApi(missingPin);
    renderPinPage('/pin/404/');

    expect(await screen.findByRole('heading', { level: 1, name: 'We could not find that pin' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
  });

  it('sends a signed-out viewer home with an error flag for a missing pin', async () => {
    viewerState.viewer = null;
    stubApi(missingPin);
    renderPinPage('/pin/404/');

    expect((await screen.findByTestId('location')).textContent).toBe('/?error=pin_not_found');
  });
});
