import type { ErrorEntry } from './errors.ts';

/**
 * The server-side fetcher of user-given URLs and pages' images: apiCodes 280-299.
 * Spread into ERRORS. The fetch_* codes are also what an image registered by URL fails with.
 * 400: the address itself is unusable; 422: it was tried and the other site failed us (its
 * failure is not ours, so never a 5xx: decision 26).
 */
export const LINK_ERRORS = {
  fetch_bad_url: {
    status: 400,
    apiCode: 280,
    message: 'This link is not a web address we can open. Use one starting with http:// or https://.',
    field: 'url',
  },
  fetch_address_refused: {
    status: 400,
    apiCode: 281,
    message: 'This link points to a private or reserved address, so we cannot open it.',
    field: 'url',
  },
  fetch_timeout: {
    status: 422,
    apiCode: 282,
    message: 'The site took too long to answer. Try again later.',
  },
  fetch_too_large: {
    status: 422,
    apiCode: 283,
    message: 'The page or image at this link is too large for us to read.',
  },
  fetch_too_many_redirects: {
    status: 422,
    apiCode: 284,
    message: 'This link redirects too many times.',
  },
  fetch_failed: {
    status: 422,
    apiCode: 285,
    message: 'We could not reach this link. Check the address and try again.',
  },
  fetch_bad_status: {
    status: 422,
    apiCode: 286,
    message: 'The site answered with an error for this link.',
  },
} as const satisfies Record<string, ErrorEntry>;
