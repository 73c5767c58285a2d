/**
 * Board list constants (docs/product/boards.md#limits). Kept free of zod so the web bundle can
 * import this file (`@pinboard/shared/board-sorts`) without pulling schemas in.
 */

/** Sort orders of a user's boards; last_pinned_to is the default. */
export const BOARD_SORTS = [
  'alphabetical',
  'last_pinned_to',
  'oldest',
  'newest',
  'group_boards_at_top',
  'custom',
] as const;
export type BoardSort = (typeof BOARD_SORTS)[number];
export const DEFAULT_BOARD_SORT: BoardSort = 'last_pinned_to';

/** Boards per page of a profile's boards grid. */
export const BOARDS_PAGE_SIZE = 25;

/** Collaborators shown by avatar on a board; the rest are a 'more' count. */
export const NAMED_COLLABORATORS = 3;

export function isBoardSort(value: string | null | undefined): value is BoardSort {
  return (BOARD_SORTS as readonly string[]).includes(value ?? '');
}
