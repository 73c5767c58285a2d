import type { ErrorEntry } from './errors.ts';

/** Board writes (issue 7): apiCodes 200-219, and the spec's 2171-2173 for board actions that overlap. Spread into ERRORS. */
export const BOARD_ERRORS = {} as const satisfies Record<string, ErrorEntry>;
