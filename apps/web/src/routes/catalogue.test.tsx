// @vitest-environment jsdom
import '../i18n.ts';
import { matchWebRoute, WEB_ROUTES, type WebRoute } from '@pinboard/shared/routes';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, matchRoutes, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../router.tsx';
import { stubApi, success } from '../test/apiStub.ts';

// The first render of a file also pays for loading its modules, which is slow on a busy machine.
const FIRST_RENDER = { timeout: 5000 };

/** A path that the route's pattern matches. */
function samplePath(route: WebRoute): string {
  const segments = route.pattern
    .split('/')
    .filter(Boolean)
    .map((segment) => (segment === ':username' ? 'sample_user' : segment.startsWith(':') ? '12' : segment))
    .map((segment) => (segment === '*' ? 'more' : segment));
  return `/${segments.join('/')}/`;
}

function renderAt(path: string, user: { username: string } | null = null) {
  stubApi({
    '/v3/users/me/': () => success({ type: user ? 'AUTH' : 'UNAUTH', user }),
    '/v3/feeds/home/': () => success([]),
  });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the router and the route catalogue', () => {
  it.each(WEB_ROUTES.map((route) => [route.id, route] as const))(
    'pick the same route for a path of %s',
    (_id, route) => {
      const path = samplePath(route);
      expect(matchWebRoute(path)?.route.id).toBe(route.id);
      // React Router alone ranks `/settings/a/b` as a section; the layout corrects that (below).
      const leaf = matchRoutes(routes, path)?.at(-1)?.route;
      if (route.id === 'addAccount') expect(leaf?.path).toBe('add-account');
      else if (route.status === 'comingSoon') expect(leaf?.id).toBe(`comingSoon:${route.id}`);
      else if (route.pattern === '') expect(leaf?.index).toBe(true);
      else expect(leaf?.path).toBe(route.pattern);
    },
  );
});

describe('coming-soon pages', () => {
  it('say what is coming and lead home', async () => {
    renderAt('/settings/security/');

    expect(await screen.findByRole('heading', { level: 1, name: 'Coming soon' }, FIRST_RENDER)).toBeTruthy();
    expect(screen.getByText('Account recovery and security settings will be here soon.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('banner')).toBeTruthy();
  });

  it.each([
    ['/login/sso/', 'Signing up and logging in'],
    ['/settings/security/mfa/', 'Account recovery and security settings'],
    ['/search/_created', 'Search and discovery'],
  ])('win over a profile, board or section for %s', async (path, feature) => {
    renderAt(path);

    expect(await screen.findByText(`${feature} will be here soon.`, {}, FIRST_RENDER)).toBeTruthy();
  });
});

describe('unknown paths', () => {
  it.each(['/about/', '/admin/users/', '/pin/12/unknown/', '/no/such/page/here'])(
    'show the not-found page for %s, never a profile or board',
    async (path) => {
      renderAt(path);

      expect(
        await screen.findByRole('heading', { level: 1, name: 'Page not found' }, FIRST_RENDER),
      ).toBeTruthy();
    },
  );
});
