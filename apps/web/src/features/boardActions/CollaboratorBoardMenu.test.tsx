// @vitest-environment jsdom
import '../../i18n.ts';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failure, stubApi, success } from '../../test/apiStub.ts';
import { signedInViewer } from '../../test/auth.tsx';
import { buildBoard, buildUser } from '../../test/boards.ts';
import { boardKey, renderBoardActions } from './boardActionsFixtures.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const guest = buildUser({ id: '8', username: 'sam.k', full_name: 'Sam K' });
const board = buildBoard({ name: 'Kitchen', url: '/maya.l/kitchen/', collaborated_by_me: true });
const asGuest = () => success(signedInViewer(guest));

async function openMenuItem(name: string) {
  fireEvent.click(await screen.findByRole('button', { name: 'Board options' }));
  fireEvent.click(screen.getByRole('button', { name }));
}

describe('CollaboratorBoardMenu', () => {
  it('is for collaborators only: no menu for a follower', async () => {
    stubApi({ getViewer: asGuest });
    renderBoardActions({ ...board, collaborated_by_me: false });
    expect(await screen.findByRole('button', { name: 'Follow' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Board options' })).toBeNull();
  });

  it('archives for the collaborator at once and puts it back when refused', async () => {
    const fetch = stubApi({
      getViewer: asGuest,
      archiveBoard: () => failure(409, 'board_action_in_progress_update'),
      unarchiveBoard: () => failure(409, 'board_action_in_progress_update'),
    });
    // The refusal waits until the test has seen the optimistic state.
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const stubbed = fetch.getMockImplementation()!;
    fetch.mockImplementation(async (input, init) => {
      if (init?.method === 'POST') await answered;
      return stubbed(input, init);
    });
    const client = renderBoardActions(board);
    await openMenuItem('Archive');
    await waitFor(() =>
      expect(client.getQueryData<typeof board>(boardKey)?.archived_by_me_at).not.toBeNull(),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Board options' }));
    expect(screen.getByRole('button', { name: 'Unarchive' })).toBeTruthy();
    answer();
    expect(await screen.findByText('Please wait until the previous board action finishes.')).toBeTruthy();
    expect(client.getQueryData<typeof board>(boardKey)?.archived_by_me_at).toBeNull();
  });

  it('leaves after the confirmation with their own id, then goes to their profile', async () => {
    const fetch = stubApi({
      getViewer: asGuest,
      removeCollaborator: () =>
        success({ board_id: '31', owner: board.owner, collaborators: [], invites: [] }),
    });
    renderBoardActions(board);
    await openMenuItem('Leave board');
    expect(screen.getByRole('dialog', { name: 'Leave this board?' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Leave' }));
    expect(await screen.findByText('Profile page')).toBeTruthy();
    const call = fetch.mock.calls.find(([, init]) => init?.method === 'DELETE');
    expect(String(call?.[0])).toContain('/v3/boards/31/collaborators/8/');
  });
});
