import type { ErrorEntry } from './errors.ts';

/** Uploads, media and creating pins (issue 8): apiCodes 260-279. Spread into ERRORS. */
export const MEDIA_ERRORS = {} as const satisfies Record<string, ErrorEntry>;
