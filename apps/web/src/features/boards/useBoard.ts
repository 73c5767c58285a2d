import type { Board, BoardSection } from '@pinboard/shared';
import { useQuery } from '@tanstack/react-query';
import { api, endpointKey, queries } from '../../api/endpoints.ts';

/**
 * The key of a board by its web address: the owner lower-cased, so `/Maya/kitchen/` and
 * `/maya/kitchen/` share the board (and its writes and refreshes find it).
 */
export function boardAddressKey(username: string, slug: string) {
  return endpointKey('getBoardByAddress', { params: { username: username.toLowerCase(), slug } });
}

/** A board by its web address `/{username}/{slug}/`; 404 for a board the viewer may not see. */
export function useBoard(username: string, slug: string) {
  return useQuery({
    queryKey: boardAddressKey(username, slug),
    queryFn: async ({ signal }) =>
      (await api.getBoardByAddress({ params: { username, slug } }, { signal })).data,
  });
}

/** One section of a board by its slug; waits until the board is known. */
export function useSection(boardId: string | undefined, slug: string) {
  return useQuery({
    ...queries.getSectionBySlug({ params: { id: boardId ?? '', slug } }),
    enabled: boardId !== undefined,
  });
}

/** Web path of a section page, under its board's path. */
export function sectionUrl(board: Pick<Board, 'url'>, section: Pick<BoardSection, 'slug'>): string {
  return `${board.url}${encodeURIComponent(section.slug)}/`;
}
