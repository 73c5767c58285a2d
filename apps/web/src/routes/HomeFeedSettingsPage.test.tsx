// @vitest-environment jsdom
import '../i18n.ts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { success } from '../test/apiStub.ts';
import { renderWithAuth, signedInViewer, stubAuthApi } from '../test/auth.tsx';
import { sentBodies } from '../test/settings.tsx';
import { HomeFeedSettingsPage } from './HomeFeedSettingsPage.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const cover = (id: string) => ({
  pin_id: id,
  dominant_color: '#aabbcc',
  images: Object.fromEntries(
    ['236x', '474x', '736x', 'orig'].map((size) => [
      size,
      { url: `/media/${id}.jpg`, width: 236, height: 300 },
    ]),
  ),
});

describe('/settings/home-feed', () => {
  it("shows the interests with the viewer's chosen ones pressed, and saves the changed set", async () => {
    const interests = ['garden', 'coffee', 'travel'].map((name, i) => ({
      name,
      id: String(i),
      url: `/ideas/${name}/${i}/`,
      cover: cover(String(i)),
    }));
    const fetch = stubAuthApi(signedInViewer(), {
      // 'sourdough' left the catalogue but is still chosen: it shows, so it can be removed.
      getInterests: () => success({ interests, chosen: ['garden', 'sourdough'] }),
      setMyInterests: ({ body }) =>
        success({ interests, chosen: (body as { interests: string[] }).interests }),
    });
    renderWithAuth({
      routes: [{ path: 'settings/home-feed', Component: HomeFeedSettingsPage }],
      path: '/settings/home-feed/',
    });
    await screen.findByRole('heading', { name: 'Home feed' }, { timeout: 10_000 });
    const list = await screen.findByRole('list', { name: 'Your interests' });
    expect(within(list).getByRole('button', { name: 'garden' }).getAttribute('aria-pressed')).toBe('true');
    expect(within(list).getByRole('button', { name: 'sourdough' }).getAttribute('aria-pressed')).toBe('true');
    expect(within(list).getByRole('button', { name: 'coffee' }).getAttribute('aria-pressed')).toBe('false');

    fireEvent.click(within(list).getByRole('button', { name: 'coffee' }));
    fireEvent.click(within(list).getByRole('button', { name: 'sourdough' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Your interests are saved.')).toBeTruthy();
    await waitFor(() =>
      expect(sentBodies(fetch, '/v3/users/me/interests/', 'PUT')).toEqual([
        { interests: ['garden', 'coffee'] },
      ]),
    );
  }, 20_000);
});
