import { createHmac, timingSafeEqual } from 'node:crypto';
import { NOTIFICATION_CATEGORIES, type NotificationCategory } from '@pinboard/shared/account-settings';

/*
 * The tokens of mailed links (decision 53): no table, an HMAC over what the link may do, the
 * account and its address at the time of the mail. `u.<id>.<category>[+<category>…].<mac>` changes
 * that person's mail choices (one-click: turns those categories off, no others); `s.<id>.<mac>` answers the survey
 * as that person. Changing the address voids every link mailed to the old one; nothing else
 * does, as RFC 8058 wants an unsubscribe link to keep working long after the mail.
 */

export type EmailLink =
  /** The categories a mail was sent for (a digest may gather several). */
  | { purpose: 'unsubscribe'; userId: number; categories: NotificationCategory[] }
  | { purpose: 'survey'; userId: number; categories: null };

const CATEGORIES = new Set<string>(NOTIFICATION_CATEGORIES);
const MAX_ID = 2 ** 53;

/** The signing key of mail links, derived from the session secret so it differs from other uses. */
export function emailLinkKey(sessionSecret: string): Buffer {
  return createHmac('sha256', sessionSecret).update('email-link-token').digest();
}

function mac(key: Buffer, scope: string, email: string): string {
  return createHmac('sha256', key).update(`${scope}\n${email.trim().toLowerCase()}`).digest('base64url');
}

const scopeOf = (link: EmailLink) =>
  link.purpose === 'unsubscribe'
    ? `u.${link.userId}.${[...new Set(link.categories)].sort().join('+')}`
    : `s.${link.userId}`;

/** The token of a link for the person whose current address is `email`. */
export function signEmailLink(key: Buffer, link: EmailLink, email: string): string {
  const scope = scopeOf(link);
  return `${scope}.${mac(key, scope, email)}`;
}

/** What a token claims, before its signature is checked against the account's address. */
export function parseEmailLink(token: string): EmailLink | null {
  const parts = token.split('.');
  const id = Number(parts[1]);
  if (!/^[1-9]\d{0,15}$/.test(parts[1] ?? '') || id >= MAX_ID) return null;
  if (parts[0] === 'u' && parts.length === 4) {
    const categories = parts[2]!.split('+');
    const known = categories.every((category) => CATEGORIES.has(category));
    if (!known || new Set(categories).size !== categories.length) return null;
    return { purpose: 'unsubscribe', userId: id, categories: categories as NotificationCategory[] };
  }
  if (parts[0] === 's' && parts.length === 3) return { purpose: 'survey', userId: id, categories: null };
  return null;
}

/** Whether `token` is the link `link` signed for the address `email`. */
export function emailLinkMatches(key: Buffer, token: string, link: EmailLink, email: string): boolean {
  const expected = Buffer.from(signEmailLink(key, link, email));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
