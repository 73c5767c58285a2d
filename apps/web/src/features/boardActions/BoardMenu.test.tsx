// @vitest-environment jsdom
import '../../i18n.ts';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failure, stubApi, success } from '../../test/apiStub.ts';
import { signedInViewer } from '../../test/auth.tsx';
import { buildBoard } from '../../test/boards.ts';
import { buildPin } from '../../test/pins.ts';
import { endpointKey } from '../../api/endpoints.ts';
import type { Pin } from '@pinboard/shared';
import { renderBoardActions } from './boardActionsFixtures.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const board = buildBoard({ name: 'Kitchen', url: '/maya.l/kitchen/' });
const asOwner = () => success(signedInViewer(board.owner));

async function openMenuItem(name: string) {
  fireEvent.click(await screen.findByRole('button', { name: 'Board options' }));
  fireEvent.click(screen.getByRole('button', { name }));
}

function bodyOf(fetch: ReturnType<typeof stubApi>, method: string): unknown {
  const call = fetch.mock.calls.find(([, init]) => init?.method === method);
  return call?.[1]?.body ? JSON.parse(String(call[1].body)) : undefined;
}

describe('BoardMenu', () => {
  it('edits the board: the product’s name messages, then one PATCH', async () => {
    const fetch = stubApi({
      getViewer: asOwner,
      updateBoard: () => success({ ...board, name: 'Kitchen ideas', privacy: 'secret' }),
    });
    renderBoardActions(board);
    await openMenuItem('Edit board');
    const name = screen.getByRole('textbox', { name: 'Name' });
    fireEvent.change(name, { target: { value: '   ' } });
    expect(await screen.findByText("Don't forget to name your board!")).toBeTruthy();
    expect(name.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(name, { target: { value: 'x'.repeat(51) } });
    expect(await screen.findByText('Please enter no more than 50 characters.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save' })).toHaveProperty('disabled', true);
    fireEvent.change(screen.getByRole('textbox', { name: 'Description' }), {
      target: { value: 'y'.repeat(501) },
    });
    fireEvent.change(name, { target: { value: ' Kitchen ideas ' } });
    expect(await screen.findByText('Please enter no more than 500 characters.')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Description' }), { target: { value: 'Warm' } });
    fireEvent.click(screen.getByRole('switch'));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Save' })).toHaveProperty('disabled', false),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Name: Kitchen ideas')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(bodyOf(fetch, 'PATCH')).toEqual({ name: 'Kitchen ideas', description: 'Warm', privacy: 'secret' });
  });

  it('deletes only after the confirmation, then goes to the owner’s profile', async () => {
    const fetch = stubApi({ getViewer: asOwner, deleteBoard: () => success(null) });
    const client = renderBoardActions(board);
    // A closeup elsewhere shows its picture saved to this board.
    const closeup = endpointKey('getPin', { params: { id: '5' } });
    const savedHere = {
      pin_id: '6',
      board_id: board.id,
      board_name: 'Kitchen',
      section_id: null,
      section_title: null,
    };
    client.setQueryData(closeup, buildPin({ id: '5', viewer_saved: savedHere }));
    await openMenuItem('Delete board');
    expect(screen.getByRole('dialog', { name: 'Delete this board?' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    // Focus goes back to the menu's button (the item that opened the dialog is gone).
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Board options' }));
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
    await openMenuItem('Delete board');
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Profile page')).toBeTruthy();
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(true);
    // It says Save again (decision 44).
    expect(client.getQueryData<Pin>(closeup)?.viewer_saved).toBeNull();
  });

  it('says “Please wait…” in a toast when another board action is running, and keeps the board', async () => {
    stubApi({
      getViewer: asOwner,
      deleteBoard: () => failure(409, 'board_action_in_progress_delete'),
    });
    renderBoardActions(board);
    await openMenuItem('Delete board');
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const toast = await screen.findByText('Please wait until the previous board action finishes.');
    expect(toast.closest('[role="status"]')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Delete this board?' })).toBeTruthy();
    expect(screen.queryByText('Profile page')).toBeNull();
  });

  it('archives, and says so; a board action still running is an error toast', async () => {
    let busy = false;
    const archive = () =>
      busy
        ? failure(409, 'board_action_in_progress_update')
        : success({ ...board, archived_by_me_at: '2026-01-01T00:00:00.000Z' });
    stubApi({ getViewer: asOwner, archiveBoard: archive, unarchiveBoard: archive });
    renderBoardActions(board);
    await openMenuItem('Archive');
    expect(await screen.findByText('Board archived')).toBeTruthy();
    busy = true;
    await openMenuItem('Unarchive');
    expect(await screen.findByText('Please wait until the previous board action finishes.')).toBeTruthy();
  });
});
