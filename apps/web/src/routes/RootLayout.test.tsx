// @vitest-environment jsdom
import '../i18n.ts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi, success } from '../test/apiStub.ts';
import { buildViewer, signedInViewer } from '../test/auth.tsx';
import { RootLayout } from './RootLayout.tsx';

// The first render of a file also pays for loading its modules, which is slow on a busy machine.
const FIRST_RENDER = { timeout: 5000 };

const ada = {
  id: '7',
  username: 'ada',
  full_name: 'Ada Lovelace',
  first_name: 'Ada',
  image_medium_url: null,
  image_large_url: null,
  avatar_color_index: 3,
};

function renderLayout(path: string, user: typeof ada | null) {
  stubApi({ getViewer: () => success(user ? signedInViewer(user) : buildViewer()) });
  const router = createMemoryRouter(
    [{ Component: RootLayout, children: [{ path: '*', element: <h1>The page</h1> }] }],
    { initialEntries: [path] },
  );
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

describe('RootLayout', () => {
  it('has the landmarks, with the page in main', async () => {
    renderLayout('/', null);

    expect(await screen.findByRole('button', { name: 'Log in' }, FIRST_RENDER)).toBeTruthy();
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('main').textContent).toBe('The page');
    expect(screen.getByRole('contentinfo')).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Explore Pinboard' })).toBeTruthy();
  });

  it('shows the pin-create page alone in the bookmarklet popup, with the site around it in a tab', async () => {
    vi.stubGlobal('opener', {});
    renderLayout('/pin/create/button/?url=https://example.com/', ada);

    expect((await screen.findByRole('main', {}, FIRST_RENDER)).textContent).toBe('The page');
    expect(screen.queryByRole('banner')).toBeNull();
    expect(screen.queryByRole('contentinfo')).toBeNull();

    cleanup();
    vi.stubGlobal('opener', null);
    renderLayout('/pin/create/button/?url=https://example.com/', ada);
    expect(await screen.findByRole('banner')).toBeTruthy();
  });

  it('starts with a skip link that moves focus to the page', async () => {
    renderLayout('/pin/1/', null);
    const skip = await screen.findByRole('link', { name: 'Skip to content' });

    expect(document.body.querySelector('a')).toBe(skip);
    fireEvent.click(skip);
    expect(document.activeElement).toBe(screen.getByRole('main'));
  });

  it('uses the limited footer bar for a visitor on the home page only', async () => {
    renderLayout('/', null);
    await screen.findByRole('button', { name: 'Log in' });
    const limitedClass = screen.getByRole('contentinfo').className;
    cleanup();

    renderLayout('/', ada);
    await screen.findByRole('link', { name: 'Your profile' });
    expect(screen.getByRole('contentinfo').className).not.toBe(limitedClass);
    cleanup();

    renderLayout('/pin/1/', null);
    await screen.findByRole('button', { name: 'Log in' });
    expect(screen.getByRole('contentinfo').className).not.toBe(limitedClass);
  });

  it('sets the shared header and footer heights for stylesheets', async () => {
    renderLayout('/', null);

    const shell = screen.getByRole('banner').parentElement!;
    expect(shell.style.getPropertyValue('--header-height')).toBe('64px');
    expect(shell.style.getPropertyValue('--footer-height')).toBe('44px');
  });
});
