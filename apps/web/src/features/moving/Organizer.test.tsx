// @vitest-environment jsdom
import { api, endpointKey } from '../../api/endpoints.ts';
import '../../i18n.ts';
import type { Pin } from '@pinboard/shared';
import { QueryClient, QueryClientProvider, type InfiniteData } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiResult } from '../../api/client.ts';
import { failure, stubApi, success } from '../../test/apiStub.ts';
import { buildPin } from '../../test/pins.ts';
import { ToastProvider } from '../../ui/ToastProvider.tsx';
import { PinsPanel } from '../boards/PinsPanel.tsx';
import { boardAddressKey } from '../boards/useBoard.ts';
import { buildPicker, buildPickerBoard } from '../saving/pickerFixtures.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const sourcePins = ['1', '2', '3'].map((id) => buildPin({ id, title: `Lamp ${id}` }));
const targetPin = buildPin({ id: '50', title: 'Old one' });
const pages = (pins: Pin[]): InfiniteData<ApiResult<Pin[]>, string | null> => ({
  pages: [{ data: pins, bookmark: null }],
  pageParams: [null],
});
const boardPins = (id: string) => endpointKey('listBoardPins', { params: { id } });
const idsIn = (client: QueryClient, key: readonly unknown[]) =>
  client
    .getQueryData<InfiniteData<ApiResult<Pin[]>>>(key)
    ?.pages.flatMap((page) => page.data.map((p) => p.id));

/** A board page's pins (board 9) with 'Organize', the target board 20's list already cached. */
function renderBoardPins(bulkEdit: () => Response | Promise<Response>) {
  const fetch = stubApi({
    listBoardPins: ({ params }) =>
      params.id === '9'
        ? success(sourcePins)
        : params.id === '20'
          ? success([targetPin])
          : failure(404, 'not_found'),
    getBoardPicker: () =>
      success(
        buildPicker([
          buildPickerBoard({ id: '9', name: 'Machines' }),
          buildPickerBoard({ id: '20', name: 'Lamps' }),
        ]),
      ),
    listBoardTitleSuggestions: () => success([]),
    movePins: bulkEdit,
  });
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  client.setQueryData(boardPins('20'), pages([targetPin]));
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <ToastProvider>
          <PinsPanel
            heading="Pins"
            queryKey={boardPins('9')}
            fetchPins={(page, signal) => api.listBoardPins({ params: { id: '9' }, query: page }, { signal })}
            label="Machines pins"
            emptyText="Nothing yet"
            organizePlace={{ boardId: '9', sectionId: null }}
          />
        </ToastProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { fetch, client };
}

async function selectAndChoose(boardName: string) {
  fireEvent.click(await screen.findByRole('button', { name: 'Organize' }));
  fireEvent.click(screen.getByRole('checkbox', { name: /Lamp 1/ }));
  fireEvent.click(screen.getByRole('checkbox', { name: /Lamp 3/ }));
  expect(screen.getByText('2 Pins selected')).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: 'Move' }));
  const dialog = await screen.findByRole('dialog');
  fireEvent.click(await within(dialog).findByText(boardName));
}

const bulkEditCalls = (fetch: ReturnType<typeof stubApi>) =>
  fetch.mock.calls.filter(([input]) => String(input).includes('/v3/bulk_edit/'));

describe('Organize and move', () => {
  it('moves the selected pins at once: they leave this board and head the target’s list', async () => {
    let answer!: (response: Response) => void;
    const { fetch, client } = renderBoardPins(() => new Promise<Response>((resolve) => (answer = resolve)));

    await selectAndChoose('Lamps');

    await waitFor(() => expect(screen.getAllByRole('checkbox')).toHaveLength(1));
    expect(idsIn(client, boardPins('9'))).toEqual(['2']);
    expect(idsIn(client, boardPins('20'))).toEqual(['1', '3', '50']);
    const [, init] = bulkEditCalls(fetch)[0]!;
    expect(JSON.parse(String(init?.body))).toEqual({
      board_id: '9',
      new_board_id: '20',
      old_section_id: null,
      new_section_id: null,
      pin_ids: ['1', '3'],
    });
    expect(screen.queryByRole('dialog')).toBeNull();

    answer(success({ pins: [], board: { id: '9', pin_count: 1 }, new_board: { id: '20', pin_count: 3 } }));
    expect(await screen.findByText('Moved 2 Pins to Lamps')).toBeTruthy();
  });

  it('refreshes both boards’ headers and shows the moved pictures saved on the new board', async () => {
    const savedOn = (board_id: string, board_name: string) => ({
      pin_id: '1',
      board_id,
      board_name,
      section_id: null,
      section_title: null,
    });
    const moved = buildPin({
      id: '1',
      title: 'Lamp 1',
      board: { id: '20', name: 'Lamps', url: '/ada/lamps/', privacy: 'public' },
      viewer_saved: savedOn('20', 'Lamps'),
    });
    const { client } = renderBoardPins(() =>
      success({ pins: [moved], board: { id: '9', pin_count: 2 }, new_board: { id: '20', pin_count: 2 } }),
    );
    // The boards' pages read their headers by address; a closeup of the pin is open elsewhere.
    const headers = [boardAddressKey('ada', 'machines'), boardAddressKey('ada', 'lamps')];
    for (const key of headers) client.setQueryData(key, { pin_count: 3 });
    const closeup = endpointKey('getPin', { params: { id: '1' } });
    client.setQueryData(closeup, { ...sourcePins[0], viewer_saved: savedOn('9', 'Machines') });

    await selectAndChoose('Lamps');

    expect(await screen.findByText('Moved 2 Pins to Lamps')).toBeTruthy();
    await waitFor(() => {
      for (const key of headers) expect(client.getQueryState(key)?.isInvalidated, String(key)).toBe(true);
    });
    expect(client.getQueryData<Pin>(closeup)?.viewer_saved).toEqual(savedOn('20', 'Lamps'));
  });

  it('puts both lists back and says why when the move fails (the board-action lock)', async () => {
    let answer!: (response: Response) => void;
    const { client } = renderBoardPins(() => new Promise<Response>((resolve) => (answer = resolve)));
    await selectAndChoose('Lamps');
    await waitFor(() => expect(idsIn(client, boardPins('20'))).toEqual(['1', '3', '50']));

    answer(failure(409, 'board_action_in_progress_update'));

    expect(await screen.findByText('Please wait until the previous board action finishes.')).toBeTruthy();
    expect(idsIn(client, boardPins('20'))).toEqual(['50']);
    expect(idsIn(client, boardPins('9'))).toEqual(['1', '2', '3']);
    await waitFor(() => expect(screen.getAllByRole('checkbox')).toHaveLength(3));
  });

  it('refuses a move to the board the pins are on before any call, in the server’s words', async () => {
    const { fetch, client } = renderBoardPins(() => success({}));

    await selectAndChoose('Machines');

    expect((await screen.findByRole('alert')).textContent).toBe(
      'These Pins are already there. Choose another board or section.',
    );
    expect(bulkEditCalls(fetch)).toHaveLength(0);
    expect(idsIn(client, boardPins('9'))).toEqual(['1', '2', '3']);
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('leaves Organize mode with Done, back to the grid', async () => {
    renderBoardPins(() => success({}));
    fireEvent.click(await screen.findByRole('button', { name: 'Organize' }));
    expect(screen.getByRole('button', { name: 'Move' }).hasAttribute('disabled')).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Done' }));

    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.getByRole('button', { name: 'Organize' })).toBeTruthy();
  });
});
