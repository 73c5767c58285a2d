/**
 * The board dialogs an address can open over the board (`/board/{id}/edit`,
 * `/board/{id}/collaborators`, `/board/{id}/add_collaborators`): the address leads to the board
 * page with this in the history entry's state, and the owner's board menu opens it.
 */
export type BoardDialogRequest = 'edit' | 'invite';

export function boardDialogState(dialog: BoardDialogRequest) {
  return { boardDialog: dialog };
}

export function requestedBoardDialog(state: unknown): BoardDialogRequest | null {
  const dialog = (state as { boardDialog?: unknown } | null)?.boardDialog;
  return dialog === 'edit' || dialog === 'invite' ? dialog : null;
}

/**
 * `/boardsection/{id}/edit`: the board page, with this in the history entry's state, and that
 * section's menu opens 'Rename section' for someone who may edit the board.
 */
export function sectionRenameState(sectionId: string) {
  return { renameSection: sectionId };
}

export function requestedSectionRename(state: unknown): string | null {
  const id = (state as { renameSection?: unknown } | null)?.renameSection;
  return typeof id === 'string' ? id : null;
}
