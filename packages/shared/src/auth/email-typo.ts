import { AUTH_LIMITS } from './limits.ts';

/** The largest free-mail domain: the product's typo hint is built around it. */
const LARGEST_FREE_MAIL_DOMAIN = 'gmail.com';

/** Other common domains; a near miss (one edit) of one of them gets a hint too. */
const COMMON_DOMAINS = [
  'yahoo.com',
  'hotmail.com',
  'outlook.com',
  'icloud.com',
  'aol.com',
  'hotmail.co.uk',
  'live.com',
  'msn.com',
  'yahoo.co.uk',
  'hotmail.fr',
  'comcast.net',
  'protonmail.com',
];

/**
 * Real domains close to the ones above (`ymail.com` and `mail.com` are one edit from gmail.com):
 * their addresses are right as typed and get no hint.
 */
const REAL_DOMAINS: ReadonlySet<string> = new Set([
  LARGEST_FREE_MAIL_DOMAIN,
  ...COMMON_DOMAINS,
  ...['googlemail.com', 'ymail.com', 'mail.com', 'email.com', 'gmx.com', 'gmx.de', 'gmx.net', 'me.com'],
  ...['mac.com', 'aim.com', 'live.co.uk', 'live.fr', 'hotmail.de', 'hotmail.it', 'yahoo.fr', 'yahoo.de'],
  ...['yahoo.co.jp', 'yahoo.co.in', 'outlook.fr', 'outlook.de', 'web.de', 'proton.me', 'pm.me', 'mail.ru'],
]);

/** Levenshtein distance: the fewest single-character insertions, deletions and substitutions. */
export function editDistance(a: string, b: string): number {
  // One row of the dynamic-programming table at a time.
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      const substitution = previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min(previous[j]! + 1, current[j - 1]! + 1, substitution));
    }
    previous = current;
  }
  return previous[b.length]!;
}

function suggestedDomain(domain: string): string | null {
  if (REAL_DOMAINS.has(domain)) return null;
  const distance = editDistance(domain, LARGEST_FREE_MAIL_DOMAIN);
  // `gmail.co`, `gmail.net`, `gmail.con`, `gmail`: the right name with another ending or none.
  if (distance <= 2 || domain === 'gmail' || domain.startsWith('gmail.')) return LARGEST_FREE_MAIL_DOMAIN;
  return COMMON_DOMAINS.find((common) => editDistance(domain, common) === 1) ?? null;
}

/**
 * The address to offer in 'Did you mean {email}?' (docs/product/accounts.md#rules), or null:
 * a domain one or two edits from gmail.com, gmail with another ending, or one edit from another
 * common domain gets the corrected domain, with the local part as typed. Only for emails
 * shorter than 60 characters, and never for an address already at a real domain.
 */
export function emailTypoHint(email: string): string | null {
  const trimmed = email.trim();
  if (trimmed.length >= AUTH_LIMITS.typoHintMaxLength) return null;
  const at = trimmed.lastIndexOf('@');
  if (at <= 0) return null;
  const suggestion = suggestedDomain(trimmed.slice(at + 1).toLowerCase());
  return suggestion === null ? null : `${trimmed.slice(0, at)}@${suggestion}`;
}
