import type { UserSummary, Viewer } from '@pinboard/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider, useLocation, type RouteObject } from 'react-router';
import { AuthModalProvider } from '../features/auth/AuthModalProvider.tsx';
import { useAuthModal, type AuthModalOptions } from '../features/auth/authModalContext.ts';
import { ToastProvider } from '../ui/ToastProvider.tsx';
import { stubApi, success } from './apiStub.ts';

export const ada: UserSummary = {
  id: '7',
  username: 'ada',
  full_name: 'Ada Lovelace',
  first_name: 'Ada',
  image_medium_url: null,
  image_large_url: null,
  avatar_color_index: 3,
};

/** Where the server places a viewer: the country (and region) it read from the address. */
export function clientContext(country: string, region: string | null = null): Viewer['client_context'] {
  return { country, country_from_hostname: null, country_from_ip: country, region_from_ip: region };
}

/** A viewer as `getUser / getViewer` answers; a visitor in California unless overridden. */
export function buildViewer(overrides: Partial<Viewer> = {}): Viewer {
  return {
    type: 'UNAUTH',
    isAuth: false,
    isPartner: false,
    id: null,
    createdAt: null,
    user: null,
    info: null,
    client_context: clientContext('US', 'CA'),
    requires_consent: false,
    accounts: [],
    unread_notifications: 0,
    unread_conversations: 0,
    ...overrides,
  };
}

export function signedInViewer(user: UserSummary = ada, overrides: Partial<Viewer> = {}): Viewer {
  return buildViewer({
    type: 'AUTH',
    isAuth: true,
    id: user.id,
    createdAt: '2025-01-01T00:00:00.000Z',
    user,
    info: {
      firstName: user.first_name,
      imageUrl: null,
      email: `${user.username}@example.com`,
      hasPassword: true,
      connectedToFacebook: false,
      connectedToGoogle: false,
    },
    ...overrides,
  });
}

export function recognisedViewer(): Viewer {
  return buildViewer({
    type: 'LIMITED_LOGIN',
    id: ada.id,
    info: {
      firstName: 'Ada',
      imageUrl: null,
      email: 'ada@example.com',
      hasPassword: true,
      connectedToFacebook: false,
      connectedToGoogle: false,
      username: 'ada',
    },
  });
}

type Answers = Parameters<typeof stubApi>[0];

/**
 * `signUp`'s answer: the viewer, and whether the call made the account (false: a provider's
 * identity that already had an account signed in, as a one-tap of a known person does).
 */
export function signedUp(viewer: Viewer, newAccount = true): Response {
  return success({ user: viewer, new_account: newAccount });
}

/** The API the auth flow talks to: the viewer, no bot check, events taken; plus the test's answers. */
export function stubAuthApi(viewer: Viewer, answers: Answers = {}) {
  return stubApi({
    getViewer: () => success(viewer),
    getBotCheckChallenge: () => success({ provider: 'off', challenge: null, site_key: null }),
    recordAuthEvents: ({ body }) => success({ stored: (body as { events: unknown[] }).events.length }),
    validateEmail: () => success({ is_valid: true }),
    getPasswordRules: () =>
      success({ min_length: 8, ascii_only: true, differ_from_username: true, reject_common: true }),
    ...answers,
  });
}

/** The JSON bodies POSTed to a path, in order. */
export function postedBodies(fetch: ReturnType<typeof stubApi>, path: string): unknown[] {
  return fetch.mock.calls
    .filter(
      ([input, init]) =>
        new URL(String(input), 'http://localhost').pathname === path && init?.method === 'POST',
    )
    .map(([, init]) => (init?.body ? (JSON.parse(String(init.body)) as unknown) : null));
}

function Where() {
  const location = useLocation();
  return <p data-testid="location">{location.pathname + location.search}</p>;
}

function Opener({ options }: { options: AuthModalOptions }) {
  const modal = useAuthModal();
  return (
    <button type="button" onClick={() => modal.open(options)}>
      Open
    </button>
  );
}

/** The app's providers around `routes` (or a page with an Open button for `options`) at `path`. */
export function renderWithAuth({
  options,
  routes,
  path = '/pin/1/',
}: {
  options?: AuthModalOptions;
  routes?: RouteObject[];
  path?: string;
}) {
  const page = (
    <>
      {options && <Opener options={options} />}
      <Where />
    </>
  );
  const router = createMemoryRouter(
    [
      {
        element: (
          <ToastProvider>
            <AuthModalProvider>
              <Outlet />
            </AuthModalProvider>
          </ToastProvider>
        ),
        children: [...(routes ?? []), { path: '*', element: page }],
      },
    ],
    { initialEntries: [path] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, client };
}

/** Opens the modal with the page's Open button and waits for the dialog. */
export async function openModal(): Promise<HTMLElement> {
  const opener = await screen.findByRole('button', { name: 'Open' });
  opener.focus();
  fireEvent.click(opener);
  return screen.findByRole('dialog', {}, { timeout: 5000 });
}

/** The interests step that follows a new account (by email or a provider): Skip ends the sign-up. */
export async function skipInterests(dialog: HTMLElement) {
  await within(dialog).findByRole('heading', { name: 'What are you interested in?' });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Skip' }));
}
