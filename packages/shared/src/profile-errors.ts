import type { ErrorEntry } from './errors.ts';

/**
 * Editing a profile and its picture (decision 45): apiCodes 2450-2469. Spread into
 * ERRORS. The product gives no texts for these; the words are ours. The field names are the
 * form's, so a refusal lands on its field.
 */
export const PROFILE_ERRORS = {
  first_name_required: {
    status: 400,
    apiCode: 2450,
    message: 'Enter your first name.',
    field: 'first_name',
  },
  last_name_too_long: {
    status: 400,
    apiCode: 2451,
    message: 'Your last name can have at most 30 characters.',
    field: 'last_name',
  },
  username_too_short: {
    status: 400,
    apiCode: 2452,
    message: 'Your username needs at least 3 characters.',
    field: 'username',
  },
  username_too_long: {
    status: 400,
    apiCode: 2453,
    message: 'Your username can have at most 30 characters.',
    field: 'username',
  },
  username_invalid: {
    status: 400,
    apiCode: 2454,
    message: 'Usernames can only have letters, numbers, underscores and dots.',
    field: 'username',
  },
  username_reserved: {
    status: 400,
    apiCode: 2455,
    message: 'That username is reserved. Try another one.',
    field: 'username',
  },
  username_taken: {
    status: 409,
    apiCode: 2456,
    message: 'That username is taken. Try another one.',
    field: 'username',
  },
  about_too_long: {
    status: 400,
    apiCode: 2457,
    message: 'Your About can have at most 500 characters.',
    field: 'about',
  },
  website_invalid: {
    status: 400,
    apiCode: 2458,
    message: 'Enter a website address that starts with http:// or https://.',
    field: 'website_url',
  },
  pronouns_too_many: {
    status: 400,
    apiCode: 2459,
    message: 'Choose up to 2 pronouns.',
    field: 'pronouns',
  },
  avatar_crop_invalid: {
    status: 400,
    apiCode: 2460,
    message: 'Choose a square area inside the picture.',
    field: 'crop',
  },
} as const satisfies Record<string, ErrorEntry>;
