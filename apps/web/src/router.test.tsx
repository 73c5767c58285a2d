// @vitest-environment jsdom
import './i18n.ts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queries } from './api/endpoints.ts';
import { createRoutes, routes } from './router.tsx';

function renderAt(path: string) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json({ resource_response: { status: 'success', data: [], bookmark: null } })),
  );
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('routes', () => {
  it('shows the home feed at /', async () => {
    renderAt('/');

    expect(await screen.findByRole('heading', { level: 1, name: 'Home feed' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Pinboard home' })).toBeTruthy();
  });

  it("asks for a pin from the closeup route's loader, before the page's code has rendered", () => {
    const fetch = vi.fn(async (_input: RequestInfo | URL) =>
      Response.json({ resource_response: { status: 'success', data: null } }),
    );
    vi.stubGlobal('fetch', fetch);
    const queryClient = new QueryClient();
    // Nothing is rendered: only the router, which runs the route's loader as it starts.
    createMemoryRouter(createRoutes(queryClient), { initialEntries: ['/pin/7/'] });

    const { queryKey } = queries.getPin({ params: { id: '7' } });
    expect(queryClient.getQueryState(queryKey)?.fetchStatus).toBe('fetching');
    expect(String(fetch.mock.calls[0]?.[0])).toContain('/v3/pins/7/');
  });

  it('shows the not-found page for an unknown path', async () => {
    renderAt('/no/such/page/here');

    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
  });
});
