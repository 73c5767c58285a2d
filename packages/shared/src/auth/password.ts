import type { ErrorCode } from '../errors.ts';
import type { PasswordRules } from './password-rules.ts';

export type PasswordErrorCode = Extract<
  ErrorCode,
  | 'password_required'
  | 'password_too_short'
  | 'password_not_ascii'
  | 'password_same_as_username'
  | 'password_weak'
>;

export interface PasswordContext {
  username?: string;
  email?: string;
  /**
   * isCommonPassword from '@pinboard/shared/auth/common-passwords', or null while the browser
   * has not loaded it yet (then only the trivial patterns count as weak). Required so the
   * server cannot forget the list by leaving it out.
   */
  isCommonPassword: ((password: string) => boolean) | null;
}

// Printable ASCII, space included: "letters, numbers and special characters".
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

// Rows and runs people type in order; a password inside one of them, either way, is weak.
const SEQUENCES = [
  'abcdefghijklmnopqrstuvwxyz',
  '01234567890',
  'qwertyuiop',
  'asdfghjkl',
  'zxcvbnm',
  'qwertzuiop',
];

/** One character repeated (`aaaaaaaa`) or a straight run of a keyboard row or the alphabet, either way. */
function isTriviallyWeakPassword(password: string): boolean {
  const lower = password.toLowerCase();
  if (/^(.)\1*$/.test(lower)) return true;
  return SEQUENCES.some((run) => run.includes(lower) || [...run].reverse().join('').includes(lower));
}

function isSameAsName(lower: string, context: PasswordContext): boolean {
  const email = context.email?.trim().toLowerCase();
  const names = [context.username?.toLowerCase(), email, email?.slice(0, email.lastIndexOf('@'))];
  return names.some((name) => name !== undefined && name !== '' && name === lower);
}

/**
 * The first sign-up password problem, or null (docs/product/accounts.md#rules), checked in the
 * product's order: required, too short, not ASCII, same as the username (or the email or its local
 * part, which become the username), weak (common or trivially patterned).
 */
export function checkPassword(
  password: string,
  rules: PasswordRules,
  context: PasswordContext,
): PasswordErrorCode | null {
  if (password === '') return 'password_required';
  if (password.length < rules.min_length) return 'password_too_short';
  if (rules.ascii_only && !PRINTABLE_ASCII.test(password)) return 'password_not_ascii';
  const lower = password.toLowerCase();
  if (rules.differ_from_username && isSameAsName(lower, context)) return 'password_same_as_username';
  if (rules.reject_common && (isTriviallyWeakPassword(password) || context.isCommonPassword?.(password))) {
    return 'password_weak';
  }
  return null;
}

/**
 * The lowest minimum any rule set has allowed (6, of 6 and 8; docs/product/accounts.md#sign-up): the login
 * form must never refuse a password an account could have been made with.
 */
const LOGIN_PASSWORD_MIN_LENGTH = 6;

/**
 * The login form's own check (docs/product/accounts.md#login: every login password problem
 * shows 'The password you entered is incorrect.'). Only what no account's password can be is refused
 * before asking the server: empty or too short. Same-as-username and common passwords are left
 * to the server's answer, since accounts made under looser rules may have such passwords.
 */
export function loginPasswordProblem(
  password: string,
): 'login_password_invalid' | 'password_required' | null {
  if (password === '') return 'password_required';
  return password.length < LOGIN_PASSWORD_MIN_LENGTH ? 'login_password_invalid' : null;
}
