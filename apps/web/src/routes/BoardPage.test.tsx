// @vitest-environment jsdom
import '../i18n.ts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failure, requestedUrls, stubApi, success } from '../test/apiStub.ts';
import { buildViewer } from '../test/auth.tsx';
import { buildBoard, buildSection, buildUser } from '../test/boards.ts';
import { buildPin } from '../test/pins.ts';
import { renderBrowsingPage } from '../test/renderPage.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const board = buildBoard({
  id: '31',
  name: 'Cozy rooms',
  url: '/maya.l/cozy-rooms/',
  description: 'Reading nooks and window seats.',
  privacy: 'secret',
  pin_count: 12,
  follower_count: 1500,
  section_count: 2,
  collaborating_users: [buildUser({ id: '8', full_name: 'Theo Okafor' })],
  collaborator_count: 1,
});
const sections = [
  buildSection({ id: '41', title: 'Reading nooks', slug: 'reading-nooks', pin_count: 1 }),
  buildSection({ id: '42', title: 'Window seats', slug: 'window-seats', pin_count: 3 }),
];

function stubBoard() {
  return stubApi({
    getViewer: () => success(buildViewer()),
    getBoardByAddress: ({ params }) =>
      params.username === 'maya.l' && params.slug === 'cozy-rooms'
        ? success(board)
        : failure(404, 'board_not_found'),
    listBoardSections: () => success(sections),
    getSectionBySlug: ({ params }) =>
      params.slug === 'reading-nooks' ? success(sections[0]) : failure(404, 'section_not_found'),
    listBoardPins: () => success([buildPin({ id: '1' }), buildPin({ id: '2' })]),
    listSectionPins: ({ params }) =>
      params.id === '41' ? success([buildPin({ id: '3' })]) : failure(404, 'section_not_found'),
  });
}

describe('BoardPage', () => {
  it('shows the header, the sections row and the pins of the board', async () => {
    const fetch = stubBoard();
    renderBrowsingPage('/maya.l/cozy-rooms');

    expect(await screen.findByRole('heading', { level: 1, name: 'Cozy rooms' })).toBeTruthy();
    expect(screen.getByText('Secret')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'By Maya Lindqvist' }).getAttribute('href')).toBe('/maya.l/');
    expect(within(screen.getByRole('list', { name: 'Collaborators' })).getByText('Theo Okafor')).toBeTruthy();
    expect(screen.getByText('Reading nooks and window seats.')).toBeTruthy();
    expect(screen.getByText(/12 pins ·/).textContent).toBe('12 pins · 1.5K followers');
    // The follower count opens the board's followers.
    expect(screen.getByRole('button', { name: '1.5K followers' }).getAttribute('aria-haspopup')).toBe(
      'dialog',
    );

    const row = await screen.findByRole('list', { name: 'Sections of Cozy rooms' });
    const links = within(row).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Reading nooks', '/maya.l/cozy-rooms/reading-nooks/'],
      ['Window seats', '/maya.l/cozy-rooms/window-seats/'],
    ]);
    expect(within(row).getByText('3 pins')).toBeTruthy();

    const feed = await screen.findByRole('feed', { name: 'Pins on Cozy rooms' });
    expect(within(feed).getAllByRole('article')).toHaveLength(2);
    expect(requestedUrls(fetch)).toContain('/v3/boards/31/pins/?page_size=25');
    await waitFor(() => expect(document.title).toBe('Cozy rooms by Maya Lindqvist · Pinboard'));
  });

  it('asks for no sections when the board has none', async () => {
    const fetch = stubApi({
      getViewer: () => success(buildViewer()),
      getBoardByAddress: () => success({ ...board, section_count: 0 }),
      listBoardPins: () => success([]),
    });
    renderBrowsingPage('/maya.l/plain');

    expect(await screen.findByText('Nobody has saved a pin to this board yet.')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Sections' })).toBeNull();
    expect(requestedUrls(fetch).some((url) => url.includes('/sections/'))).toBe(false);
  });

  it('says when the board does not exist or is secret, with a way home', async () => {
    stubApi({ getBoardByAddress: () => failure(404, 'board_not_found') });
    renderBrowsingPage('/maya.l/hidden');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'We could not find that board' }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
    await waitFor(() => expect(document.title).toBe('Board not found · Pinboard'));
  });
});

describe('SectionPage', () => {
  it('shows a breadcrumb back to the board, the title, the count and the pins', async () => {
    const fetch = stubBoard();
    renderBrowsingPage('/maya.l/cozy-rooms/reading-nooks');

    expect(await screen.findByRole('heading', { level: 1, name: 'Reading nooks' })).toBeTruthy();
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'Cozy rooms' }).getAttribute('href')).toBe(
      '/maya.l/cozy-rooms/',
    );
    expect(within(crumbs).getByRole('link', { name: 'Maya Lindqvist' }).getAttribute('href')).toBe(
      '/maya.l/',
    );
    expect(within(crumbs).getByText('Reading nooks').getAttribute('aria-current')).toBe('page');
    expect(screen.getByText('1 pin')).toBeTruthy();

    const feed = await screen.findByRole('feed', { name: 'Pins in Reading nooks' });
    expect(within(feed).getAllByRole('article')).toHaveLength(1);
    expect(requestedUrls(fetch)).toContain('/v3/board_sections/41/pins/?page_size=25');
    await waitFor(() =>
      expect(document.title).toBe('Reading nooks · Cozy rooms by Maya Lindqvist · Pinboard'),
    );
  });

  it('says when the section does not exist', async () => {
    stubBoard();
    renderBrowsingPage('/maya.l/cozy-rooms/no-such-section');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'We could not find that section' }),
    ).toBeTruthy();
  });

  it('says the board is missing when the board itself is not found', async () => {
    stubApi({});
    renderBrowsingPage('/maya.l/hidden/reading-nooks');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'We could not find that board' }),
    ).toBeTruthy();
  });
});
