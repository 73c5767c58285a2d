// @vitest-environment jsdom
import '../../i18n.ts';
import './words.ts';
import type { Board } from '@pinboard/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { endpointKey } from '../../api/endpoints.ts';
import { failure, stubApi, success } from '../../test/apiStub.ts';
import { buildBoard } from '../../test/boards.ts';
import { AdvertiserContext, type AdvertiserContextValue } from '../viewer/advertiserContext.ts';
import { CreateBoardForm } from './CreateBoardForm.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const created = buildBoard({ id: '55', name: 'Lamps' });
const sam = {
  type: 'user',
  id: '8',
  full_name: 'Sam K',
  username: 'sam.k',
  image_medium_url: null,
  valid: true,
};

function renderForm(invites: () => Response, advertiser: AdvertiserContextValue | null = null) {
  const fetch = stubApi({
    createBoard: () => success(created),
    suggestCollaborators: () => success([sam]),
    getBoardCollaborators: ({ params }) => (params.id === '55' ? invites() : failure(404, 'not_found')),
    inviteCollaborators: ({ params }) => (params.id === '55' ? invites() : failure(404, 'not_found')),
  });
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const onCreated = vi.fn<(board: Board) => void>();
  render(
    <QueryClientProvider client={client}>
      <AdvertiserContext value={advertiser}>
        <CreateBoardForm onCreated={onCreated} />
      </AdvertiserContext>
    </QueryClientProvider>,
  );
  return { fetch, client, onCreated };
}

const bodyOf = (fetch: ReturnType<typeof stubApi>, path: string) => {
  const call = fetch.mock.calls.find(([url]) => String(url) === path);
  return call ? JSON.parse(String(call[1]!.body)) : undefined;
};

async function createNamed(name: string) {
  fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: name } });
  const create = screen.getByRole('button', { name: 'Create' }) as HTMLButtonElement;
  await waitFor(() => expect(create.disabled).toBe(false));
  fireEvent.click(create);
}

describe('CreateBoardForm invite queue', () => {
  it('toggles people in and out of the queue and invites them once the board is saved', async () => {
    const { fetch, client, onCreated } = renderForm(() =>
      success({ board_id: '55', owner: created.owner, collaborators: [], invites: [] }),
    );
    fireEvent.change(screen.getByRole('searchbox', { name: 'Invite collaborators (optional)' }), {
      target: { value: 'sa' },
    });
    const row = await screen.findByRole('button', { name: /Sam K/ });
    fireEvent.click(row);
    const queue = screen.getByRole('list', { name: 'To invite' });
    expect(within(queue).getByText('Sam K')).toBeTruthy();
    expect(row.textContent).toContain('Done!');
    fireEvent.click(row);
    expect(screen.queryByRole('list', { name: 'To invite' })).toBeNull();
    fireEvent.click(row);
    expect(bodyOf(fetch, '/v3/boards/55/collaborators/')).toBeUndefined();

    await createNamed('Lamps');
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(created));
    expect(bodyOf(fetch, '/v3/boards/')).toEqual({ name: 'Lamps', privacy: 'public' });
    await waitFor(() =>
      expect(bodyOf(fetch, '/v3/boards/55/collaborators/')).toEqual({
        invitees: [{ type: 'user', id: '8' }],
      }),
    );
    await waitFor(() =>
      expect(
        client.getQueryData(endpointKey('getBoardCollaborators', { params: { id: '55' } })),
      ).toMatchObject({ invites: [] }),
    );
  });

  it('takes the invitations away again, without a word, when they are refused', async () => {
    const { client, onCreated } = renderForm(() => failure(429, 'rate_limited'));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Invite collaborators (optional)' }), {
      target: { value: 'sa' },
    });
    fireEvent.click(await screen.findByRole('button', { name: /Sam K/ }));
    await createNamed('Lamps');
    await waitFor(() => expect(onCreated).toHaveBeenCalled());
    await waitFor(() =>
      expect(
        client.getQueryData(endpointKey('getBoardCollaborators', { params: { id: '55' } })),
      ).toBeUndefined(),
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('CreateBoardForm for an ad account', () => {
  it('locks the secret toggle on, offers no invites and creates a protected board for the advertiser', async () => {
    const { fetch } = renderForm(() => success(null), { advertiserId: '900', isOwner: false });
    const toggle = screen.getByRole('switch', { name: /Keep this board secret/ }) as HTMLInputElement;
    expect(toggle.checked).toBe(true);
    expect(toggle.disabled).toBe(true);
    expect(screen.queryByRole('searchbox')).toBeNull();
    await createNamed('Spring campaign');
    await waitFor(() =>
      expect(bodyOf(fetch, '/v3/boards/')).toEqual({
        name: 'Spring campaign',
        privacy: 'protected',
        advertiser_id: '900',
      }),
    );
  });

  it('leaves the ad account’s owner the ordinary form', () => {
    renderForm(() => success(null), { advertiserId: '900', isOwner: true });
    const toggle = screen.getByRole('switch', { name: /Keep this board secret/ }) as HTMLInputElement;
    expect([toggle.checked, toggle.disabled]).toEqual([false, false]);
    expect(screen.getByRole('searchbox', { name: 'Invite collaborators (optional)' })).toBeTruthy();
  });
});
