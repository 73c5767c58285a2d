import type { ErrorEntry } from './errors.ts';

/** Outbound link checks (issue 9): apiCodes 320-339. Spread into ERRORS. */
export const OFFSITE_ERRORS = {} as const satisfies Record<string, ErrorEntry>;
