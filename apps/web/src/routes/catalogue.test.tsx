// @vitest-environment jsdom
import '../i18n.ts';
import { matchWebRoute, WEB_ROUTES, type WebRoute } from '@pinboard/shared/routes';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, matchRoutes, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../router.tsx';
import { success } from '../test/apiStub.ts';
import { buildViewer, stubAuthApi } from '../test/auth.tsx';

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

/** The whole app at `path`, for a visitor, with the API the sign-up and login pages use. */
function renderAt(path: string) {
  stubAuthApi(buildViewer(), { listHomeFeed: () => success([]) });
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
      if (route.status === 'comingSoon') expect(leaf?.id).toBe(`comingSoon:${route.id}`);
      else if (route.pattern === '') expect(leaf?.index).toBe(true);
      else expect(leaf?.path).toBe(route.pattern);
    },
  );
});

describe('coming-soon pages', () => {
  it('say what is coming and lead home', async () => {
    renderAt('/login/sso/');

    expect(await screen.findByRole('heading', { level: 1, name: 'Coming soon' }, FIRST_RENDER)).toBeTruthy();
    expect(screen.getByText('Signing up and logging in will be here soon.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('banner')).toBeTruthy();
  });

  it.each([
    ['/login/sso/', 'Signing up and logging in'],
    ['/search/_created', 'Search and discovery'],
  ])('win over a profile, board or section for %s', async (path, feature) => {
    renderAt(path);

    expect(await screen.findByText(`${feature} will be here soon.`, {}, FIRST_RENDER)).toBeTruthy();
  });
});

describe('available pages', () => {
  it.each([
    ['/login/', 'Log in · Pinboard'],
    ['/login/business/', 'Business login · Pinboard'],
    ['/signup/', 'Sign up · Pinboard'],
    ['/add-account/', 'Add an account · Pinboard'],
    ['/_/_/policy/terms-of-service/', 'Terms of service · Pinboard'],
    ['/_/_/policy/privacy-policy/', 'Privacy policy · Pinboard'],
  ])('show their own page at %s, not the coming-soon page', async (path, title) => {
    renderAt(path);

    await waitFor(() => expect(document.title).toBe(title), FIRST_RENDER);
    expect(screen.queryByRole('heading', { name: 'Coming soon' })).toBeNull();
  });

  it('shows the not-found page for a policy it does not have', async () => {
    renderAt('/_/_/policy/cookie-policy/');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Page not found' }, FIRST_RENDER),
    ).toBeTruthy();
  });
});

describe('unknown paths', () => {
  it.each([
    '/about/',
    '/admin/users/',
    '/pin/12/unknown/',
    '/no/such/page/here',
    // Every settings page is its own route; another settings path is no page (decision 46).
    '/settings/security/mfa/',
    '/settings/no-such-page/',
  ])('show the not-found page for %s, never a profile or board', async (path) => {
    renderAt(path);

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Page not found' }, FIRST_RENDER),
    ).toBeTruthy();
  });
});
