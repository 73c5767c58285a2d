import type { Board } from '@pinboard/shared';
import { BOARDS_PAGE_SIZE, type BoardSort } from '@pinboard/shared/board-sorts';
import { profileKeys } from '../profile/profileKeys.ts';
import { useBookmarkPages } from './useBookmarkPages.ts';

/** A person's boards as the viewer may see them, 25 at a time, in the chosen order. */
export function useUserBoards(username: string, sort: BoardSort) {
  return useBookmarkPages<Board>(
    profileKeys.boards(username, sort),
    `/v3/users/${encodeURIComponent(username)}/boards/`,
    { pageSize: BOARDS_PAGE_SIZE, query: { sort } },
  );
}
