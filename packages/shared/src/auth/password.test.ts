import { describe, expect, it } from 'vitest';
import { isCommonPassword } from './common-passwords.ts';
import { checkPassword, loginPasswordProblem, type PasswordContext } from './password.ts';
import { DEFAULT_PASSWORD_RULES, PasswordRulesSchema } from './password-rules.ts';

const context: PasswordContext = { username: 'ada_l', email: 'ada.lovelace@example.com', isCommonPassword };
const check = (password: string, extra: Partial<PasswordContext> = {}) =>
  checkPassword(password, DEFAULT_PASSWORD_RULES, { ...context, ...extra });

describe('DEFAULT_PASSWORD_RULES', () => {
  it('are the 8-character later flow with every rule on, and valid rules', () => {
    expect(PasswordRulesSchema.parse(DEFAULT_PASSWORD_RULES)).toEqual({
      min_length: 8,
      ascii_only: true,
      differ_from_username: true,
      reject_common: true,
    });
  });
});

describe('checkPassword', () => {
  it('accepts a long unusual password', () => {
    expect(check('Tulip-Engine-42')).toBeNull();
  });

  it('needs a password', () => {
    expect(check('')).toBe('password_required');
  });

  it('needs the rules minimum length (7 no, 8 yes)', () => {
    expect(check('Tk9#vLq')).toBe('password_too_short');
    expect(check('Tk9#vLqz')).toBeNull();
    expect(checkPassword('Tk9#v', { ...DEFAULT_PASSWORD_RULES, min_length: 5 }, context)).toBeNull();
  });

  it('allows printable ASCII with spaces only, unless the rules allow more', () => {
    expect(check('Tk9 #vLqz')).toBeNull();
    expect(check('Crème-brûlée-42')).toBe('password_not_ascii');
    expect(check('Tk9#vLqz\t')).toBe('password_not_ascii');
    expect(
      checkPassword('Crème-brûlée-42', { ...DEFAULT_PASSWORD_RULES, ascii_only: false }, context),
    ).toBeNull();
  });

  it('refuses the username, the email or its local part, in any case', () => {
    const named = { username: 'TulipEngine', email: 'Tulip.Garden@example.com' };
    expect(check('tulipengine', named)).toBe('password_same_as_username');
    expect(check('TULIP.GARDEN', named)).toBe('password_same_as_username');
    expect(check('tulip.garden@example.com', named)).toBe('password_same_as_username');
    expect(
      checkPassword(
        'tulipengine',
        { ...DEFAULT_PASSWORD_RULES, differ_from_username: false },
        { ...context, ...named },
      ),
    ).toBeNull();
  });

  it('refuses common passwords, in any case', () => {
    expect(check('password1')).toBe('password_weak');
    expect(check('Sunshine1')).toBe('password_weak');
    expect(check('iloveyou2')).toBe('password_weak');
  });

  it('refuses one repeated character and straight runs, either way', () => {
    for (const weak of ['zzzzzzzzzz', 'lmnopqrstu', '98765432', 'lkjhgfdsa', 'ertyuiop']) {
      expect(check(weak, { isCommonPassword: null })).toBe('password_weak');
    }
  });

  it('checks only the trivial patterns while the list is not loaded', () => {
    expect(check('password1', { isCommonPassword: null })).toBeNull();
  });

  it('lets weak passwords through when the rules say so', () => {
    expect(
      checkPassword('password1', { ...DEFAULT_PASSWORD_RULES, reject_common: false }, context),
    ).toBeNull();
  });

  it('reports the first problem in the product order', () => {
    expect(check('ada_l')).toBe('password_too_short');
    expect(check('ada_lövelace')).toBe('password_not_ascii');
    expect(check('12345678', { username: '12345678' })).toBe('password_same_as_username');
  });
});

describe('loginPasswordProblem', () => {
  it('needs a password', () => {
    expect(loginPasswordProblem('')).toBe('password_required');
  });

  it('calls anything shorter than any account could have incorrect (5 no, 6 yes)', () => {
    expect(loginPasswordProblem('abcde')).toBe('login_password_invalid');
    expect(loginPasswordProblem('abcdef')).toBeNull();
  });

  it('leaves common passwords to the server, which may hold an old account with one', () => {
    expect(loginPasswordProblem('password')).toBeNull();
  });
});
