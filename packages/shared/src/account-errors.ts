import type { ErrorEntry } from './errors.ts';

/**
 * Account, privacy and claimed-website settings and email confirmation (decision 46;
 * apiCodes 460-479). The texts are ours. Spread into ERRORS.
 */
export const ACCOUNT_ERRORS = {
  email_verification_invalid: {
    status: 400,
    apiCode: 460,
    message: "This confirmation link doesn't work. Ask for a new one.",
    field: 'token',
  },
  email_verification_expired: {
    status: 400,
    apiCode: 461,
    message: 'This confirmation link has expired. Ask for a new one.',
    field: 'token',
  },
  email_verification_used: {
    status: 400,
    apiCode: 462,
    message: 'This confirmation link was already used.',
    field: 'token',
  },
  email_already_verified: { status: 400, apiCode: 463, message: 'Your email is already confirmed.' },
  locale_invalid: {
    status: 400,
    apiCode: 464,
    message: 'Choose one of the languages offered.',
    field: 'locale',
  },
  country_invalid: {
    status: 400,
    apiCode: 465,
    message: 'Choose one of the countries offered.',
    field: 'country',
  },
  website_claim_invalid: {
    status: 400,
    apiCode: 466,
    message: 'Enter a website address, like example.com.',
    field: 'url',
  },
  website_claimed: {
    status: 409,
    apiCode: 467,
    message: 'Another account has already claimed this website.',
    field: 'url',
  },
  website_not_verified: {
    status: 400,
    apiCode: 468,
    message: "We couldn't find the tag or the file on your website. Add one, then try again.",
  },
  website_claim_not_found: { status: 404, apiCode: 469, message: 'That website claim is gone.' },
  website_claims_limit: {
    status: 400,
    apiCode: 470,
    message: 'You can claim at most 10 websites. Remove one first.',
    field: 'url',
  },
} as const satisfies Record<string, ErrorEntry>;
