import { PICKER_LIST_THRESHOLD, type BoardPicker, type PickerBoard } from '@pinboard/shared';

/** One line of the picker's list: a heading ('Top choices') or a board to choose. */
export type PickerItem =
  | { kind: 'heading'; key: string; label: 'topChoices' | 'allBoards' }
  | { kind: 'board'; key: string; board: PickerBoard };

/** Matches a board name against what was typed: any part, any case, surrounding spaces ignored. */
export function matchesSearch(name: string, query: string): boolean {
  return name.toLocaleLowerCase().includes(query.trim().toLocaleLowerCase());
}

/**
 * The picker's lines (docs/product/saving.md#rules). The server's order is kept (names starting with a
 * digit already come last). A search shows only the matching boards; otherwise more than
 * PICKER_LIST_THRESHOLD boards show 'Top choices' then 'All boards', fewer the full list alone.
 */
export function buildPickerItems(picker: BoardPicker, query: string): PickerItem[] {
  const board = (prefix: string) => (b: PickerBoard) => ({
    kind: 'board' as const,
    key: `${prefix}-${b.id}`,
    board: b,
  });
  if (query.trim()) {
    return picker.all_boards.filter((b) => matchesSearch(b.name, query)).map(board('all'));
  }
  if (picker.all_boards.length <= PICKER_LIST_THRESHOLD || picker.boards_shortlist.length === 0) {
    return picker.all_boards.map(board('all'));
  }
  return [
    { kind: 'heading', key: 'heading-top', label: 'topChoices' },
    ...picker.boards_shortlist.map(board('top')),
    { kind: 'heading', key: 'heading-all', label: 'allBoards' },
    ...picker.all_boards.map(board('all')),
  ];
}

/** The index of the next choosable line from `from` in `step` direction; `from` at either end. */
export function nextOptionIndex(items: readonly { kind: string }[], from: number, step: 1 | -1): number {
  for (let index = from + step; index >= 0 && index < items.length; index += step) {
    if (items[index]!.kind !== 'heading') return index;
  }
  return from;
}
