import { isReservedUsername } from '../routes.ts';
import { AUTH_LIMITS } from './limits.ts';

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
/** How many shuffled letters follow `User_`. */
const ANONYMOUS_NAME_LETTERS = 8;
const USERNAME_MAX_LENGTH = 30;

function localPartOf(email: string): string {
  const trimmed = email.trim();
  const at = trimmed.lastIndexOf('@');
  return at < 0 ? trimmed : trimmed.slice(0, at);
}

/**
 * The words of a name made from an email's local part: digits dropped (`grace99` is Grace), every
 * other run of characters that are not letters a break between words.
 */
function nameWordsOf(localPart: string): string[] {
  return localPart
    .replace(/\p{N}/gu, '')
    .split(/[^\p{L}\p{M}]+/u)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1).toLowerCase());
}

/** `User_` and letters of the alphabet in a random order (Fisher-Yates on `random`). */
function anonymousFirstName(random: () => number): string {
  const letters = [...LETTERS];
  for (let i = letters.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [letters[i], letters[j]] = [letters[j]!, letters[i]!];
  }
  return `User_${letters.slice(0, ANONYMOUS_NAME_LETTERS).join('')}`;
}

/**
 * The first name an email sign-up gets (docs/product/accounts.md#rules): only the local part's
 * letters and spaces: digits removed, any other character (dots, underscores, `+`, `-`, …) a
 * space between words, title-cased, cut to 30 characters. In GB, where a name
 * must not be guessed from the address, `User_` and shuffled random letters; also when nothing
 * is left of the local part (`12345@...`). `random` is Math.random unless a test passes its own.
 */
export function firstNameFromEmail(
  email: string,
  options: { country?: string; random?: () => number },
): string {
  const random = options.random ?? Math.random;
  if (options.country?.toUpperCase() === 'GB') return anonymousFirstName(random);
  const words = nameWordsOf(localPartOf(email))
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1).toLowerCase());
  const name = words.join(' ').slice(0, AUTH_LIMITS.firstNameMaxLength).trim();
  return name === '' ? anonymousFirstName(random) : name;
}

/** The first word is the first name, the rest the last name. */
export function splitFullName(full: string): { first_name: string; last_name: string } {
  const [first = '', ...rest] = full.trim().split(/\s+/);
  return { first_name: first, last_name: rest.join(' ') };
}

/**
 * A username to try for an email sign-up: the local part's letters, digits, dots and
 * underscores, lower-cased and cut to 30, so it passes UsernameSchema. Too short or reserved
 * ones get `_pinner` added. The server makes it unique (and keeps within 30 doing so).
 */
export function usernameFromEmail(email: string): string {
  const base = localPartOf(email)
    .toLowerCase()
    .replace(/[^a-z0-9_.]/g, '')
    .slice(0, USERNAME_MAX_LENGTH);
  if (base === '') return 'pinner';
  if (base.length >= 3 && !isReservedUsername(base)) return base;
  return `${base}_pinner`.slice(0, USERNAME_MAX_LENGTH);
}
