/** Query keys of boards and their sections and pins; a board's own keys all start with its id. */
export const boardKeys = {
  all: ['boards'] as const,
  /** A board by its web address: owner (any case) and slug. */
  byAddress: (username: string, slug: string) =>
    [...boardKeys.all, 'address', username.toLowerCase(), slug] as const,
  board: (boardId: string) => [...boardKeys.all, boardId] as const,
  sections: (boardId: string) => [...boardKeys.board(boardId), 'sections'] as const,
  section: (boardId: string, slug: string) => [...boardKeys.board(boardId), 'section', slug] as const,
  pins: (boardId: string) => [...boardKeys.board(boardId), 'pins'] as const,
  sectionPins: (boardId: string, sectionId: string) =>
    [...boardKeys.board(boardId), 'section-pins', sectionId] as const,
};
