import { describe, expect, it } from 'vitest';
import { checkBirthday } from './birthday.ts';

const now = new Date('2025-06-15T12:00:00Z');
/** Unix seconds of a UTC date, as the sign-up form sends a birthday. */
const day = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / 1000;
const check = (iso: string, country?: string) => checkBirthday(day(iso), { now, country });

describe('checkBirthday', () => {
  it('accepts an adult', () => {
    expect(check('1990-03-02')).toBeNull();
  });

  it('asks for the age in the EU/EEA and for the birthday elsewhere', () => {
    expect(checkBirthday(undefined, { now, country: 'DE' })).toBe('age_missing');
    expect(checkBirthday(undefined, { now, country: 'no' })).toBe('age_missing');
    expect(checkBirthday(undefined, { now, country: 'US' })).toBe('birthday_required');
    expect(checkBirthday(undefined, { now })).toBe('birthday_required');
  });

  it('refuses a date after the start of the current year, but not the start itself', () => {
    expect(checkBirthday(Date.UTC(2025, 0, 1) / 1000 + 1, { now })).toBe('birthday_invalid');
    expect(check('2025-01-02')).toBe('birthday_invalid');
    expect(check('2025-01-01')).toBe('underage');
  });

  it('refuses a date that is no date', () => {
    expect(checkBirthday(Number.NaN, { now })).toBe('birthday_invalid');
    expect(checkBirthday(1e16, { now })).toBe('birthday_invalid');
  });

  it('accepts exactly 13 and refuses a day younger', () => {
    expect(check('2012-06-15')).toBeNull();
    expect(check('2012-06-16')).toBe('underage');
  });

  it('needs 14 in KR', () => {
    expect(check('2011-06-15', 'KR')).toBeNull();
    expect(check('2011-06-16', 'KR')).toBe('underage');
    expect(check('2012-06-15', 'KR')).toBe('underage');
  });

  it('accepts exactly 120 whole years and refuses 121', () => {
    expect(check('1905-06-15')).toBeNull();
    expect(check('1904-06-16')).toBeNull();
    expect(check('1904-06-15')).toBe('overage');
  });
});
