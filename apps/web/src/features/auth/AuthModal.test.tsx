// @vitest-environment jsdom
import '../../i18n.ts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { success } from '../../test/apiStub.ts';
import {
  buildViewer,
  clientContext,
  openModal,
  postedBodies,
  renderWithAuth,
  stubAuthApi,
} from '../../test/auth.tsx';
import { buildPin } from '../../test/pins.ts';
import { flushAuthEvents } from './analytics.ts';

afterEach(() => {
  flushAuthEvents();
  cleanup();
  vi.unstubAllGlobals();
});

describe('the auth modal', () => {
  it('is a dialog named by its title, 484 px wide, closed by Escape with focus back on the opener', async () => {
    stubAuthApi(buildViewer());
    renderWithAuth({ options: { container: 'home_page' } });

    const dialog = await openModal();
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(await within(dialog).findByRole('heading', { name: 'Welcome to Pinboard' })).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Welcome to Pinboard' })).toBe(dialog);
    expect(dialog.style.getPropertyValue('--dialog-width')).toBe('484px');

    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Open' }));
  });

  it('closes with its close button, keeps Tab inside and makes the page behind inert', async () => {
    stubAuthApi(buildViewer());
    renderWithAuth({ options: { container: 'home_page' } });
    const dialog = await openModal();
    await within(dialog).findByRole('heading', { name: 'Welcome to Pinboard' });

    expect(screen.getByTestId('location').closest('[inert]')).not.toBeNull();
    const close = within(dialog).getByRole('button', { name: 'Close' });
    close.focus();
    fireEvent.keyDown(dialog, { key: 'Tab', shiftKey: true });
    const focusable = dialog.querySelectorAll<HTMLElement>(
      'a[href], button:not([disabled]), input:not([disabled])',
    );
    expect(document.activeElement).toBe(focusable[focusable.length - 1]);
    fireEvent.keyDown(dialog, { key: 'Tab' });
    expect(document.activeElement).toBe(close);

    fireEvent.click(close);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByTestId('location').closest('[inert]')).toBeNull();
  });

  it('shows the email form at once on the home page container, with the email field focused', async () => {
    stubAuthApi(buildViewer());
    renderWithAuth({ options: { container: 'home_page' } });
    const dialog = await openModal();

    const email = await within(dialog).findByLabelText('Email');
    expect(document.activeElement).toBe(email);
    expect(within(dialog).queryByRole('button', { name: 'Continue with email' })).toBeNull();
    expect(within(dialog).getByText('Find new ideas to try')).toBeTruthy();
  });

  it('starts with Continue with email in other containers, and shows the pin in the save container', async () => {
    const pin = buildPin({ id: '5', title: 'Blue kitchen' });
    stubAuthApi(buildViewer(), { getPin: () => success(pin) });
    renderWithAuth({ options: { container: 'save', pinId: '5' } });
    const dialog = await openModal();

    expect(await within(dialog).findByRole('heading', { name: 'Sign up to save this idea' })).toBeTruthy();
    const image = await within(dialog).findByRole<HTMLImageElement>('img', { name: 'Blue kitchen' });
    expect(image.getAttribute('src')).toBe(pin.images['236x'].url);
    expect(image.style.backgroundColor).toBe('rgb(161, 178, 195)');
    expect(within(dialog).queryByLabelText('Email')).toBeNull();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue with email' }));
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByLabelText('Email')));
  });

  it.each([
    [{ container: 'download' as const }, 'Sign up to download this image'],
    [{ container: 'follow' as const }, 'Sign up to follow people you like'],
    [{ container: 'pinBookmarklet' as const }, 'Sign up to save ideas from around the web'],
    [{ container: 'bottom.right.upsell.email' as const }, 'Welcome to Pinboard'],
    [
      { container: 'login_page' as const, step: 'signup' as const, signupSource: 'commentComposer' as const },
      'Sign up to join the conversation',
    ],
    [{ container: 'save' as const, signupSource: 'boardInvite' as const }, 'Sign up to join this board'],
    [
      {
        container: 'save' as const,
        signupSource: 'boardInvite' as const,
        inviter: {
          first_name: 'Grace',
          full_name: 'Grace Hopper',
          image_medium_url: '/g.jpg',
          is_default_image: false,
        },
      },
      'Join Grace on Pinboard for more ideas',
    ],
    [
      {
        container: 'save' as const,
        inviter: {
          first_name: 'Grace',
          full_name: 'Grace Hopper',
          image_medium_url: null,
          is_default_image: true,
        },
      },
      'Sign up to save this idea',
    ],
    [
      { container: 'home_page' as const, respondMessage: { name: 'Grace' } },
      'Sign up and let Grace know what you think',
    ],
  ])('titles the sign-up step by container and source: %o', async (options, title) => {
    stubAuthApi(buildViewer());
    renderWithAuth({ options });
    const dialog = await openModal();

    expect(await within(dialog).findByRole('heading', { name: title })).toBeTruthy();
  });

  it.each([
    ['continue', 'Log in to continue'],
    ['follow', 'Log in to follow'],
    ['unfollow', 'Log in to unfollow'],
  ] as const)('asks a visitor to log in for an action with the prompt %s', async (prompt, title) => {
    stubAuthApi(buildViewer());
    renderWithAuth({ options: { container: 'follow', step: 'login', prompt } });
    const dialog = await openModal();

    expect(await within(dialog).findByRole('heading', { name: title })).toBeTruthy();
    expect(within(dialog).getByText("You're almost there! Log in to access all of Pinboard")).toBeTruthy();
    expect(within(dialog).getByLabelText('Password')).toBeTruthy();
  });

  it('switches between sign-up and login', async () => {
    stubAuthApi(buildViewer());
    renderWithAuth({ options: { container: 'home_page' } });
    const dialog = await openModal();

    fireEvent.click(await within(dialog).findByRole('button', { name: 'Log in' }));
    expect(within(dialog).getByRole('heading', { name: 'Log in to Pinboard' })).toBeTruthy();
    expect(within(dialog).getByText(/Need an account\?/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign up now' }));
    expect(within(dialog).getByRole('heading', { name: 'Welcome to Pinboard' })).toBeTruthy();
  });

  it('offers the business variant its own links', async () => {
    stubAuthApi(buildViewer());
    renderWithAuth({ options: { container: 'revamped_business_login_page', step: 'login' } });
    const dialog = await openModal();

    expect(
      await within(dialog).findByRole('heading', { name: 'Log in to your business account' }),
    ).toBeTruthy();
    expect(
      within(dialog).getByRole('link', { name: 'Log in to a personal account' }).getAttribute('href'),
    ).toBe('/login/');
    expect(within(dialog).getByRole('link', { name: 'Create one for free' }).getAttribute('href')).toBe(
      '/business/create',
    );
    expect(within(dialog).getByText(/Don't have a business account\?/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create new account' }));
    expect(within(dialog).getByRole('button', { name: 'Continue with email' })).toBeTruthy();
  });

  it.each([
    ['CA', 'Notice at collection'],
    ['FL', 'delete your account'],
  ])('shows the terms with the notice for a viewer in region %s', async (region, link) => {
    const viewer = buildViewer({ client_context: clientContext('US', region) });
    stubAuthApi(viewer);
    renderWithAuth({ options: { container: 'home_page' } });
    const dialog = await openModal();

    expect((await within(dialog).findByRole('link', { name: 'Terms of Service' })).getAttribute('href')).toBe(
      '/_/_/policy/terms-of-service/',
    );
    expect(within(dialog).getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe(
      '/_/_/policy/privacy-policy/',
    );
    expect(within(dialog).getByRole('link', { name: link })).toBeTruthy();
    const other = region === 'FL' ? 'Notice at collection' : 'delete your account';
    expect(within(dialog).queryByRole('link', { name: other })).toBeNull();
  });

  it('sends view, click and dismiss events in one batch', async () => {
    const fetch = stubAuthApi(buildViewer());
    flushAuthEvents();
    renderWithAuth({ options: { container: 'save' } });
    const dialog = await openModal();
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Continue with email' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    flushAuthEvents();

    expect(postedBodies(fetch, '/v3/events/')).toEqual([
      {
        events: [
          { name: 'step_view', step: 'signup', container: 'save' },
          { name: 'step_click', step: 'signup', container: 'save', element: 'continue_with_email' },
          { name: 'step_dismiss', container: 'save' },
        ],
      },
    ]);
  });
});
