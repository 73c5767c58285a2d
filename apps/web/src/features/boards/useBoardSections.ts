import type { Board, BoardSection } from '@pinboard/shared';
import { boardKeys } from './boardKeys.ts';
import { useBookmarkPages } from './useBookmarkPages.ts';

const SECTIONS_PAGE_SIZE = 25;

/** A board's sections in order; asks nothing of a board that has none. */
export function useBoardSections(board: Pick<Board, 'id' | 'section_count'>) {
  return useBookmarkPages<BoardSection>(boardKeys.sections(board.id), `/v3/boards/${board.id}/sections/`, {
    pageSize: SECTIONS_PAGE_SIZE,
    enabled: board.section_count > 0,
  });
}
