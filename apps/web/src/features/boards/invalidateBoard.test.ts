import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { endpointKey } from '../../api/endpoints.ts';
import { allSectionsKey } from '../boardActions/sectionOrderApi.ts';
import { invalidateBoard, removeBoardQueries } from './invalidateBoard.ts';
import { boardAddressKey } from './useBoard.ts';
import { boardSectionsKey } from './useBoardSections.ts';

const section = (id: string, boardId: string) => ({ id, board_id: boardId, slug: `s${id}` });

/** Board 9 with its section 91, board 20 with its section 201, each with everything cached. */
function cachedBoards() {
  const client = new QueryClient();
  const keys = (boardId: string, sectionId: string) => ({
    address: boardAddressKey('maya', `board-${boardId}`),
    pins: endpointKey('listBoardPins', { params: { id: boardId } }),
    sections: boardSectionsKey(boardId),
    allSections: allSectionsKey(boardId),
    section: endpointKey('getSectionBySlug', { params: { id: boardId, slug: `s${sectionId}` } }),
    sectionPins: endpointKey('listSectionPins', { params: { id: sectionId } }),
    collaborators: endpointKey('getBoardCollaborators', { params: { id: boardId } }),
    suggestions: endpointKey('suggestBoardCollaborators', { params: { id: boardId }, query: { q: 'jo' } }),
  });
  const nine = keys('9', '91');
  const twenty = keys('20', '201');
  for (const [boardId, sectionId, all] of [
    ['9', '91', nine],
    ['20', '201', twenty],
  ] as const) {
    for (const key of Object.values(all)) client.setQueryData(key, []);
    client.setQueryData(all.section, section(sectionId, boardId));
  }
  const invalidated = (key: QueryKey) => client.getQueryState(key)?.isInvalidated;
  return { client, nine, twenty, invalidated };
}

describe('invalidateBoard', () => {
  it("marks every query of the board stale, its sections' pins too, and no other board's", async () => {
    const { client, nine, twenty, invalidated } = cachedBoards();

    await invalidateBoard(client, '9');

    const { address, ...ofNine } = nine;
    for (const key of Object.values(ofNine)) expect(invalidated(key), JSON.stringify(key)).toBe(true);
    // The board itself is keyed by its address: a write that changes it says so.
    expect(invalidated(address)).toBe(false);
    for (const key of Object.values(twenty)) expect(invalidated(key), JSON.stringify(key)).toBe(false);
  });

  it('removes the board’s queries from the cache for a board the viewer left', () => {
    const { client, nine, twenty } = cachedBoards();

    removeBoardQueries(client, '9');

    const { address, ...ofNine } = nine;
    for (const key of Object.values(ofNine))
      expect(client.getQueryData(key), JSON.stringify(key)).toBeUndefined();
    expect(client.getQueryData(address)).toEqual([]);
    for (const key of Object.values(twenty)) expect(client.getQueryData(key)).toBeDefined();
  });
});
