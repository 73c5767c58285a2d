import type { ErrorEntry } from './errors.ts';

/** The server-side fetcher and pages' images (issue 8): apiCodes 280-299. Spread into ERRORS. */
export const LINK_ERRORS = {} as const satisfies Record<string, ErrorEntry>;
