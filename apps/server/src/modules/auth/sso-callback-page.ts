import { createHash } from 'node:crypto';
import { SSO_CALLBACK_MESSAGE } from '@pinboard/shared';
import { popupPage } from './popup-page.ts';

/** What the SSO popup tells its opener (decision 21): the code and state, or the provider's error. */
export type SsoCallbackMessage =
  | { type: typeof SSO_CALLBACK_MESSAGE; code: string; state: string }
  | { type: typeof SSO_CALLBACK_MESSAGE; error: string };

const ERROR_PATTERN = /^[a-z_]{1,64}$/;
const VALUE_MAX_LENGTH = 2048;

/**
 * The message for the query the organisation's provider redirected with. Only the OAuth error
 * codes' alphabet passes as an error; anything else malformed is `invalid_request`.
 */
export function ssoCallbackMessage(query: Record<string, string | undefined>): SsoCallbackMessage {
  const { code, state, error } = query;
  if (error !== undefined) {
    return { type: SSO_CALLBACK_MESSAGE, error: ERROR_PATTERN.test(error) ? error : 'invalid_request' };
  }
  if (code && state && code.length <= VALUE_MAX_LENGTH && state.length <= 256) {
    return { type: SSO_CALLBACK_MESSAGE, code, state };
  }
  return { type: SSO_CALLBACK_MESSAGE, error: 'invalid_request' };
}

/**
 * The page and its headers. Its only script is the popup page's fixed one, allowed by its hash;
 * the data travels in a JSON block, which no script policy runs. `no-referrer`, because the
 * page's address holds the code.
 */
export function ssoCallbackPage(message: SsoCallbackMessage, targetOrigin: string) {
  const html = popupPage({ message, targetOrigin });
  const hashes = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    (match) => `'sha256-${createHash('sha256').update(match[1]!).digest('base64')}'`,
  );
  return {
    html,
    headers: {
      'cache-control': 'no-store',
      'referrer-policy': 'no-referrer',
      'x-robots-tag': 'noindex',
      'content-security-policy': [
        "default-src 'none'",
        `script-src ${hashes.join(' ')}`,
        "style-src 'unsafe-inline'",
        "base-uri 'none'",
        "form-action 'none'",
        "frame-ancestors 'none'",
      ].join('; '),
    },
  };
}
