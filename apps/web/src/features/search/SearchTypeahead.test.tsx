// @vitest-environment jsdom
import '../../i18n.ts';
import type { Interests, RecentSearches, TypeaheadItem, Viewer } from '@pinboard/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi, success } from '../../test/apiStub.ts';
import { ada, buildViewer } from '../../test/auth.tsx';
import { HeaderSearch } from '../shell/HeaderSearch.tsx';

// The first render of a file also pays for loading its modules (and the typeahead's lazy chunk).
const FIRST_RENDER = { timeout: 5000 };

const suggestions: TypeaheadItem[] = [
  { type: 'query', query: 'kitchen shelves', source: 'title' },
  { type: 'query', query: '#kitchen', source: 'hashtag' },
  {
    type: 'board',
    board: {
      id: '31',
      name: 'Kitchens',
      url: '/ada/kitchens/',
      pin_count: 12,
      image_cover_url: null,
      owner: ada,
    },
  },
  { type: 'user', user: { ...ada, id: '8', username: 'kit', full_name: 'Kit Marlowe', follower_count: 3 } },
];

interface Api {
  viewer?: Viewer;
  recent?: RecentSearches;
  /** The interests catalogue's names (the popular ones) and the viewer's chosen ones. */
  ideas?: { popular: string[]; chosen: string[] };
}

function interestsAnswer({ popular, chosen }: { popular: string[]; chosen: string[] }): Interests {
  const images = Object.fromEntries(
    ['236x', '474x', '736x', 'orig'].map((size) => [size, { url: '/media/1.jpg', width: 236, height: 300 }]),
  );
  return {
    interests: popular.map((name, i) => ({
      name,
      id: String(i + 1),
      url: `/ideas/${name}/${i + 1}/`,
      cover: { pin_id: String(i + 1), images, dominant_color: '#aabbcc' },
    })),
    chosen,
  } as Interests;
}

const signedIn = () => buildViewer({ type: 'AUTH', isAuth: true, id: ada.id, user: ada });
const optionTexts = (scope: HTMLElement) =>
  within(scope)
    .getAllByRole('option')
    .map((option) => option.textContent);

/** The header's field at `path` with a stubbed API; `calls` lists `METHOD url` per request. */
function renderField(path = '/', api: Api = {}) {
  let recent = api.recent ?? [];
  const calls: string[] = [];
  const fetch = stubApi({
    '/v3/users/me/': () => success(api.viewer ?? buildViewer()),
    getTypeahead: () => success({ items: suggestions }),
    listRecentSearches: () => success(recent),
    ...(api.ideas ? { getInterests: () => success(interestsAnswer(api.ideas!)) } : {}),
    clearRecentSearches: () => {
      recent = [];
      return success([]);
    },
  });
  const stubbed = fetch.getMockImplementation()!;
  fetch.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    calls.push(`${init?.method ?? 'GET'} ${url.pathname}${url.search}`);
    return stubbed(input, init);
  });
  const router = createMemoryRouter([{ path: '*', element: <HeaderSearch /> }], { initialEntries: [path] });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  const field = screen.getByRole('combobox', { name: 'Search Pinboard' });
  const typeaheadCalls = () => calls.filter((call) => call.includes('/v3/search/typeahead/'));
  return { router, field, calls, typeaheadCalls };
}

function type(field: HTMLElement, value: string) {
  fireEvent.change(field, { target: { value } });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the header search typeahead', () => {
  it('suggests queries, boards and people for what is typed, five of each kind, in the current scope', async () => {
    const { field, typeaheadCalls } = renderField('/search/boards/?q=tables');
    expect((field as HTMLInputElement).value).toBe('tables');

    fireEvent.focus(field);
    type(field, 'kit');

    const list = await screen.findByRole('listbox', { name: 'Search suggestions' }, FIRST_RENDER);
    // The field learns the list is open from the list's effect, one render after the list shows.
    await waitFor(() => expect(field.getAttribute('aria-expanded')).toBe('true'));
    expect(field.getAttribute('aria-controls')).toBe(list.id);
    const groups = within(list).getAllByRole('group');
    expect(groups.map((group) => within(group).getAllByRole('option').length)).toEqual([2, 1, 1]);
    for (const name of ['Searches', 'Boards', 'People'])
      expect(within(list).getByRole('group', { name })).toBeTruthy();
    expect(within(list).getByRole('option', { name: /Kitchens/ }).textContent).toContain(
      'Ada Lovelace · 12 pins',
    );
    expect(within(list).getByRole('option', { name: /Kit Marlowe/ }).textContent).toContain(
      '@kit · 3 followers',
    );
    expect(typeaheadCalls()).toEqual(['GET /v3/search/typeahead/?term=kit&pin_scope=boards&count=5']);
  });

  it('asks once per scope and term: a term typed again answers from the cache', async () => {
    const { field, typeaheadCalls } = renderField();
    fireEvent.focus(field);

    type(field, 'kit');
    await screen.findByRole('option', { name: 'kitchen shelves' }, FIRST_RENDER);
    type(field, 'kitc');
    await waitFor(() => expect(typeaheadCalls()).toHaveLength(2));
    type(field, 'kit');
    // Longer than the typing pause: a request would have gone by now.
    await act(() => new Promise((resolve) => setTimeout(resolve, 400)));

    expect(typeaheadCalls()).toEqual([
      'GET /v3/search/typeahead/?term=kit&pin_scope=pins&count=5',
      'GET /v3/search/typeahead/?term=kitc&pin_scope=pins&count=5',
    ]);
  });

  it('waits for typing to pause before asking', async () => {
    const { field, typeaheadCalls } = renderField();
    fireEvent.focus(field);

    for (const value of ['k', 'ki', 'kit']) type(field, value);
    await screen.findByRole('option', { name: 'kitchen shelves' }, FIRST_RENDER);

    expect(typeaheadCalls()).toEqual(['GET /v3/search/typeahead/?term=kit&pin_scope=pins&count=5']);
  });

  it('moves through the options with the arrow keys, and Enter opens the active one', async () => {
    const { field, router } = renderField();
    fireEvent.focus(field);
    type(field, 'kit');
    const options = await screen.findAllByRole('option', {}, FIRST_RENDER);

    fireEvent.keyDown(field, { key: 'ArrowDown' });
    expect(field.getAttribute('aria-activedescendant')).toBe(options[0]!.id);
    expect(options[0]!.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(field, { key: 'ArrowDown' });
    fireEvent.keyDown(field, { key: 'ArrowDown' });
    expect(field.getAttribute('aria-activedescendant')).toBe(options[2]!.id);
    // Past the last option the selection stays on it.
    for (let i = 0; i < 5; i++) fireEvent.keyDown(field, { key: 'ArrowDown' });
    expect(field.getAttribute('aria-activedescendant')).toBe(options[3]!.id);
    fireEvent.keyDown(field, { key: 'ArrowUp' });
    expect(field.getAttribute('aria-activedescendant')).toBe(options[2]!.id);

    await act(async () => {
      fireEvent.keyDown(field, { key: 'Enter' });
    });
    expect(router.state.location.pathname).toBe('/ada/kitchens/');
  });

  it('searches a chosen query, and Enter without a chosen option searches what is typed', async () => {
    const { field, router } = renderField();
    fireEvent.focus(field);
    type(field, 'kit');
    const hashtag = await screen.findByRole('option', { name: '#kitchen' }, FIRST_RENDER);
    await act(async () => {
      fireEvent.click(hashtag);
    });
    expect(router.state.location.pathname).toBe('/search/pins/');
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      q: '#kitchen',
      rs: 'autocomplete',
    });

    const again = screen.getByRole('combobox');
    expect((again as HTMLInputElement).value).toBe('#kitchen');
    type(again, 'blue tiles');
    await act(async () => {
      fireEvent.submit(again.closest('form')!);
    });
    expect(router.state.location.search).toBe('?q=blue+tiles&rs=typed');
  });

  it('closes with Escape and opens again with an arrow key', async () => {
    const { field } = renderField();
    fireEvent.focus(field);
    type(field, 'kit');
    await screen.findByRole('listbox', {}, FIRST_RENDER);

    fireEvent.keyDown(field, { key: 'Escape' });
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(field.getAttribute('aria-expanded')).toBe('false');
    expect(field.getAttribute('aria-activedescendant')).toBeNull();

    fireEvent.keyDown(field, { key: 'ArrowDown' });
    expect(screen.getByRole('listbox')).toBeTruthy();
    expect(field.getAttribute('aria-activedescendant')).toBe(screen.getAllByRole('option')[0]!.id);
  });

  it('shows a signed-in viewer their recent searches in the empty field, and clears them', async () => {
    const { field, calls } = renderField('/', {
      viewer: buildViewer({ type: 'AUTH', isAuth: true, id: ada.id, user: ada }),
      recent: [
        { query: 'blue tiles', searched_at: '2026-11-23T10:00:00.000Z' },
        { query: 'kitchen', searched_at: '2026-11-22T10:00:00.000Z' },
      ],
    });
    fireEvent.focus(field);

    const list = await screen.findByRole('group', { name: 'Recent searches' }, FIRST_RENDER);
    expect(optionTexts(list)).toEqual(['blue tiles', 'kitchen']);

    fireEvent.click(screen.getByRole('button', { name: 'Clear recent searches' }));
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    expect(calls).toContain('DELETE /v3/search/recent/');
  });

  it('asks a visitor for no recent searches', async () => {
    const { field, calls } = renderField();
    fireEvent.focus(field);
    type(field, 'k');
    await screen.findByRole('listbox', {}, FIRST_RENDER);
    type(field, '');

    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    expect(calls.filter((call) => call.includes('/v3/search/recent/'))).toEqual([]);
  });

  it('suggests the popular ideas to a visitor in the empty field, and searches the one chosen', async () => {
    const popular = ['garden', 'coffee', 'travel', 'art', 'quilts', 'bread'];
    const { field, router, calls } = renderField('/', { ideas: { popular, chosen: [] } });
    fireEvent.focus(field);

    const group = await screen.findByRole('group', { name: 'Popular on Pinboard' }, FIRST_RENDER);
    // Five of them, as the catalogue orders them (the most used first).
    expect(optionTexts(group)).toEqual(popular.slice(0, 5));
    expect(screen.queryByRole('button', { name: 'Clear recent searches' })).toBeNull();
    expect(calls.filter((call) => call.includes('/v3/search/recent/'))).toEqual([]);

    fireEvent.keyDown(field, { key: 'ArrowDown' });
    fireEvent.keyDown(field, { key: 'ArrowDown' });
    await act(async () => {
      fireEvent.keyDown(field, { key: 'Enter' });
    });
    expect(router.state.location.pathname).toBe('/search/pins/');
    expect(router.state.location.search).toBe('?q=coffee&rs=autocomplete');
  });

  it("suggests a signed-in viewer's recent searches, then their interests, each once", async () => {
    const { field } = renderField('/', {
      viewer: signedIn(),
      recent: [{ query: 'garden', searched_at: '2026-11-23T10:00:00.000Z' }],
      ideas: { popular: ['coffee', 'travel'], chosen: ['garden', 'quilts'] },
    });
    fireEvent.focus(field);

    const ideas = await screen.findByRole('group', { name: 'Ideas for you' }, FIRST_RENDER);
    const list = screen.getByRole('listbox', { name: 'Search suggestions' });
    expect(optionTexts(list)).toEqual(['garden', 'quilts']);
    expect(optionTexts(ideas)).toEqual(['quilts']);
    // Their own interests stand in for the popular ones.
    expect(screen.queryByRole('group', { name: 'Popular on Pinboard' })).toBeNull();
  });

  it('suggests the popular ideas to a signed-in viewer who picked no interests, below their recent searches', async () => {
    const { field } = renderField('/', {
      viewer: signedIn(),
      recent: [{ query: 'blue tiles', searched_at: '2026-11-23T10:00:00.000Z' }],
      ideas: { popular: ['coffee', 'travel'], chosen: [] },
    });
    fireEvent.focus(field);

    await screen.findByRole('group', { name: 'Popular on Pinboard' }, FIRST_RENDER);
    const groups = screen.getAllByRole('group').map((group) => group.getAttribute('aria-labelledby'));
    expect(groups.map((id) => document.getElementById(id!)?.textContent)).toEqual([
      'Recent searches',
      'Popular on Pinboard',
    ]);
    expect(optionTexts(screen.getByRole('listbox'))).toEqual(['blue tiles', 'coffee', 'travel']);
  });
});
