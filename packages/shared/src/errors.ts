import { ACCOUNT_ERRORS } from './account-errors.ts';
import { AUTH_ERRORS } from './auth/auth-errors.ts';
import { BOARD_ERRORS } from './boards-errors.ts';
import { BUSINESS_ERRORS } from './business-errors.ts';
import { COLLABORATOR_ERRORS } from './collaborators-errors.ts';
import { COMMENT_ERRORS } from './comments-errors.ts';
import { EMAIL_ERRORS } from './email-errors.ts';
import { INPUT_ERRORS } from './input-errors.ts';
import { LINK_ERRORS } from './link-errors.ts';
import { MEDIA_ERRORS } from './media-errors.ts';
import { MESSAGE_ERRORS } from './messages-errors.ts';
import { MODERATION_ERRORS } from './moderation-errors.ts';
import { OFFSITE_ERRORS } from './offsite-errors.ts';
import { PROFILE_ERRORS } from './profile-errors.ts';
import { SEARCH_ERRORS } from './search-errors.ts';
import { SAVING_ERRORS } from './saving-errors.ts';

export interface ErrorEntry {
  status: number;
  apiCode: number;
  message: string;
  /** The request field the error is about, when it is about one (the envelope's `field`). */
  field?: string;
}

/**
 * The error catalogue: every failure the API can answer with. The server throws
 * `AppError(code)`; the web app shows `message` (or maps `code` to its own text).
 */
export const ERRORS = {
  invalid_json: { status: 400, apiCode: 1, message: 'The request body is not valid JSON.' },
  invalid_request: { status: 400, apiCode: 2, message: 'The request is not valid.' },
  unknown_field: { status: 400, apiCode: 3, message: 'The request has a field this call does not take.' },
  invalid_bookmark: { status: 400, apiCode: 4, message: 'The bookmark is not valid.' },
  unsupported_media_type: { status: 415, apiCode: 5, message: 'This call takes JSON.' },
  body_too_large: { status: 413, apiCode: 6, message: 'The request body is too large.' },
  csrf_failed: { status: 403, apiCode: 7, message: 'The CSRF token is missing or does not match.' },
  not_found: { status: 404, apiCode: 8, message: 'We could not find what you are looking for.' },
  method_not_allowed: { status: 405, apiCode: 9, message: 'This call does not take this method.' },
  auth_required: { status: 401, apiCode: 10, message: 'You need to log in to do this.' },
  forbidden: { status: 403, apiCode: 11, message: 'You do not have access to this.' },
  rate_limited: { status: 429, apiCode: 12, message: 'You are doing that too often. Try again later.' },
  internal: { status: 500, apiCode: 13, message: 'Sorry! Something went wrong on our end.' },
  cross_site_request: {
    status: 403,
    apiCode: 14,
    message: 'This request came from another site and was refused.',
  },
  write_conflict: {
    status: 409,
    apiCode: 20,
    message: 'Something else changed this at the same moment. Please try again.',
  },
  pin_not_found: { status: 404, apiCode: 50, message: 'Sorry! We could not find that Pin.' },
  board_not_found: { status: 404, apiCode: 40, message: 'Sorry! We could not find that board.' },
  section_not_found: { status: 404, apiCode: 41, message: 'Sorry! We could not find that section.' },
  user_not_found: { status: 404, apiCode: 30, message: 'Sorry! We could not find that person.' },
  image_too_large: {
    status: 400,
    apiCode: 60,
    message: 'This image is too large. Use one under 40 megapixels.',
  },
  image_invalid: { status: 400, apiCode: 61, message: 'We could not read this image.' },
  experiment_unknown: { status: 400, apiCode: 70, message: 'There is no experiment with this name.' },
  experiment_group_unknown: { status: 400, apiCode: 71, message: 'This experiment has no such group.' },
  ...INPUT_ERRORS,
  ...AUTH_ERRORS,
  ...BOARD_ERRORS,
  ...SAVING_ERRORS,
  ...COLLABORATOR_ERRORS,
  ...MEDIA_ERRORS,
  ...LINK_ERRORS,
  ...SEARCH_ERRORS,
  ...OFFSITE_ERRORS,
  ...ACCOUNT_ERRORS,
  ...PROFILE_ERRORS,
  ...COMMENT_ERRORS,
  ...EMAIL_ERRORS,
  ...MESSAGE_ERRORS,
  ...BUSINESS_ERRORS,
  ...MODERATION_ERRORS,
} as const satisfies Record<string, ErrorEntry>;

export type ErrorCode = keyof typeof ERRORS;

/** The request field a code belongs to (sign-up and login codes name one), or null. */
export function errorFieldOf(code: ErrorCode): string | null {
  const entry: ErrorEntry = ERRORS[code];
  return entry.field ?? null;
}
