import type { SearchScope } from '@pinboard/shared';
import type { RefObject } from 'react';

/**
 * What the header's search field and its lazily loaded typeahead say to each other. The field
 * (first page) owns the input; the typeahead (its own chunk, loaded on focus) owns the list,
 * the active option and the keys that move through it.
 */

/** Handles a key pressed in the field; true when the typeahead used it (the field then prevents its default). */
export type TypeaheadKeyHandler = (key: string) => boolean;

/** What the field needs for its combobox attributes. */
export interface TypeaheadState {
  expanded: boolean;
  /** The id of the option the arrow keys are on, for aria-activedescendant. */
  activeId: string | undefined;
}

export interface SearchTypeaheadProps {
  term: string;
  scope: SearchScope;
  /** The listbox's id (the field's aria-controls). */
  listId: string;
  /** Whether the field (or the typeahead's own Clear button) has focus. */
  open: boolean;
  inputRef: RefObject<HTMLInputElement | null>;
  keyHandlerRef: RefObject<TypeaheadKeyHandler | null>;
  onStateChange: (state: TypeaheadState) => void;
  /** Goes to a suggestion's page (a search, a board, a profile) and closes. */
  onChoose: (path: string) => void;
}
