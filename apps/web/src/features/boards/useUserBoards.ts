import type { Board } from '@pinboard/shared';
import { BOARDS_PAGE_SIZE, type BoardSort } from '@pinboard/shared/board-sorts';
import { api } from '../../api/endpoints.ts';
import { useBookmarkedList } from '../../api/useBookmarkedList.ts';
import { profileKeys } from '../profile/profileKeys.ts';

/** A person's boards as the viewer may see them, 25 at a time, in the chosen order. */
export function useUserBoards(username: string, sort: BoardSort) {
  return useBookmarkedList<Board>(
    profileKeys.boards(username, sort),
    (bookmark, signal) =>
      api.listUserBoards(
        {
          params: { username },
          query: { sort, page_size: BOARDS_PAGE_SIZE, bookmark: bookmark ?? undefined },
        },
        { signal },
      ),
    // 'More boards' pressed during a refetch (a board just created) fetches the next page at once.
    { interruptRefetch: true },
  );
}
