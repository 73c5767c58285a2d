// @vitest-environment jsdom
import '../../i18n.ts';
import type { UserSummary } from '@pinboard/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi, success } from '../../test/apiStub.ts';
import { buildViewer, signedInViewer } from '../../test/auth.tsx';
import { AppHeader } from './AppHeader.tsx';

const ada: UserSummary = {
  id: '7',
  username: 'ada',
  full_name: 'Ada Lovelace',
  first_name: 'Ada',
  image_medium_url: null,
  image_large_url: null,
  avatar_color_index: 3,
};

// The first render of a file also pays for loading its modules, which is slow on a busy machine.
const FIRST_RENDER = { timeout: 5000 };

function renderHeader(user: UserSummary | null, path = '/') {
  stubApi({ getViewer: () => success(user ? signedInViewer(user) : buildViewer()) });
  const router = createMemoryRouter([{ path: '*', element: <AppHeader /> }], { initialEntries: [path] });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('AppHeader', () => {
  it('offers a visitor the logo, Home, search, create, log in and sign up', async () => {
    renderHeader(null);

    const account = await screen.findByRole('navigation', { name: 'Your account' }, FIRST_RENDER);
    expect(within(account).getByRole('button', { name: 'Log in' })).toBeTruthy();
    expect(within(account).getByRole('button', { name: 'Sign up' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Pinboard home' }).getAttribute('href')).toBe('/');
    const main = screen.getByRole('navigation', { name: 'Main' });
    expect(within(main).getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBe('page');
    expect(within(main).getByRole('link', { name: 'Create a pin' }).getAttribute('href')).toBe(
      '/pin-builder',
    );
    expect(screen.getByRole('combobox', { name: 'Search Pinboard' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Notifications' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Notifications' })).toBeNull();
  });

  it('offers a signed-in viewer notifications and their profile instead', async () => {
    renderHeader(ada, '/pin/1/');

    const profile = await screen.findByRole('link', { name: 'Your profile' });
    expect(profile.getAttribute('href')).toBe('/ada/');
    // Wider than a phone, the bell opens its panel (on a phone it is a link to /notifications/).
    // The bell is loaded lazily (a visitor's first view does not carry it).
    const bell = await screen.findByRole('button', { name: 'Notifications' }, FIRST_RENDER);
    expect(bell.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('link', { name: 'Log in' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBeNull();
  });

  it('shows neither set of entries until the viewer is known', () => {
    renderHeader(ada);

    expect(screen.queryByRole('link', { name: 'Log in' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Your profile' })).toBeNull();
  });

  it('searches pins for the query on submit, and shows the query on the results page', async () => {
    const router = renderHeader(null);
    const field = screen.getByRole('combobox', { name: 'Search Pinboard' });

    fireEvent.change(field, { target: { value: '  kitchen ideas ' } });
    await act(async () => {
      fireEvent.submit(field.closest('form')!);
    });

    expect(router.state.location.pathname).toBe('/search/pins/');
    expect(new URLSearchParams(router.state.location.search).get('q')).toBe('kitchen ideas');
    expect((screen.getByRole('combobox') as HTMLInputElement).value).toBe('kitchen ideas');
  });

  it('stays put when the query is empty', async () => {
    const router = renderHeader(null, '/pin/1/');

    await act(async () => {
      fireEvent.submit(screen.getByRole('search'));
    });

    expect(router.state.location.pathname).toBe('/pin/1/');
  });

  it('uses real links, buttons and a labelled field, all in the tab order', async () => {
    renderHeader(ada);
    await screen.findByRole('link', { name: 'Your profile' });
    // The account menu is a chunk of its own: its toggle arrives after the rest of the header.
    await screen.findByRole('button', { name: 'Accounts and more options' });

    const header = screen.getByRole('banner');
    // The account menu's panel is hidden until opened, so its entries are not in the tab order.
    const controls = header.querySelectorAll(
      'a:not([hidden] *), button:not([hidden] *), input, [tabindex]:not([hidden] *)',
    );
    // Logo, Home, create, search, messages, notifications, profile and the account menu's toggle.
    expect(controls.length).toBe(8);
    for (const control of controls) {
      expect(control.getAttribute('tabindex')).toBeNull();
      if (control.tagName === 'A') expect(control.getAttribute('href')).toBeTruthy();
    }
    // A real form, so Enter in the field submits it natively.
    expect(screen.getByRole('combobox').closest('form')?.getAttribute('role')).toBe('search');
  });
});

describe('AppHeader business profile switcher', () => {
  const profile = (id: string, businessName: string) => ({
    id,
    permissions: ['OWNER' as const],
    user: {
      username: `u${id}`,
      businessName,
      imgUrl: null,
      merchantId: null,
      scheduledPinCount: 0,
      eligibleForStlTool: false,
    },
    viewerMeetsMfaRequirement: false,
  });

  function renderPartner(profiles: ReturnType<typeof profile>[], partner = true) {
    const fetch = stubApi({
      getViewer: () => success(signedInViewer(ada, { isPartner: partner })),
      listBusinessAccessProfiles: () =>
        success({ profiles: Object.fromEntries(profiles.map((p) => [p.id, p])) }),
    });
    const router = createMemoryRouter([{ path: '*', element: <AppHeader /> }], { initialEntries: ['/'] });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    return fetch;
  }

  it('shows a partner with other profiles the switcher, names sorted', async () => {
    renderPartner([profile('7', 'Zed Works'), profile('8', 'Acme')]);
    const switcher = await screen.findByRole('combobox', { name: 'Acting as' }, FIRST_RENDER);
    expect(
      within(switcher)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Acme', 'Zed Works']);
    expect((switcher as HTMLSelectElement).value).toBe('7');
  });

  it('shows no switcher with one profile, and asks nothing for a personal account', async () => {
    const asked = renderPartner([profile('7', 'Zed Works')]);
    await screen.findByRole('navigation', { name: 'Your account' }, FIRST_RENDER);
    // Once the profiles have been asked for and answered, there is still no switcher.
    await waitFor(() =>
      expect(asked.mock.calls.some(([input]) => String(input).includes('business_access'))).toBe(true),
    );
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(screen.queryByRole('combobox', { name: 'Acting as' })).toBeNull();
    cleanup();
    const fetch = renderPartner([profile('7', 'Zed Works'), profile('8', 'Acme')], false);
    await screen.findByRole('navigation', { name: 'Your account' }, FIRST_RENDER);
    expect(screen.queryByRole('combobox', { name: 'Acting as' })).toBeNull();
    expect(
      fetch.mock.calls.map(([input]) => String(input)).filter((url) => url.includes('business_access')),
    ).toEqual([]);
  });
});
