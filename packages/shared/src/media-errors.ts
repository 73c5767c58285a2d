import type { ErrorEntry } from './errors.ts';

/** Creating pins (issue 8): uploads 260-279, links and the fetcher 280-299. Spread into ERRORS. */
export const MEDIA_ERRORS = {} as const satisfies Record<string, ErrorEntry>;
