import type { Board, BoardSection } from '@pinboard/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/endpoints.ts';
import { boardKeys } from './boardKeys.ts';

/** A board by its web address `/{username}/{slug}/`; 404 for a board the viewer may not see. */
export function useBoard(username: string, slug: string) {
  return useQuery({
    queryKey: boardKeys.byAddress(username, slug),
    queryFn: async ({ signal }) =>
      (await api.getBoardByAddress({ params: { username, slug } }, { signal })).data,
  });
}

/** One section of a board by its slug; waits until the board is known. */
export function useSection(boardId: string | undefined, slug: string) {
  return useQuery({
    queryKey: boardKeys.section(boardId ?? '', slug),
    // Runs only once the board is known (`enabled`).
    queryFn: async ({ signal }) =>
      (await api.getSectionBySlug({ params: { id: boardId!, slug } }, { signal })).data,
    enabled: boardId !== undefined,
  });
}

/** Web path of a section page, under its board's path. */
export function sectionUrl(board: Pick<Board, 'url'>, section: Pick<BoardSection, 'slug'>): string {
  return `${board.url}${encodeURIComponent(section.slug)}/`;
}
