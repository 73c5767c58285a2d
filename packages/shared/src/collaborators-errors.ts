import type { ErrorEntry } from './errors.ts';

/** Board collaborators and invitations: apiCodes 240-259. Spread into ERRORS. */
export const COLLABORATOR_ERRORS = {
  collaborator_invite_self: {
    status: 400,
    apiCode: 240,
    message: "You can't invite yourself to your own board.",
    field: 'invitees',
  },
  invite_not_found: { status: 404, apiCode: 241, message: 'Sorry! We could not find that invitation.' },
  invite_not_pending: {
    status: 409,
    apiCode: 242,
    message: 'This invitation has already been answered.',
  },
  collaborator_remove_owner: {
    status: 400,
    apiCode: 243,
    message: "A board's owner can't be removed from it.",
  },
} as const satisfies Record<string, ErrorEntry>;
