import { RECOVERY_MODAL_CODES } from '@pinboard/shared';
import { ERRORS } from '@pinboard/shared/errors';
import { ApiRequestError } from '../../api/client.ts';
import { isErrorCode } from '../../api/errorMessage.ts';
import type { RecoveryModalCode } from './recovery.ts';

/** Where a failed login's message goes (docs/product/accounts.md#messages). */
export type LoginErrorPlacement =
  | { kind: 'field'; field: 'password' | 'email' | 'code'; code: string }
  /** A recovery modal in place of the form (too many attempts, soft banned, suspended, trouble logging in). */
  | { kind: 'recovery'; code: RecoveryModalCode }
  /** The bot check and its message under the form. */
  | { kind: 'tooQuick' }
  /** A message for the whole form, by its key in auth.errors. */
  | { kind: 'form'; text: 'generic' }
  /** Under the first provider's button, or the second's (accounts linked to one of them, deactivated). */
  | { kind: 'facebook' | 'google'; code: string }
  /** A social login of an identity no account has: on to the social sign-up with the same token. */
  | { kind: 'socialSignup' }
  /** The provider is down: the 'Oops! {provider} isn't available' modal. */
  | { kind: 'unavailable' };

const PASSWORD_CODES = new Set(['login_password_incorrect', 'login_password_invalid', 'password_required']);
// Rate-limit codes open rate limited, soft-ban codes soft banned, the suspended code suspended.
const RECOVERY_CODES: Record<string, RecoveryModalCode> = {
  login_rate_limited: RECOVERY_MODAL_CODES.rateLimited,
  account_soft_banned: RECOVERY_MODAL_CODES.softBanned,
  account_suspended: RECOVERY_MODAL_CODES.suspended,
  // First- or second-provider recovery errors lead to a prevent-register modal.
  facebook_register_prevented: RECOVERY_MODAL_CODES.preventFirstProviderRegister,
  google_register_prevented: RECOVERY_MODAL_CODES.preventSecondProviderRegister,
};

// The second step's answers (a wrong, dead or unsendable code) read on its code field.
const CODE_CODES = new Set([
  'mfa_code_required',
  'mfa_code_invalid_format',
  'mfa_code_incorrect',
  'mfa_code_expired',
  'mfa_send_limited',
  'backup_code_incorrect',
]);

/** Where a failed login's message goes; a second factor asked for is read before, as a next step (loginOutcome.ts). */
export function placeLoginError(error: unknown): LoginErrorPlacement {
  const code = error instanceof ApiRequestError ? error.code : 'network_error';
  if (CODE_CODES.has(code)) return { kind: 'field', field: 'code', code };
  if (PASSWORD_CODES.has(code)) return { kind: 'field', field: 'password', code };
  const recovery = RECOVERY_CODES[code];
  if (recovery !== undefined) return { kind: 'recovery', code: recovery };
  if (code === 'login_too_quick') return { kind: 'tooQuick' };
  if (code === 'social_account_not_found') return { kind: 'socialSignup' };
  if (code === 'provider_unavailable') return { kind: 'unavailable' };
  // A voluntarily deactivated account: the server's message shows under the second provider's button.
  if (code === 'account_deactivated') return { kind: 'google', code };
  // The first-provider code under the first provider's button, the second's under the second's.
  const field = isErrorCode(code) ? (ERRORS[code] as { field?: string }).field : undefined;
  if (field === 'facebook' || field === 'google') return { kind: field, code };
  // Every other code the catalogue knows reads on the email field; anything else is ours.
  if (isErrorCode(code) && code !== 'internal' && code !== 'signup_failed') {
    return { kind: 'field', field: 'email', code };
  }
  return { kind: 'form', text: 'generic' };
}

/** Wrong passwords in a row, in one modal, after which it offers help (docs/product/accounts.md#messages). */
export const TROUBLE_AFTER_WRONG_PASSWORDS = 3;
