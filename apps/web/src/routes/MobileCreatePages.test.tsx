// @vitest-environment jsdom
import '../i18n.ts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi, success } from '../test/apiStub.ts';
import { buildViewer, signedInViewer } from '../test/auth.tsx';
import { buildBoard, buildSection } from '../test/boards.ts';
import { CreateBoardPage, CreateSectionPage } from './MobileCreatePages.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderAt(entries: string[], me = signedInViewer()) {
  const fetch = stubApi({
    getViewer: () => success(me),
    createBoard: () => success(buildBoard({ id: '50', name: 'Lamps', url: '/ada/lamps/' })),
    createSection: () => success(buildSection({ id: '81', board_id: '32', title: 'Desk', slug: 'desk' })),
  });
  const router = createMemoryRouter(
    [
      { path: '/', element: <p>Home page</p> },
      { path: 'pin/create/:method', element: <p>Pin create</p> },
      { path: 'board/create', Component: CreateBoardPage },
      { path: 'board/:id/create_section', Component: CreateSectionPage },
    ],
    { initialEntries: entries, initialIndex: entries.length - 1 },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { fetch, router };
}

describe('the mobile pin-create page’s create pages', () => {
  it('creates a board, then goes back to the pin-create page', async () => {
    const { router } = renderAt(['/pin/create/button/?media=x', '/board/create/']);
    expect(await screen.findByRole('heading', { name: 'Create board', level: 1 })).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'Lamps' } });
    const create = screen.getByRole('button', { name: 'Create' }) as HTMLButtonElement;
    await waitFor(() => expect(create.disabled).toBe(false));
    fireEvent.click(create);
    await waitFor(() => expect(router.state.location.pathname).toBe('/pin/create/button/'));
  });

  it('adds a section to the chosen board, then goes back', async () => {
    const { fetch, router } = renderAt(['/pin/create/button/', '/board/32/create_section/']);
    expect(await screen.findByRole('heading', { name: 'Create section', level: 1 })).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Section name' }), { target: { value: 'Desk' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pin/create/button/'));
    expect(fetch.mock.calls.some(([url]) => String(url) === '/v3/boards/32/sections/')).toBe(true);
  });

  it('sends a visitor home', async () => {
    const { router } = renderAt(['/board/create/'], buildViewer());
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});
