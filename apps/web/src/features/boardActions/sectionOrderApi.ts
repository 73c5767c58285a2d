import { MAX_PAGE_SIZE, type BoardSection } from '@pinboard/shared';
import type { ApiResult } from '../../api/client.ts';
import { api, endpointKey } from '../../api/endpoints.ts';

/**
 * Every section of a board (a reorder names them all): listBoardSections at the largest page
 * size, its pages joined; apart from the board page's row, which asks for smaller pages.
 */
export function allSectionsKey(boardId: string) {
  return endpointKey('listBoardSections', { params: { id: boardId }, query: { page_size: MAX_PAGE_SIZE } });
}

/** All of a board's sections in their order, page after page. */
export async function fetchAllSections(boardId: string, signal?: AbortSignal): Promise<BoardSection[]> {
  const sections: BoardSection[] = [];
  let bookmark: string | null = null;
  do {
    const page: ApiResult<BoardSection[]> = await api.listBoardSections(
      { params: { id: boardId }, query: { page_size: MAX_PAGE_SIZE, bookmark: bookmark ?? undefined } },
      { signal },
    );
    sections.push(...page.data);
    bookmark = page.bookmark;
  } while (bookmark !== null);
  return sections;
}

/** `reorderSections`: every section id once, in the new order. */
export async function saveSectionOrder(boardId: string, sectionIds: string[]): Promise<BoardSection[]> {
  return (await api.reorderSections({ params: { id: boardId }, body: { section_ids: sectionIds } })).data;
}

/** The list with the item at `from` moved to `to` (both in range; a new array). */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}
