import type { Board } from '@pinboard/shared';
import { BOARDS_PAGE_SIZE, type BoardSort } from '@pinboard/shared/board-sorts';
import { api, endpointKey } from '../../api/endpoints.ts';
import { useBookmarkedList } from '../../api/useBookmarkedList.ts';

/** A person's boards as the viewer may see them, 25 at a time, in the chosen order. */
export function useUserBoards(username: string, sort: BoardSort) {
  return useBookmarkedList<Board>(
    // Lower-cased: `/Maya` and `/maya` share the list (and refreshProfileLists finds it).
    endpointKey('listUserBoards', {
      params: { username: username.toLowerCase() },
      query: { sort, page_size: BOARDS_PAGE_SIZE },
    }),
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
