import { SSO_CALLBACK_MESSAGE } from '@pinboard/shared';

/** What the SSO popup tells its opener (decision 21): the code and state, or the provider's error. */
export type SsoCallbackMessage =
  | { type: typeof SSO_CALLBACK_MESSAGE; code: string; state: string; iss?: string }
  | { type: typeof SSO_CALLBACK_MESSAGE; error: string };

const ERROR_PATTERN = /^[a-z_]{1,64}$/;
const VALUE_MAX_LENGTH = 2048;

/**
 * The message for the query the organisation's provider redirected with. Only the OAuth error
 * codes' alphabet passes as an error; anything else malformed is `invalid_request`.
 */
export function ssoCallbackMessage(query: Record<string, string | undefined>): SsoCallbackMessage {
  const { code, state, error, iss } = query;
  if (error !== undefined) {
    return { type: SSO_CALLBACK_MESSAGE, error: ERROR_PATTERN.test(error) ? error : 'invalid_request' };
  }
  if (code && state && code.length <= VALUE_MAX_LENGTH && state.length <= 256) {
    // RFC 9207: the provider's `iss` goes back with the code, so the exchange can check it.
    return {
      type: SSO_CALLBACK_MESSAGE,
      code,
      state,
      ...(iss && iss.length <= VALUE_MAX_LENGTH ? { iss } : {}),
    };
  }
  return { type: SSO_CALLBACK_MESSAGE, error: 'invalid_request' };
}
