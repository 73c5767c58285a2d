// @vitest-environment jsdom
import '../i18n.ts';
import type { UserProfile } from '@pinboard/shared';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failure, success } from '../test/apiStub.ts';
import { ada, renderWithAuth, signedInViewer, stubAuthApi } from '../test/auth.tsx';
import { buildProfile } from '../test/boards.ts';
import { ProfileSettingsPage } from './ProfileSettingsPage.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  localStorage.clear();
});

const own = buildProfile({ ...ada, last_name: 'Lovelace', about: '', website_url: null, is_me: true });

function renderPage(answers: Parameters<typeof stubAuthApi>[1] = {}) {
  const fetch = stubAuthApi(signedInViewer(), {
    getUser: () => success(own),
    checkUsername: ({ url }) => success({ username: url.searchParams.get('username')!, refusal: null }),
    ...answers,
  });
  renderWithAuth({
    routes: [{ path: 'settings/profile', Component: ProfileSettingsPage }],
    path: '/settings/profile/',
  });
  return fetch;
}

const form = async () =>
  (await screen.findByRole('form', { name: 'Your profile' }, { timeout: 5000 })) as HTMLElement;
const field = (scope: HTMLElement, label: string) => within(scope).getByLabelText(label) as HTMLInputElement;
const change = (scope: HTMLElement, label: string, value: string) =>
  fireEvent.change(field(scope, label), { target: { value } });

function patchedBodies(fetch: ReturnType<typeof stubAuthApi>): unknown[] {
  return fetch.mock.calls
    .filter(([, init]) => init?.method === 'PATCH')
    .map(([, init]) => JSON.parse(String(init!.body)) as unknown);
}

describe('/settings/profile', () => {
  it('saves the changed profile, with up to two pronouns and the about counter', async () => {
    let saved: UserProfile = own;
    const fetch = renderPage({
      editProfile: ({ body }) => {
        saved = { ...own, ...(body as Partial<UserProfile>), full_name: 'Nora Tester' };
        return success(saved);
      },
      getUser: () => success(saved),
    });
    const scope = await form();
    expect(document.title).toBe('Edit profile · Pinboard');
    const save = within(scope).getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);

    change(scope, 'First name', 'Nora');
    change(scope, 'Last name', 'Tester');
    change(scope, 'About', 'Plants');
    expect(within(scope).getByText('6 of 500 characters')).toBeTruthy();
    fireEvent.click(within(scope).getByLabelText('she/her'));
    fireEvent.click(within(scope).getByLabelText('they/them'));
    // Two are the most: the others cannot be ticked.
    await waitFor(() => expect(field(scope, 'he/him').disabled).toBe(true));

    await waitFor(() => expect(save.disabled).toBe(false));
    await act(async () => {
      fireEvent.click(save);
    });
    await waitFor(() => expect(patchedBodies(fetch)).toHaveLength(1));
    expect(patchedBodies(fetch)[0]).toEqual({
      first_name: 'Nora',
      last_name: 'Tester',
      username: 'ada',
      about: 'Plants',
      website_url: '',
      pronouns: ['she/her', 'they/them'],
    });
  });

  it('words the shared rules on their fields, and puts the server refusal on the username', async () => {
    const fetch = renderPage({
      editProfile: () => failure(409, 'username_taken', { field: 'username' }),
    });
    const scope = await form();
    change(scope, 'Username', 'settings');
    await waitFor(() =>
      expect(within(scope).getByText('That username is reserved. Try another one.')).toBeTruthy(),
    );
    change(scope, 'Website', 'ftp://example.com');
    await waitFor(() =>
      expect(
        within(scope).getByText('Enter a website address that starts with http:// or https://.'),
      ).toBeTruthy(),
    );
    change(scope, 'Website', 'https://example.com');
    change(scope, 'Username', 'maya');
    await act(async () => {
      fireEvent.submit(scope);
    });
    await waitFor(() =>
      expect(within(scope).getByText('That username is taken. Try another one.')).toBeTruthy(),
    );
    expect(document.activeElement).toBe(field(scope, 'Username'));
    expect(patchedBodies(fetch)).toHaveLength(1);
  });

  it('says whether a new username is free while typing, and Reset puts back the saved values', async () => {
    renderPage({
      checkUsername: ({ url }) =>
        success({ username: url.searchParams.get('username')!, refusal: 'username_taken' as const }),
    });
    const scope = await form();
    change(scope, 'Username', 'maya_l');
    expect(
      await within(scope).findByText('That username is taken. Try another one.', {}, { timeout: 3000 }),
    ).toBeTruthy();
    fireEvent.click(within(scope).getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(field(scope, 'Username').value).toBe('ada'));
  });
});
