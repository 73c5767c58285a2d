import {
  AUTH_LIMITS,
  ERRORS,
  EmailSchema,
  emailContainsProductName,
  emailDomainOf,
  firstNameFromEmail,
  splitFullName,
  usernameFromEmail,
  type ErrorCode,
  type SocialRegisterBody,
} from '@pinboard/shared';
import type { VerifiedIdentity } from '../../../adapters/identity/identity.ts';
import { AppError } from '../../../lib/app-error.ts';

const LAST_NAME_MAX_LENGTH = 100;

/**
 * The address a social sign-up gets: the provider's, and only when it gave none the one typed
 * in EmailCollection (else `social_email_required`), by the sign-up email rules. An SSO domain's
 * issuer vouches for its own domain only, so an SSO account's address must be at that domain.
 */
export function signupEmailOf(identity: VerifiedIdentity, body: SocialRegisterBody): string {
  const email = identity.email ?? body.email;
  if (!email) throw new AppError('social_email_required');
  const parsed = EmailSchema.safeParse(email);
  if (!parsed.success) {
    const code = parsed.error.issues[0]?.message;
    throw new AppError(code && code in ERRORS ? (code as ErrorCode) : 'email_invalid', { field: 'email' });
  }
  if (emailContainsProductName(parsed.data)) throw new AppError('email_contains_product_name');
  if (identity.provider.startsWith('sso:') && emailDomainOf(parsed.data) !== identity.provider.slice(4)) {
    throw new AppError('email_invalid');
  }
  return parsed.data;
}

/**
 * Why a new identity cannot take an address an account already has (decision 21): the recovery
 * modals for a Facebook or Google address, EmailAlreadyExist (`email_taken`, naming the address
 * in `error.data.email`) for LINE and SSO, and for an address the person typed (it is theirs to
 * log in with, not the provider's).
 */
export function emailTakenError(identity: VerifiedIdentity, email: string): AppError {
  if (identity.email !== null && identity.provider === 'facebook')
    return new AppError('facebook_register_prevented');
  if (identity.email !== null && identity.provider === 'google')
    return new AppError('google_register_prevented');
  return new AppError('email_taken', { data: { email } });
}

/** Unix seconds of the provider's birthday (UTC midnight), else the one typed in socialSignupWithAge. */
export function signupBirthdayOf(identity: VerifiedIdentity, body: SocialRegisterBody): number | undefined {
  if (identity.birthdate) {
    const seconds = Date.parse(`${identity.birthdate}T00:00:00Z`) / 1000;
    if (Number.isFinite(seconds)) return seconds;
  }
  return body.birthday;
}

/**
 * The names the provider gave (given and family, else its display name split as for an
 * email sign-up), else the typed ones, else the email sign-up's name from the address. First name at most 30.
 */
export function signupNamesOf(
  identity: VerifiedIdentity,
  body: SocialRegisterBody,
  email: string,
  country: string,
): { firstName: string; lastName: string } {
  let first = identity.givenName.trim();
  let last = identity.familyName.trim();
  if (!first && !last && identity.name.trim()) {
    const split = splitFullName(identity.name);
    first = split.first_name;
    last = split.last_name;
  }
  if (!first && !last) {
    first = body.first_name ?? '';
    last = body.last_name ?? '';
  }
  if (!first) first = firstNameFromEmail(email, { country });
  return {
    firstName: first.slice(0, AUTH_LIMITS.firstNameMaxLength).trim(),
    lastName: last.slice(0, LAST_NAME_MAX_LENGTH).trim(),
  };
}

/**
 * The username to try: from the provider's address, or, when the address was typed (unverified),
 * from the name, put through the same rules as an address's local part. A name with nothing
 * usable (e.g. written in another script) falls back to the address.
 */
export function signupUsernameOf(
  identity: VerifiedIdentity,
  email: string,
  names: { firstName: string; lastName: string },
): string {
  if (identity.email !== null) return usernameFromEmail(email);
  const fromName = usernameFromEmail(`${[names.firstName, names.lastName].filter(Boolean).join('.')}@`);
  return fromName === 'pinner' ? usernameFromEmail(email) : fromName;
}
