import type { Board, BoardSection } from '@pinboard/shared';
import { api, endpointKey } from '../../api/endpoints.ts';
import { useBookmarkedList } from '../../api/useBookmarkedList.ts';

const SECTIONS_PAGE_SIZE = 25;

/**
 * The key of the board page's sections row (listBoardSections at the row's page size): a section
 * write refreshes this list alone, not the reorder dialog's list of every section.
 */
export function boardSectionsKey(boardId: string) {
  return endpointKey('listBoardSections', {
    params: { id: boardId },
    query: { page_size: SECTIONS_PAGE_SIZE },
  });
}

/** A board's sections in order; asks nothing of a board that has none. */
export function useBoardSections(board: Pick<Board, 'id' | 'section_count'>) {
  return useBookmarkedList<BoardSection>(
    boardSectionsKey(board.id),
    (bookmark, signal) =>
      api.listBoardSections(
        {
          params: { id: board.id },
          query: { page_size: SECTIONS_PAGE_SIZE, bookmark: bookmark ?? undefined },
        },
        { signal },
      ),
    // 'More sections' pressed during a refetch (a section just added) fetches the next page at once.
    { enabled: board.section_count > 0, interruptRefetch: true },
  );
}
