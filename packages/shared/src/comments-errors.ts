import type { ErrorEntry } from './errors.ts';

/** Comments on pins (decision 51): apiCodes 2500-2519. Spread into ERRORS. */
export const COMMENT_ERRORS = {
  /** A missing comment, or one on a pin the viewer may not see: the two answer alike. */
  comment_not_found: { status: 404, apiCode: 2500, message: 'Sorry! We could not find that comment.' },
  /** `parent_id` names no comment of this pin the viewer may see. */
  comment_parent_not_found: {
    status: 404,
    apiCode: 2501,
    message: 'The comment you are replying to is no longer there.',
    field: 'parent_id',
  },
  /** The viewer and the pin's pinner blocked one another (decision 52). */
  comment_blocked: { status: 403, apiCode: 2502, message: 'You can\u2019t comment on this Pin.' },
} as const satisfies Record<string, ErrorEntry>;
