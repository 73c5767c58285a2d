import type { ErrorEntry } from './errors.ts';

/** Reports, moderation and appeals: apiCodes 2540-2559. Spread into ERRORS. */
export const MODERATION_ERRORS = {
  appeal_not_allowed: {
    status: 409,
    apiCode: 2540,
    message: 'Only something of yours that was removed can be appealed.',
    field: 'object_id',
  },
  appeal_exists: {
    status: 409,
    apiCode: 2541,
    message: 'You already appealed this removal. We will let you know the outcome.',
    field: 'object_id',
  },
  appeal_reason_required: {
    status: 400,
    apiCode: 2542,
    message: 'Tell us why this should be restored.',
    field: 'reason',
  },
  age_appeal_not_found: {
    status: 404,
    apiCode: 2543,
    message: 'We could not find that age review.',
  },
} as const satisfies Record<string, ErrorEntry>;
