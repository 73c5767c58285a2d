// @vitest-environment jsdom
import '../../i18n.ts';
import type { ViewerBoardInvite } from '@pinboard/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failure, stubApi, success } from '../../test/apiStub.ts';
import { buildBoard } from '../../test/boards.ts';
import { BoardInvitesPanel } from './BoardInvitesPanel.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function buildInvite(id: string, board: string): ViewerBoardInvite {
  return {
    id,
    type: 'board_invite',
    status: 'pending',
    created_at: '2026-01-01T00:00:00.000Z',
    board: { id: `3${id}`, name: board, url: `/maya.l/${board.toLowerCase()}/`, privacy: 'public' },
    inviter: {
      id: '7',
      username: 'maya.l',
      first_name: 'Maya',
      full_name: 'Maya Lindqvist',
      image_medium_url: null,
      is_default_image: true,
    },
  };
}

function renderPanel() {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <BoardInvitesPanel username="sam" />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('BoardInvitesPanel', () => {
  it('accepts an invitation, then links to the board', async () => {
    const fetch = stubApi({
      listViewerBoardInvites: () => success([buildInvite('1', 'Kitchen')]),
      acceptBoardInvite: ({ params }) =>
        params.id === '1' ? success(buildBoard({ name: 'Kitchen' })) : failure(404, 'not_found'),
    });
    renderPanel();
    expect(await screen.findByRole('heading', { name: 'Board invitations' })).toBeTruthy();
    expect(screen.getByText('Maya Lindqvist invited you to Kitchen')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Accept' }));
    const link = await screen.findByRole('link', { name: 'Open the board' });
    expect(link.getAttribute('href')).toBe('/maya.l/kitchen/');
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
    await waitFor(() =>
      expect(
        fetch.mock.calls.some(
          ([input, init]) => String(input).endsWith('/1/accept/') && init?.method === 'POST',
        ),
      ).toBe(true),
    );
  });

  it('declines one at once; a refused decline puts it back silently', async () => {
    stubApi({
      listViewerBoardInvites: () => success([buildInvite('1', 'Kitchen'), buildInvite('2', 'Garden')]),
      declineBoardInvite: ({ params }) =>
        params.id === '1' ? success({ id: '1', status: 'declined' }) : failure(409, 'invite_not_pending'),
    });
    renderPanel();
    await screen.findByText('Maya Lindqvist invited you to Kitchen');
    fireEvent.click(screen.getAllByRole('button', { name: 'Decline' })[0]!);
    await waitFor(() => expect(screen.queryByText(/to Kitchen/)).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Decline' }));
    expect(await screen.findByText('Maya Lindqvist invited you to Garden')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Decline' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows nothing without invitations', async () => {
    const fetch = stubApi({ listViewerBoardInvites: () => success([]) });
    renderPanel();
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(screen.queryByRole('heading')).toBeNull();
  });
});
