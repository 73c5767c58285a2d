import type { ErrorEntry } from './errors.ts';

/**
 * Outbound link checks: apiCodes 320-339. Spread into ERRORS. The three link_* and
 * the token entry are also the words of the `/offsite/` explanation page (decision 28): the
 * message's first sentence is its heading, the rest its explanation.
 */
export const OFFSITE_ERRORS = {
  offsite_link_blocked: {
    status: 403,
    apiCode: 320,
    message:
      'This link is blocked. It leads to a site that breaks our rules (spam, malware or other harm), so we will not open it.',
  },
  offsite_link_suspicious: {
    status: 403,
    apiCode: 321,
    message:
      'This link may not be safe. It leads to a site reported for spam or misleading content, or we could not see where it leads, so we will not open it.',
  },
  offsite_link_porn: {
    status: 403,
    apiCode: 322,
    message: 'This link leads to adult content. We do not open links to adult content.',
  },
  offsite_token_invalid: {
    status: 400,
    apiCode: 323,
    message:
      'This link has expired. Links opened from Pinboard work for ten minutes in the browser that opened them: go back to the Pin and click its link again.',
  },
  offsite_bad_url: {
    status: 400,
    apiCode: 324,
    message: 'This link is not a web address we can open. Links start with http:// or https://.',
    field: 'url',
  },
  offsite_link_mismatch: {
    status: 400,
    apiCode: 325,
    message: 'This is not the link of this Pin.',
    field: 'url',
  },
} as const satisfies Record<string, ErrorEntry>;

/** The one other word of the `/offsite/` explanation page: its way back. */
export const OFFSITE_PAGE_HOME_TEXT = 'Go to Pinboard';
