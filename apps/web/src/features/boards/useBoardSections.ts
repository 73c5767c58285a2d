import type { Board, BoardSection } from '@pinboard/shared';
import { api } from '../../api/endpoints.ts';
import { useBookmarkedList } from '../../api/useBookmarkedList.ts';
import { boardKeys } from './boardKeys.ts';

const SECTIONS_PAGE_SIZE = 25;

/** A board's sections in order; asks nothing of a board that has none. */
export function useBoardSections(board: Pick<Board, 'id' | 'section_count'>) {
  return useBookmarkedList<BoardSection>(
    boardKeys.sections(board.id),
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
