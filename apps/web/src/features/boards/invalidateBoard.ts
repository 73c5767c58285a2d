import type { BoardSection } from '@pinboard/shared';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { endpointKey } from '../../api/endpoints.ts';
import { boardAddressKey } from './useBoard.ts';

/** The endpoints keyed by a board's id (`params.id`) whose answers belong to that board. */
const OF_BOARD = [
  'listBoardPins',
  'listBoardSections',
  'getSectionBySlug',
  'getBoardCollaborators',
  'suggestBoardCollaborators',
] as const;

/**
 * Every query of one board apart from the board itself (which its page keys by address): its
 * pins, its sections (the page's row and the reorder dialog's list), each section by slug, its
 * sections' pins, its collaborators and their suggestions. A section's pins are keyed by the
 * section alone; the section page asks for them only once it has the section by slug, so the
 * board's sections by slug in the cache name every section whose pins are there.
 */
function keysOfBoard(queryClient: QueryClient, boardId: string): QueryKey[] {
  const ofBoard = { params: { id: boardId } };
  const sections = queryClient.getQueriesData<BoardSection>({
    queryKey: endpointKey('getSectionBySlug', ofBoard),
  });
  return [
    ...OF_BOARD.map((name) => endpointKey(name, ofBoard)),
    ...sections.flatMap(([, section]) =>
      section ? [endpointKey('listSectionPins', { params: { id: section.id } })] : [],
    ),
  ];
}

/** After a write that changes a board's pins, sections or members: all of it is asked again. */
export function invalidateBoard(queryClient: QueryClient, boardId: string): Promise<void> {
  return Promise.all(
    keysOfBoard(queryClient, boardId).map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  ).then(() => undefined);
}

/** For a board the viewer may no longer see: all of it leaves the cache. */
export function removeBoardQueries(queryClient: QueryClient, boardId: string): void {
  for (const queryKey of keysOfBoard(queryClient, boardId)) queryClient.removeQueries({ queryKey });
}

/**
 * The board itself, as its page reads it by address (`/{username}/{slug}/`): its header's counts
 * and cover. A write that changes them and knows the board's `url` says so.
 */
export function invalidateBoardAddress(queryClient: QueryClient, url: string): Promise<void> {
  const [username, slug] = url.split('/').filter(Boolean);
  if (!username || !slug) return Promise.resolve();
  return queryClient.invalidateQueries({ queryKey: boardAddressKey(username, slug) });
}
