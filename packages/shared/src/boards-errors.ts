import type { ErrorEntry } from './errors.ts';

const BOARD_ACTION_BUSY = 'Please wait until the previous board action finishes.';

/**
 * Board writes: apiCodes 200-219, and the product's 2171-2173 for board actions that
 * overlap. Messages are the product's words (docs/product/boards.md#messages) unless marked as ours.
 * Spread into ERRORS.
 */
export const BOARD_ERRORS = {
  board_name_required: {
    status: 400,
    apiCode: 200,
    message: "Don't forget to name your board!",
    field: 'name',
  },
  board_name_too_long: {
    status: 400,
    apiCode: 201,
    message: 'Please enter no more than 50 characters.',
    field: 'name',
  },
  // Ours, in the words of the name's limit: the product gives the limit (500) but no text.
  board_description_too_long: {
    status: 400,
    apiCode: 202,
    message: 'Please enter no more than 500 characters.',
    field: 'description',
  },
  // Ours: an ad-account viewer's boards are protected and their secret toggle is locked on.
  board_privacy_locked: {
    status: 400,
    apiCode: 203,
    message: 'This board belongs to an ad account, so it stays secret.',
    field: 'privacy',
  },
  // Ours: a board is created for the signed-in viewer only.
  board_owner_mismatch: {
    status: 403,
    apiCode: 204,
    message: 'You can only create boards for your own account.',
    field: 'username',
  },
  // Ours: the product's add-section form only enables Add for a non-empty trimmed name.
  section_name_required: {
    status: 400,
    apiCode: 205,
    message: "Don't forget to name your section!",
    field: 'name',
  },
  // Ours, as the board name's limit.
  section_name_too_long: {
    status: 400,
    apiCode: 206,
    message: 'Please enter no more than 50 characters.',
    field: 'name',
  },
  // Ours: initial pins must already be on the section's board.
  section_pins_not_on_board: {
    status: 400,
    apiCode: 207,
    message: 'Some of these Pins are not on this board.',
    field: 'initial_pins',
  },
  // Ours: a reorder names every section of the board exactly once.
  section_order_mismatch: {
    status: 400,
    apiCode: 208,
    message: "The new order must list each of the board's sections exactly once.",
    field: 'section_ids',
  },
  board_action_in_progress_create: { status: 409, apiCode: 2171, message: BOARD_ACTION_BUSY },
  board_action_in_progress_update: { status: 409, apiCode: 2172, message: BOARD_ACTION_BUSY },
  board_action_in_progress_delete: { status: 409, apiCode: 2173, message: BOARD_ACTION_BUSY },
} as const satisfies Record<string, ErrorEntry>;
