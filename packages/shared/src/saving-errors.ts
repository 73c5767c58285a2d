import type { ErrorEntry } from './errors.ts';

/** Saving, the board picker and moving pins (issue 7): apiCodes 220-239. Spread into ERRORS. */
export const SAVING_ERRORS = {} as const satisfies Record<string, ErrorEntry>;
