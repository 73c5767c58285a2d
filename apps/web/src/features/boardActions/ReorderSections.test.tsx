// @vitest-environment jsdom
import '../../i18n.ts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failure, stubApi, success } from '../../test/apiStub.ts';
import { signedInViewer } from '../../test/auth.tsx';
import { buildBoard, buildSection } from '../../test/boards.ts';
import { renderBoardActions } from './boardActionsFixtures.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const board = buildBoard({ name: 'Kitchen', url: '/maya.l/kitchen/', section_count: 3 });
const [rugs, lamps, chairs] = ['Rugs', 'Lamps', 'Chairs'].map((title, index) =>
  buildSection({ id: String(90 + index), title, slug: title.toLowerCase() }),
) as [ReturnType<typeof buildSection>, ...ReturnType<typeof buildSection>[]];

/** The sections answer in two pages (the dialog must load them all) and the order call. */
function stubSections(answerOrder: () => Response) {
  return stubApi({
    getViewer: () => success(signedInViewer(board.owner)),
    listBoardSections: ({ url }) =>
      url.searchParams.get('bookmark') ? success([chairs]) : success([rugs, lamps], 'page-2'),
    reorderSections: answerOrder,
  });
}

/** The section ids the last PUT of the order sent. */
function orderSent(fetch: ReturnType<typeof stubApi>): unknown {
  const call = fetch.mock.calls.findLast(([, init]) => init?.method === 'PUT');
  return call ? JSON.parse(String(call[1]!.body)).section_ids : undefined;
}

async function openReorder() {
  fireEvent.click(await screen.findByRole('button', { name: 'Board options' }));
  fireEvent.click(screen.getByRole('button', { name: 'Reorder sections' }));
  const list = await screen.findByRole('list', { name: 'Sections in order' });
  await within(list).findByText('Chairs');
  return list;
}
const titles = (list: HTMLElement) =>
  within(list)
    .getAllByRole('listitem')
    .map((row) => row.textContent);

describe('ReorderSectionsDialog', () => {
  it('moves a section with its buttons, keeps the focus on it and saves the whole order', async () => {
    const fetch = stubSections(() => success([rugs, chairs, lamps]));
    renderBoardActions(board);
    const list = await openReorder();
    expect(titles(list)).toEqual([
      expect.stringContaining('Rugs'),
      expect.stringContaining('Lamps'),
      expect.stringContaining('Chairs'),
    ]);
    expect(screen.getByRole('button', { name: 'Move Rugs up' })).toHaveProperty('disabled', true);

    fireEvent.click(screen.getByRole('button', { name: 'Move Chairs up' }));
    expect(titles(list)[1]).toContain('Chairs');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move Chairs up' }));
    expect(screen.getByText('Chairs moved to position 2 of 3')).toBeTruthy();
    await waitFor(() => expect(orderSent(fetch)).toEqual(['90', '92', '91']));
  });

  it('drags a row onto another', async () => {
    const fetch = stubSections(() => success([lamps, rugs, chairs]));
    renderBoardActions(board);
    const list = await openReorder();
    const [first, second] = within(list).getAllByRole('listitem') as [HTMLElement, HTMLElement];
    fireEvent.dragStart(first, { dataTransfer: { setData: () => {}, effectAllowed: '' } });
    fireEvent.dragOver(second);
    fireEvent.drop(second);
    expect(titles(list)[0]).toContain('Lamps');
    await waitFor(() => expect(orderSent(fetch)).toEqual(['91', '90', '92']));
  });

  it('puts the order back and says “Please wait…” when another board action is running', async () => {
    stubSections(() => failure(409, 'board_action_in_progress_update'));
    renderBoardActions(board);
    const list = await openReorder();
    fireEvent.click(screen.getByRole('button', { name: 'Move Rugs down' }));
    expect(titles(list)[0]).toContain('Lamps');
    expect(await screen.findByText('Please wait until the previous board action finishes.')).toBeTruthy();
    expect(titles(list)[0]).toContain('Rugs');
  });
});
