import { z } from 'zod';

/**
 * The sign-up email pattern (docs/product/accounts.md#sign-up): a local part of word characters and symbols,
 * `@`, then dot-separated labels. Only ASCII matches (`\w` without the `u` flag), which is the product's
 * "disallowed non-ASCII characters fail". At least two labels, so `ada@localhost` is refused.
 */
export const EMAIL_PATTERN =
  /^[\w!#$%&'*+/=?^`{|}~.-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+$/;

/** RFC 5321's limit on a whole address; longer ones cannot be delivered to. */
export const EMAIL_MAX_LENGTH = 254;

/**
 * Throwaway-inbox services. The product refuses "certain free-mail domains" without naming them;
 * refusing ordinary free mail (gmail.com, yahoo.com) would refuse most people, so we read it as
 * the disposable services, whose addresses stop working within hours and so can never receive a
 * password reset. Short on purpose: it ships to the browser, and the server may refuse more
 * (`/v3/email/validation/` answering `is_valid: false`).
 */
export const EXCLUDED_EMAIL_DOMAINS: ReadonlySet<string> = new Set([
  '10minutemail.com',
  'burnermail.io',
  'discard.email',
  'dispostable.com',
  'emailondeck.com',
  'fakeinbox.com',
  'getnada.com',
  'grr.la',
  'guerrillamail.biz',
  'guerrillamail.com',
  'guerrillamail.de',
  'guerrillamail.net',
  'guerrillamail.org',
  'guerrillamailblock.com',
  'mailcatch.com',
  'maildrop.cc',
  'mailinator.com',
  'mailnesia.com',
  'mintemail.com',
  'mohmal.com',
  'sharklasers.com',
  'spam4.me',
  'temp-mail.io',
  'temp-mail.org',
  'tempmail.com',
  'tempmailo.com',
  'throwawaymail.com',
  'trashmail.com',
  'yopmail.com',
  'yopmail.fr',
  'yopmail.net',
]);

/** The domain of an address, lower-cased; '' when there is no `@`. */
export function emailDomainOf(email: string): string {
  const at = email.lastIndexOf('@');
  return at < 0
    ? ''
    : email
        .slice(at + 1)
        .trim()
        .toLowerCase();
}

/** The address is at an excluded domain or one of its subdomains. */
export function isExcludedEmailDomain(email: string): boolean {
  const labels = emailDomainOf(email).split('.');
  return labels.some((_, i) => EXCLUDED_EMAIL_DOMAINS.has(labels.slice(i).join('.')));
}

/**
 * The email contains the product name: the local part or the domain has
 * "pinboard" in it, so nobody signs up as an official-looking `pinboard.support@...`.
 */
export function emailContainsProductName(email: string): boolean {
  return email.toLowerCase().includes('pinboard');
}

/**
 * A sign-up email (docs/product/accounts.md#rules), trimmed. Issues carry the ERRORS code; the first failing
 * check stops the rest, so one field shows one message.
 */
export const EmailSchema = z
  .string({ error: 'email_required' })
  .trim()
  .min(1, { error: 'email_required', abort: true })
  .max(EMAIL_MAX_LENGTH, { error: 'email_invalid_format', abort: true })
  .regex(EMAIL_PATTERN, { error: 'email_invalid_format', abort: true })
  .refine((email) => !isExcludedEmailDomain(email), { error: 'email_excluded_domain' });
