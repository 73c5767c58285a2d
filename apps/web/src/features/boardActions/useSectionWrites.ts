import type { Board } from '@pinboard/shared';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { boardSectionsKey } from '../boards/useBoardSections.ts';

/**
 * After a section is added, renamed or removed: the page's board gets its new section count
 * (the sections row shows only for a board that has some) and the sections list is refetched.
 */
export function useSectionWrites(boardId: string, boardKey: QueryKey) {
  const queryClient = useQueryClient();
  return (countChange: number) => {
    if (countChange !== 0) {
      queryClient.setQueryData<Board>(boardKey, (board) =>
        board ? { ...board, section_count: Math.max(0, board.section_count + countChange) } : board,
      );
    }
    void queryClient.invalidateQueries({ queryKey: boardSectionsKey(boardId) });
  };
}
