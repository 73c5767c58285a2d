import type { ErrorEntry } from './errors.ts';

/**
 * Requests refused before any route reads them (apiCodes 15-19): an address, header or body
 * the server cannot take. Spread into ERRORS.
 */
export const INPUT_ERRORS = {
  uri_too_long: {
    status: 414,
    apiCode: 15,
    message: 'The address is too long.',
  },
  headers_too_large: {
    status: 431,
    apiCode: 16,
    message: 'The request headers are too large.',
  },
  request_timeout: {
    status: 408,
    apiCode: 17,
    message: 'The request took too long to arrive.',
  },
  invalid_characters: {
    status: 400,
    apiCode: 18,
    message: 'This field has a character it cannot take.',
  },
  multipart_invalid: {
    status: 400,
    apiCode: 19,
    message: 'The upload is not a valid multipart form.',
    field: 'file',
  },
} as const satisfies Record<string, ErrorEntry>;
