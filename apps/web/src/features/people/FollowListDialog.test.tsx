// @vitest-environment jsdom
import '../../i18n.ts';
import type { FollowListUser } from '@pinboard/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failure, requestedUrls, stubApi, success } from '../../test/apiStub.ts';
import { signedInViewer } from '../../test/auth.tsx';
import { buildBoard, buildProfile } from '../../test/boards.ts';
import { renderBrowsingPage } from '../../test/renderPage.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function person(id: string, username: string, overrides: Partial<FollowListUser> = {}): FollowListUser {
  return {
    id,
    username,
    full_name: username.toUpperCase(),
    first_name: username,
    image_medium_url: null,
    image_large_url: null,
    avatar_color_index: 1,
    follower_count: 3,
    followed_by_me: false,
    is_me: false,
    ...overrides,
  };
}

function stubProfileWithFollowers(extra: Parameters<typeof stubApi>[0] = {}) {
  return stubApi({
    getViewer: () => success(signedInViewer()),
    getUser: () => success(buildProfile({ follower_count: 3 })),
    listUserBoards: () => success([buildBoard()]),
    listUserFollowers: ({ url }) =>
      url.searchParams.get('bookmark') === 'next'
        ? success([person('3', 'cleo')])
        : success([person('1', 'ada', { is_me: true }), person('2', 'bo', { followed_by_me: true })], 'next'),
    followUser: () => success(buildProfile()),
    ...extra,
  });
}

describe('the follow lists (problem 6)', () => {
  it("opens a profile's followers from its count, a page at a time, with follow buttons", async () => {
    const fetch = stubProfileWithFollowers();
    renderBrowsingPage('/maya.l');
    const count = await screen.findByRole('button', { name: '3 followers' });
    count.focus();
    fireEvent.click(count);

    const dialog = await screen.findByRole('dialog', { name: 'Followers' });
    const list = await within(dialog).findByRole('list', { name: 'Followers' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    // The viewer's own row has no button; someone followed says Following.
    expect(within(list).getByText('You')).toBeTruthy();
    expect(within(list).getByRole('button', { name: 'Following BO' }).getAttribute('aria-pressed')).toBe(
      'true',
    );

    fireEvent.click(within(dialog).getByRole('button', { name: 'Show more' }));
    const follow = await within(dialog).findByRole('button', { name: 'Follow CLEO' });
    expect(requestedUrls(fetch)).toContain('/v3/users/maya.l/followers/?page_size=25&bookmark=next');
    expect(within(dialog).queryByRole('button', { name: 'Show more' })).toBeNull();

    fireEvent.click(follow);
    expect(await within(dialog).findByRole('button', { name: 'Following CLEO' })).toBeTruthy();
    await waitFor(() => expect(requestedUrls(fetch)).toContain('/v3/users/cleo/follow/'));

    // The rows' buttons start from the list: no profile is read per person.
    expect(requestedUrls(fetch).filter((url) => /^\/v3\/users\/(bo|cleo)\/$/.test(url))).toEqual([]);

    // Escape closes it and gives the focus back to the count.
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(count);
  });

  it('puts a refused follow back and says so', async () => {
    stubProfileWithFollowers({ unfollowUser: () => failure(500, 'internal_error') });
    renderBrowsingPage('/maya.l');
    fireEvent.click(await screen.findByRole('button', { name: '3 followers' }));
    const dialog = await screen.findByRole('dialog', { name: 'Followers' });
    const follow = await within(dialog).findByRole('button', { name: 'Following BO' });
    fireEvent.click(follow);
    expect(await within(dialog).findByRole('alert')).toHaveProperty(
      'textContent',
      'Could not unfollow. Please try again.',
    );
    expect(within(dialog).getByRole('button', { name: 'Following BO' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
  });
});
