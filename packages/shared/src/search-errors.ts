import type { ErrorEntry } from './errors.ts';

/** Search and advisories: apiCodes 300-319. Spread into ERRORS. */
export const SEARCH_ERRORS = {} as const satisfies Record<string, ErrorEntry>;
