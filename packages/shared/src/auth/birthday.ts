import type { ErrorCode } from '../errors.ts';
import { AUTH_LIMITS } from './limits.ts';

export type BirthdayErrorCode = Extract<
  ErrorCode,
  'birthday_required' | 'age_missing' | 'birthday_invalid' | 'underage' | 'overage'
>;

/**
 * EU and EEA countries (ISO 3166-1 alpha-2). A missing age there is answered with
 * 'We need to know your age to provide you this service.', because the law there makes the age
 * a condition of the service rather than a form field like elsewhere.
 */
export const AGE_REQUIRED_WITH_MESSAGE_COUNTRIES: ReadonlySet<string> = new Set([
  ...['AT', 'BE', 'BG', 'HR', 'CY', 'CZ', 'DK', 'EE', 'FI', 'FR', 'DE', 'GR', 'HU', 'IE', 'IT'],
  ...['LV', 'LT', 'LU', 'MT', 'NL', 'PL', 'PT', 'RO', 'SK', 'SI', 'ES', 'SE', 'IS', 'LI', 'NO'],
]);

/**
 * Countries whose minimum age for an account differs from AUTH_LIMITS.minAgeYears: South Korea's
 * personal-information law needs a guardian's consent below 14, which sign-up cannot collect.
 */
export const MIN_AGE_BY_COUNTRY: Readonly<Record<string, number>> = { KR: 14 };

/** Whole years from `birth` to `now`, both read as UTC calendar dates. */
function fullYearsBetween(birth: Date, now: Date): number {
  const years = now.getUTCFullYear() - birth.getUTCFullYear();
  const birthdayPassed =
    now.getUTCMonth() > birth.getUTCMonth() ||
    (now.getUTCMonth() === birth.getUTCMonth() && now.getUTCDate() >= birth.getUTCDate());
  return birthdayPassed ? years : years - 1;
}

/**
 * The first birthday problem, or null (docs/product/accounts.md#rules). `birthdaySeconds` is
 * unix seconds at UTC midnight of the entered date. Missing: age_missing in the EU/EEA, else
 * birthday_required. After the start of the current year (1 January 00:00 UTC): birthday_invalid.
 * Younger than the country's minimum age (13; 14 in KR): underage. Older than 120 whole years:
 * overage.
 */
export function checkBirthday(
  birthdaySeconds: number | undefined,
  options: { now: Date; country?: string },
): BirthdayErrorCode | null {
  const country = options.country?.toUpperCase() ?? '';
  if (birthdaySeconds === undefined) {
    return AGE_REQUIRED_WITH_MESSAGE_COUNTRIES.has(country) ? 'age_missing' : 'birthday_required';
  }
  const startOfYear = Date.UTC(options.now.getUTCFullYear(), 0, 1);
  const birth = new Date(birthdaySeconds * 1000);
  if (!Number.isFinite(birth.getTime()) || birth.getTime() > startOfYear) return 'birthday_invalid';
  const age = fullYearsBetween(birth, options.now);
  if (age < (MIN_AGE_BY_COUNTRY[country] ?? AUTH_LIMITS.minAgeYears)) return 'underage';
  return age > AUTH_LIMITS.maxAgeYears ? 'overage' : null;
}
