import { ApiRequestError } from '../../api/client.ts';
import { isErrorCode } from './errorText.ts';

/** Where a failed login's message goes (spec 1 section 8 'Login', placement of errors). */
export type LoginErrorPlacement =
  | { kind: 'field'; field: 'password' | 'email'; code: string }
  /** The too-many-attempts modal. */
  | { kind: 'rateLimited' }
  /** The bot check and its message under the form. */
  | { kind: 'tooQuick' }
  /** A message for the whole form, by its key in auth.errors. */
  | { kind: 'form'; text: 'cantLogIn' | 'generic' };

const PASSWORD_CODES = new Set(['login_password_incorrect', 'login_password_invalid', 'password_required']);
const BLOCKED_CODES = new Set(['account_suspended', 'account_deactivated']);

export function placeLoginError(error: unknown): LoginErrorPlacement {
  const code = error instanceof ApiRequestError ? error.code : 'network_error';
  if (PASSWORD_CODES.has(code)) return { kind: 'field', field: 'password', code };
  if (code === 'login_rate_limited') return { kind: 'rateLimited' };
  if (code === 'login_too_quick') return { kind: 'tooQuick' };
  if (BLOCKED_CODES.has(code)) return { kind: 'form', text: 'cantLogIn' };
  // Every other code the catalogue knows reads on the email field; anything else is ours.
  if (isErrorCode(code) && code !== 'internal' && code !== 'signup_failed') {
    return { kind: 'field', field: 'email', code };
  }
  return { kind: 'form', text: 'generic' };
}
