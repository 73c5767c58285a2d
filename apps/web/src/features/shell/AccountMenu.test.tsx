// @vitest-environment jsdom
import '../../i18n.ts';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { success } from '../../test/apiStub.ts';
import {
  ada,
  buildViewer,
  postedBodies,
  renderWithAuth,
  signedInViewer,
  stubAuthApi,
} from '../../test/auth.tsx';
import { AppHeader } from './AppHeader.tsx';

const grace = { ...ada, id: '8', username: 'grace', full_name: 'Grace Hopper', first_name: 'Grace' };
const graceAccount = {
  id: '8',
  username: 'grace',
  email: 'grace@example.com',
  fullName: 'Grace Hopper',
  imageMediumUrl: null,
  imageLargeUrl: null,
};
const header = [{ path: '*', element: <AppHeader /> }];

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

async function openMenu() {
  fireEvent.click(
    await screen.findByRole('button', { name: 'Accounts and more options' }, { timeout: 5000 }),
  );
  return screen.getByRole('button', { name: 'Accounts and more options' }).nextElementSibling as HTMLElement;
}

describe('the header for a visitor', () => {
  it('opens the modal on the login step with Log in, and on sign-up with Sign up', async () => {
    stubAuthApi(buildViewer());
    renderWithAuth({ routes: header, path: '/' });

    fireEvent.click(await screen.findByRole('button', { name: 'Log in' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Log in to Pinboard' }, { timeout: 5000 });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));

    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByRole('dialog', { name: 'Welcome to Pinboard' })).toBeTruthy();
  });
});

describe('the account menu', () => {
  it('shows the account in use and the others of this browser, and switches to one', async () => {
    const fetch = stubAuthApi(signedInViewer(ada, { accounts: [graceAccount] }), {
      switchAccount: () => success({ user: signedInViewer(grace, { accounts: [] }) }),
    });
    const { router } = renderWithAuth({ routes: header, path: '/' });

    const panel = await openMenu();
    expect(
      screen.getByRole('button', { name: 'Accounts and more options' }).getAttribute('aria-expanded'),
    ).toBe('true');
    expect(
      within(panel)
        .getByRole('link', { name: /Ada Lovelace/ })
        .getAttribute('href'),
    ).toBe('/ada/');
    expect(within(panel).getByRole('link', { name: 'Add account' }).getAttribute('href')).toBe(
      '/add-account',
    );
    expect(within(panel).getByRole('link', { name: 'Settings' }).getAttribute('href')).toBe(
      '/settings/security/',
    );
    await act(async () => {
      fireEvent.click(within(panel).getByRole('button', { name: 'Switch to Grace Hopper' }));
    });

    await waitFor(() => expect(router.state.location.pathname).toBe('/grace/'));
    expect(postedBodies(fetch, '/v3/users/me/switch/')).toEqual([{ user_id: '8' }]);
    expect(JSON.parse(localStorage.getItem('pinboard.accounts')!).accounts['8'].username).toBe('grace');
  });

  it('offers remembered accounts whose session ended through /add-account', async () => {
    localStorage.setItem(
      'pinboard.accounts',
      JSON.stringify({ groupId: 'g1', accounts: { '8': graceAccount } }),
    );
    stubAuthApi(signedInViewer(ada));
    renderWithAuth({ routes: header, path: '/' });

    const panel = await openMenu();
    expect(within(panel).getByRole('link', { name: 'Switch to Grace Hopper' }).getAttribute('href')).toBe(
      '/add-account',
    );
  });

  it('logs out, forgets the account and goes home', async () => {
    localStorage.setItem(
      'pinboard.accounts',
      JSON.stringify({ groupId: 'g1', accounts: { '7': { ...graceAccount, id: '7', username: 'ada' } } }),
    );
    let viewer = signedInViewer(ada);
    const fetch = stubAuthApi(viewer, {
      getViewer: () => success(viewer),
      logOut: () => {
        viewer = buildViewer();
        return success({ user: viewer });
      },
    });
    const { router } = renderWithAuth({ routes: header, path: '/pin/1/' });

    const panel = await openMenu();
    await act(async () => {
      fireEvent.click(within(panel).getByRole('button', { name: 'Log out' }));
    });

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeTruthy();
    expect(postedBodies(fetch, '/v3/logout/')).toEqual([null]);
    expect(JSON.parse(localStorage.getItem('pinboard.accounts')!).accounts).toEqual({});
  });

  it('closes with Escape, giving the focus back to its button', async () => {
    stubAuthApi(signedInViewer(ada));
    renderWithAuth({ routes: header, path: '/' });
    const panel = await openMenu();

    fireEvent.keyDown(within(panel).getByRole('button', { name: 'Log out' }), { key: 'Escape' });
    const toggle = screen.getByRole('button', { name: 'Accounts and more options' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle);
  });
});
