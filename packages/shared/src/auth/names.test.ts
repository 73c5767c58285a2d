import { describe, expect, it } from 'vitest';
import { UsernameSchema } from '../ids.ts';
import { firstNameFromEmail, splitFullName, usernameFromEmail } from './names.ts';

/** A fixed random source: always the same draw, so the shuffle is repeatable. */
const fixedRandom = () => 0.5;

describe('firstNameFromEmail', () => {
  it('turns dots and underscores into spaces, drops digits and title-cases', () => {
    expect(firstNameFromEmail('ada.LOVELACE_1815@example.com', {})).toBe('Ada Lovelace');
    expect(firstNameFromEmail('grace99@example.com', { country: 'US' })).toBe('Grace');
  });

  it('keeps only letters and spaces: any other character separates words', () => {
    expect(firstNameFromEmail('nora.tester+pins@example.com', {})).toBe('Nora Tester Pins');
    expect(firstNameFromEmail('nora.tester+@example.com', {})).toBe('Nora Tester');
    expect(firstNameFromEmail("o'brien-smith!#$%&*=?^`{|}~@example.com", {})).toBe('O Brien Smith');
    expect(firstNameFromEmail('zoë.müller@example.com', {})).toBe('Zoë Müller');
    expect(firstNameFromEmail('+-!@example.com', { random: fixedRandom })).toMatch(/^User_[a-z]{8}$/);
  });

  it('cuts the name to 30 characters', () => {
    const name = firstNameFromEmail(`${'abcdefghij.'.repeat(4)}@example.com`, {});
    expect(name).toBe('Abcdefghij Abcdefghij Abcdefgh');
    expect(name).toHaveLength(30);
  });

  it('gives GB sign-ups User_ and shuffled random letters, never the address', () => {
    const name = firstNameFromEmail('ada.lovelace@example.com', { country: 'gb', random: fixedRandom });
    expect(name).toMatch(/^User_[a-z]{8}$/);
    expect(new Set(name.slice(5)).size).toBe(8);
    expect(firstNameFromEmail('x@example.com', { country: 'GB', random: fixedRandom })).toBe(name);
    expect(firstNameFromEmail('x@example.com', { country: 'GB', random: () => 0 })).not.toBe(name);
  });

  it('falls back to the anonymous name when nothing is left', () => {
    expect(firstNameFromEmail('1815@example.com', { random: fixedRandom })).toMatch(/^User_[a-z]{8}$/);
  });
});

describe('splitFullName', () => {
  it('takes the first word as first name and the rest as last name', () => {
    expect(splitFullName('  Ada  King Lovelace ')).toEqual({ first_name: 'Ada', last_name: 'King Lovelace' });
    expect(splitFullName('Ada')).toEqual({ first_name: 'Ada', last_name: '' });
    expect(splitFullName('')).toEqual({ first_name: '', last_name: '' });
  });
});

describe('usernameFromEmail', () => {
  it.each([
    ['Ada.Lovelace@example.com', 'ada.lovelace'],
    ['ada+pins-2@example.com', 'adapins2'],
    [`${'a'.repeat(40)}@example.com`, 'a'.repeat(30)],
    ['al@example.com', 'al_pinner'],
    ['admin@example.com', 'admin_pinner'],
    ['ñ@example.com', 'pinner'],
  ])('makes %s into %s', (email, username) => {
    expect(usernameFromEmail(email)).toBe(username);
    expect(UsernameSchema.safeParse(username).success).toBe(true);
  });
});
