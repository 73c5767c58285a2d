import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORD_LIST } from './common-password-list.ts';
import { isCommonPassword } from './common-passwords.ts';

describe('isCommonPassword', () => {
  it('holds at least the 10,000 most common passwords that a length rule does not refuse', () => {
    const list = COMMON_PASSWORD_LIST.split(' ');
    expect(list.length).toBeGreaterThanOrEqual(10_000);
    expect(list.every((password) => password.length >= 6 && password === password.toLowerCase())).toBe(true);
  });

  it.each([['password'], ['PASSWORD'], ['qwerty123'], ['iloveyou'], ['football1']])(
    'knows %s',
    (password) => {
      expect(isCommonPassword(password)).toBe(true);
    },
  );

  it('does not know an unusual password', () => {
    expect(isCommonPassword('Tulip-Engine-42')).toBe(false);
  });
});
