import type { ErrorEntry } from './errors.ts';

/** Mail preferences by link, and the user survey (decision 53): apiCodes 520-529. */
export const EMAIL_ERRORS = {
  email_link_invalid: {
    status: 400,
    apiCode: 520,
    message: "This link doesn't work any more. Log in to change what we email you.",
    field: 'token',
  },
  survey_satisfaction_invalid: {
    status: 400,
    apiCode: 521,
    message: 'Choose how happy you are with Pinboard, from 1 to 5.',
    field: 'satisfaction',
  },
  survey_uses_invalid: {
    status: 400,
    apiCode: 522,
    message: 'Choose what you use Pinboard for from the list.',
    field: 'uses',
  },
  survey_text_too_long: {
    status: 400,
    apiCode: 523,
    message: 'Please keep your answer to 1000 characters or fewer.',
    field: 'text',
  },
} as const satisfies Record<string, ErrorEntry>;
