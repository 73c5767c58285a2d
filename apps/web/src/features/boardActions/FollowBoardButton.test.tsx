// @vitest-environment jsdom
import '../../i18n.ts';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failure, stubApi, success } from '../../test/apiStub.ts';
import { buildViewer, signedInViewer } from '../../test/auth.tsx';
import { buildBoard, buildUser } from '../../test/boards.ts';
import { renderBoardActions } from './boardActionsFixtures.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const board = buildBoard({ name: 'Kitchen', follower_count: 3 });
const signedIn = () => success(signedInViewer(buildUser({ id: '9', username: 'sam' })));

/** An answer the test releases when it chooses, to look at the page before the server replies. */
function heldAnswer(response: () => Response) {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  return { answer: async () => (await held, response()), release: () => release() };
}

describe('FollowBoardButton', () => {
  it('follows at once and keeps the server’s answer', async () => {
    const follow = heldAnswer(() => success({ ...board, followed_by_me: true, follower_count: 10 }));
    const fetch = stubApi({ getViewer: signedIn, followBoard: follow.answer, unfollowBoard: follow.answer });
    renderBoardActions(board);
    fireEvent.click(await screen.findByRole('button', { name: 'Follow' }));
    // Optimistic: the button and the count change before the server answers.
    expect((await screen.findByRole('button', { name: 'Following' })).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(screen.getByText('4 followers')).toBeTruthy();
    follow.release();
    expect(await screen.findByText('10 followers')).toBeTruthy();
    const call = fetch.mock.calls.find(([input]) => String(input).includes('/follow/'));
    expect(call?.[1]?.method).toBe('PUT');
  });

  it('goes back silently when the server refuses', async () => {
    const follow = heldAnswer(() => failure(500, 'internal_error'));
    stubApi({ getViewer: signedIn, followBoard: follow.answer, unfollowBoard: follow.answer });
    renderBoardActions(board);
    fireEvent.click(await screen.findByRole('button', { name: 'Follow' }));
    expect(await screen.findByText('4 followers')).toBeTruthy();
    follow.release();
    await waitFor(() => expect(screen.getByText('3 followers')).toBeTruthy());
    expect(screen.getByRole('button', { name: 'Follow' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('asks a visitor to log in instead', async () => {
    const fetch = stubApi({ getViewer: () => success(buildViewer()) });
    renderBoardActions(board);
    fireEvent.click(await screen.findByRole('button', { name: 'Follow' }));
    expect(await screen.findByText('Login page')).toBeTruthy();
    expect(fetch.mock.calls.some(([input]) => String(input).includes('/follow/'))).toBe(false);
  });

  it('shows the owner the board menu, not Follow', async () => {
    stubApi({ getViewer: () => success(signedInViewer(board.owner)) });
    renderBoardActions(board);
    expect(await screen.findByRole('button', { name: 'Board options' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Follow' })).toBeNull();
  });
});
