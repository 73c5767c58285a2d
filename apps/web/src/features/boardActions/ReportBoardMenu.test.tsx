// @vitest-environment jsdom
import '../../i18n.ts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi, success } from '../../test/apiStub.ts';
import { buildViewer, signedInViewer } from '../../test/auth.tsx';
import { buildBoard, buildUser } from '../../test/boards.ts';
import { renderBoardActions } from './boardActionsFixtures.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const board = buildBoard({ id: '44', name: 'Kitchen' });
const reportBodies = (fetch: ReturnType<typeof stubApi>) =>
  fetch.mock.calls
    .filter(([input]) => String(input).includes('/v3/reports/'))
    .map(([, init]) => JSON.parse(String(init?.body)) as unknown);

describe('Report board', () => {
  it('is in the board menu of a signed-in person who neither owns nor collaborates on it', async () => {
    const fetch = stubApi({
      getViewer: () => success(signedInViewer(buildUser({ id: '9', username: 'sam' }))),
      listViewerBoardInvites: () => success([]),
      createReport: () =>
        success({
          id: '1',
          object_type: 'board',
          object_id: '44',
          reason: 'hateful',
          status: 'open',
          created_at: new Date().toISOString(),
        }),
    });
    renderBoardActions(board);
    fireEvent.click(await screen.findByRole('button', { name: 'Board options' }, { timeout: 10_000 }));
    fireEvent.click(screen.getByRole('button', { name: 'Report board' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report board' });
    expect(within(dialog).getByRole('group', { name: 'Why are you reporting this board?' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Hateful activities' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Report' }));
    await waitFor(() =>
      expect(reportBodies(fetch)).toEqual([{ object_type: 'board', object_id: '44', reason: 'hateful' }]),
    );
    expect(await screen.findByText('Thanks for letting us know. We’ll review this board.')).toBeTruthy();
  }, 20_000);

  it('is not offered to a visitor', async () => {
    stubApi({ getViewer: () => success(buildViewer()) });
    renderBoardActions(board);
    expect(await screen.findByRole('button', { name: 'Follow' }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Board options' })).toBeNull();
  });
});
