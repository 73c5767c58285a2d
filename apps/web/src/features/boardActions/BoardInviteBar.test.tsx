// @vitest-environment jsdom
import '../../i18n.ts';
import type { ViewerBoardInvite } from '@pinboard/shared';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi, success } from '../../test/apiStub.ts';
import { signedInViewer } from '../../test/auth.tsx';
import { buildBoard, buildUser } from '../../test/boards.ts';
import { boardKey, renderBoardActions } from './boardActionsFixtures.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const board = buildBoard({ name: 'Kitchen' });
const invitee = () => success(signedInViewer(buildUser({ id: '9', username: 'sam' })));
const invite: ViewerBoardInvite = {
  id: '41',
  type: 'board_invite',
  status: 'pending',
  created_at: '2026-01-01T00:00:00.000Z',
  board: { id: board.id, name: board.name, url: board.url, privacy: 'public' },
  inviter: {
    id: '7',
    username: 'maya.l',
    first_name: 'Maya',
    full_name: 'Maya Lindqvist',
    image_medium_url: null,
    is_default_image: true,
  },
};

// The invitation mail leads to the board, which showed the invitee only Follow.
describe('an invitee on the board page', () => {
  it('accepts the invitation there, and the board is asked again as a collaborator’s', async () => {
    stubApi({
      getViewer: invitee,
      listViewerBoardInvites: () => success([invite]),
      acceptBoardInvite: () => success({ ...board, collaborated_by_me: true }),
    });
    const client = renderBoardActions(board);
    const bar = await screen.findByRole('group', { name: 'Maya Lindqvist invited you to Kitchen' });
    expect(screen.getByRole('button', { name: 'Follow' })).toBeTruthy();
    fireEvent.click(within(bar).getByRole('button', { name: 'Accept' }));
    expect(await screen.findByText('You joined Kitchen.')).toBeTruthy();
    await vi.waitFor(() => expect(client.getQueryState(boardKey)?.isInvalidated).toBe(true));
  });

  it('declines it there, and the bar goes', async () => {
    const fetch = stubApi({
      getViewer: invitee,
      listViewerBoardInvites: () => success([invite]),
      declineBoardInvite: () => success({ id: invite.id, status: 'declined' }),
    });
    renderBoardActions(board);
    const bar = await screen.findByRole('group', { name: 'Maya Lindqvist invited you to Kitchen' });
    fireEvent.click(within(bar).getByRole('button', { name: 'Decline' }));
    await vi.waitFor(() => expect(screen.queryByRole('group')).toBeNull());
    expect(fetch.mock.calls.some(([input]) => String(input).includes('/board_invites/41/decline/'))).toBe(
      true,
    );
  });

  it('shows nothing of it to someone without an invitation to this board', async () => {
    stubApi({
      getViewer: invitee,
      listViewerBoardInvites: () => success([{ ...invite, board: { ...invite.board, id: '999' } }]),
    });
    renderBoardActions(board);
    expect(await screen.findByRole('button', { name: 'Follow' })).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('group')).toBeNull();
  });
});
