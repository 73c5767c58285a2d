import { describe, expect, it } from 'vitest';
import { editDistance, emailTypoHint } from './email-typo.ts';

describe('editDistance', () => {
  it.each([
    ['', '', 0],
    ['gmail.com', 'gmail.com', 0],
    ['gmial.com', 'gmail.com', 2],
    ['gmai.com', 'gmail.com', 1],
    ['kitten', 'sitting', 3],
    ['', 'abc', 3],
  ])('%s to %s is %i', (a, b, distance) => {
    expect(editDistance(a, b)).toBe(distance);
    expect(editDistance(b, a)).toBe(distance);
  });
});

describe('emailTypoHint', () => {
  it.each([
    ['ada@gmai.com', 'ada@gmail.com'],
    ['ada@gmial.com', 'ada@gmail.com'],
    ['Ada.L@GMAL.COM', 'Ada.L@gmail.com'],
    ['ada@gmail.co', 'ada@gmail.com'],
    ['ada@gmail.con', 'ada@gmail.com'],
    ['ada@gmail.net', 'ada@gmail.com'],
    ['ada@gmail', 'ada@gmail.com'],
    ['ada@yahooo.com', 'ada@yahoo.com'],
    ['ada@hotmal.com', 'ada@hotmail.com'],
    ['ada@outlok.com', 'ada@outlook.com'],
    ['ada@hotmail.co.uj', 'ada@hotmail.co.uk'],
  ])('suggests a fix for %s', (email, hint) => {
    expect(emailTypoHint(email)).toBe(hint);
  });

  it.each([['ada@gmail.com'], ['ada@yahoo.com'], ['ada@ymail.com'], ['ada@mail.com'], ['ada@example.org']])(
    'leaves %s alone',
    (email) => {
      expect(emailTypoHint(email)).toBeNull();
    },
  );

  it('corrects other common domains only one edit away, gmail.com up to two', () => {
    expect(emailTypoHint('ada@hotmial.com')).toBeNull();
    expect(emailTypoHint('ada@gmial.com')).toBe('ada@gmail.com');
  });

  it('gives no hint without a local part or an @', () => {
    expect(emailTypoHint('@gmai.com')).toBeNull();
    expect(emailTypoHint('gmai.com')).toBeNull();
  });

  it('applies only to emails shorter than 60 characters (59 yes, 60 no)', () => {
    const at59 = `${'a'.repeat(50)}@gmai.com`;
    const at60 = `${'a'.repeat(51)}@gmai.com`;
    expect(at59).toHaveLength(59);
    expect(at60).toHaveLength(60);
    expect(emailTypoHint(at59)).toBe(`${'a'.repeat(50)}@gmail.com`);
    expect(emailTypoHint(at60)).toBeNull();
  });
});
