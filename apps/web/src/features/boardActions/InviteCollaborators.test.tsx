// @vitest-environment jsdom
import '../../i18n.ts';
import type { BoardCollaborators, CollaboratorSuggestion } from '@pinboard/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failure, stubApi, success } from '../../test/apiStub.ts';
import { signedInViewer } from '../../test/auth.tsx';
import { buildBoard, buildUser } from '../../test/boards.ts';
import { renderBoardActions } from './boardActionsFixtures.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const board = buildBoard({ name: 'Kitchen' });
const ana = buildUser({ id: '12', username: 'ana', full_name: 'Ana Ruiz' });
const members: BoardCollaborators = { board_id: '31', owner: board.owner, collaborators: [ana], invites: [] };

function suggestionsFor(q: string): CollaboratorSuggestion[] {
  if (q.includes('@')) {
    const valid = /^[^@\s]+@[^@\s]+\.[a-z]{2,}$/.test(q);
    return [{ type: 'email', id: q, full_name: q, username: null, image_medium_url: null, valid }];
  }
  return [
    { type: 'user', id: '15', full_name: 'Bo Chen', username: 'bo', image_medium_url: null, valid: true },
  ];
}

function stubBoardApi(extra: Parameters<typeof stubApi>[0] = {}) {
  return stubApi({
    getViewer: () => success(signedInViewer(board.owner)),
    getBoardCollaborators: () => success(members),
    inviteCollaborators: () => success(members),
    suggestBoardCollaborators: ({ url }) => success(suggestionsFor(url.searchParams.get('q') ?? '')),
    ...extra,
  });
}

async function openInviteDialog() {
  renderBoardActions(board);
  fireEvent.click(await screen.findByRole('button', { name: 'Board options' }));
  fireEvent.click(screen.getByRole('button', { name: 'Invite collaborators' }));
  const dialog = screen.getByRole('dialog', { name: 'Invite collaborators' });
  await within(dialog).findByText('Ana Ruiz');
  return dialog;
}

const suggestionUrls = (fetch: ReturnType<typeof stubApi>) =>
  fetch.mock.calls.map(([input]) => String(input)).filter((url) => url.includes('/suggestions/'));

describe('InviteCollaboratorsDialog', () => {
  it('asks once typing pauses; an email row goes Keep typing! → Click to send! → Done!, and Invite sends the queue', async () => {
    const fetch = stubBoardApi();
    const dialog = await openInviteDialog();
    const field = within(dialog).getByRole('searchbox', { name: 'Search by name or email address' });
    fireEvent.change(field, { target: { value: 'b' } });
    fireEvent.change(field, { target: { value: 'bo' } });
    const bo = await within(dialog).findByRole('button', { name: /Bo Chen/ });
    expect(suggestionUrls(fetch)).toEqual([expect.stringContaining('q=bo')]);
    fireEvent.click(bo);
    expect(bo.getAttribute('aria-pressed')).toBe('true');
    expect(within(bo).getByText('Done!')).toBeTruthy();

    fireEvent.change(field, { target: { value: 'sam@example' } });
    const invalid = await within(dialog).findByRole('button', { name: /Keep typing!/ });
    fireEvent.click(invalid);
    expect(invalid.getAttribute('aria-pressed')).toBe('false');

    fireEvent.change(field, { target: { value: 'sam@example.com' } });
    const email = await within(dialog).findByRole('button', { name: /Click to send!/ });
    fireEvent.click(email);
    expect(within(email).getByText('Done!')).toBeTruthy();
    const queue = within(dialog).getByRole('list', { name: 'To invite' });
    expect(
      within(queue)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Bo Chen×', 'sam@example.com×']);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Invite' }));
    // Optimistic: the invitations are listed at once and the queue is empty.
    expect(await within(dialog).findByText('sam@example.com', { selector: 'span' })).toBeTruthy();
    expect(within(dialog).queryByRole('list', { name: 'To invite' })).toBeNull();
    const post = fetch.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({
      invitees: [
        { type: 'user', id: '15' },
        { type: 'email', email: 'sam@example.com' },
      ],
    });
  });

  // The dialog ignored Enter and confirmed nothing.
  it('sends on Enter in the field, with the row offered first, and says the invitation is sent', async () => {
    const fetch = stubBoardApi();
    const dialog = await openInviteDialog();
    const field = within(dialog).getByRole('searchbox', { name: 'Search by name or email address' });
    fireEvent.change(field, { target: { value: 'sam@example.com' } });
    await within(dialog).findByRole('button', { name: /Click to send!/ });
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(await within(dialog).findByRole('status')).toHaveProperty('textContent', 'Invitation sent');
    const post = fetch.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({
      invitees: [{ type: 'email', email: 'sam@example.com' }],
    });
  });

  it('takes a queued person back off when picked again', async () => {
    stubBoardApi();
    const dialog = await openInviteDialog();
    fireEvent.change(within(dialog).getByRole('searchbox'), { target: { value: 'bo' } });
    const bo = await within(dialog).findByRole('button', { name: /Bo Chen/ });
    fireEvent.click(bo);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Take Bo Chen off the list' }));
    expect(bo.getAttribute('aria-pressed')).toBe('false');
    expect(within(dialog).getByRole('button', { name: 'Invite' })).toHaveProperty('disabled', true);
  });

  it('removes a collaborator at once and puts them back silently when refused', async () => {
    let refuse = () => {};
    const refused = new Promise<void>((resolve) => (refuse = resolve));
    stubBoardApi({ removeCollaborator: () => failure(500, 'internal_error') });
    const fetch = vi.mocked(globalThis.fetch);
    const route = fetch.getMockImplementation()!;
    fetch.mockImplementation(async (input, init) => {
      if (init?.method === 'DELETE') await refused;
      return route(input, init);
    });
    const dialog = await openInviteDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove Ana Ruiz' }));
    await waitFor(() => expect(within(dialog).queryByText('Ana Ruiz')).toBeNull());
    refuse();
    expect(await within(dialog).findByText('Ana Ruiz')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
