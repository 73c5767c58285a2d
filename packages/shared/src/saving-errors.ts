import type { ErrorEntry } from './errors.ts';

/** Saving, the board picker and moving pins: apiCodes 220-239. Spread into ERRORS. */
export const SAVING_ERRORS = {
  /** A move to the board and section the pins are in is refused. */
  move_to_same_place: {
    status: 400,
    apiCode: 220,
    message: 'These Pins are already there. Choose another board or section.',
    field: 'new_board_id',
  },
  pins_not_on_board: {
    status: 400,
    apiCode: 221,
    message: 'Some of these Pins are no longer on this board or section.',
    field: 'pin_ids',
  },
  pin_already_on_board: {
    status: 409,
    apiCode: 222,
    message: 'This Pin is already saved to that board.',
    field: 'pin_ids',
  },
} as const satisfies Record<string, ErrorEntry>;
