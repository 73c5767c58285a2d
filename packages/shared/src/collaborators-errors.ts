import type { ErrorEntry } from './errors.ts';

/** Board collaborators and invitations (issue 7): apiCodes 240-259. Spread into ERRORS. */
export const COLLABORATOR_ERRORS = {} as const satisfies Record<string, ErrorEntry>;
