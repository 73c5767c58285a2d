import type { ErrorEntry } from './errors.ts';

/** Messages, Send and blocking (decision 52): apiCodes 2520-2539 and 2544-2545. Spread into ERRORS. */
export const MESSAGE_ERRORS = {
  conversation_not_found: {
    status: 404,
    apiCode: 2520,
    message: 'Sorry! We could not find that conversation.',
  },
  message_empty: {
    status: 400,
    apiCode: 2521,
    message: 'Write a message or pick a Pin to send.',
    field: 'text',
  },
  message_blocked: {
    status: 403,
    apiCode: 2522,
    message: 'You can\u2019t send messages to this person.',
  },
  message_request_pending: {
    status: 403,
    apiCode: 2523,
    message: 'You can send more messages once your message request is accepted.',
  },
  conversation_recipient_invalid: {
    status: 400,
    apiCode: 2524,
    message: 'Pick people to send to (not yourself).',
    field: 'user_ids',
  },
  pin_email_not_shareable: {
    status: 403,
    apiCode: 2525,
    message: 'This Pin is on a secret board, so it can\u2019t be sent by email.',
  },
  block_self: {
    status: 400,
    apiCode: 2526,
    message: 'You can\u2019t block yourself.',
  },
  message_not_found: {
    status: 404,
    apiCode: 2544,
    message: 'Sorry! We could not find that message.',
  },
  message_not_yours: {
    status: 403,
    apiCode: 2545,
    message: 'You can only change your own messages.',
  },
  follow_blocked: {
    status: 403,
    apiCode: 2527,
    message: 'You can\u2019t follow this person.',
  },
} as const satisfies Record<string, ErrorEntry>;
