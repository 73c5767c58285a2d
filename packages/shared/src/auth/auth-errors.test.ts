import { describe, expect, it } from 'vitest';
import { ERRORS, errorFieldOf } from '../errors.ts';
import { AUTH_ERRORS } from './auth-errors.ts';

describe('AUTH_ERRORS', () => {
  it('are all in ERRORS with apiCodes 100-179, none shared with another code', () => {
    const apiCodes = Object.values(ERRORS).map((entry) => entry.apiCode);
    expect(new Set(apiCodes).size).toBe(apiCodes.length);
    for (const [code, entry] of Object.entries(AUTH_ERRORS)) {
      expect(ERRORS[code as keyof typeof ERRORS]).toBe(entry);
      expect(entry.apiCode).toBeGreaterThanOrEqual(100);
      expect(entry.apiCode).toBeLessThanOrEqual(199);
    }
  });

  it.each([
    ['email_required', "You missed a spot! Don't forget to add your email."],
    ['email_invalid_format', "Hmm...that doesn't look like an email address."],
    ['email_excluded_domain', "Sorry, this doesn't look like a valid email"],
    ['password_too_short', 'Your password is too short! You need 8+ characters.'],
    [
      'password_not_ascii',
      'Use only a mix of letters, numbers and special characters (for example: ?, !, $).',
    ],
    ['birthday_required', "You missed a spot. Don't forget to add your birthday."],
    ['underage', "Sorry, you're not eligible to sign up for Pinboard right now."],
    ['login_password_incorrect', 'The password you entered is incorrect. Try again or Reset your password'],
    [
      'login_rate_limited',
      'Oops! Too many login attempts – You have reached the maximum number of login attempts. Try again in 30 minutes.',
    ],
  ] as const)('%s reads the product text', (code, message) => {
    expect(ERRORS[code].message).toBe(message);
  });

  it('answers an unknown account and a wrong password with one 401, and lockouts with 429', () => {
    expect(ERRORS.login_password_incorrect.status).toBe(401);
    expect(ERRORS.login_rate_limited.status).toBe(429);
    expect(ERRORS.email_taken.status).toBe(409);
  });
});

describe('errorFieldOf', () => {
  it('names the field of a field error and null otherwise', () => {
    expect(errorFieldOf('email_taken')).toBe('email');
    expect(errorFieldOf('bot_check_failed')).toBe('recaptchaV3Token');
    expect(errorFieldOf('login_rate_limited')).toBeNull();
    expect(errorFieldOf('not_found')).toBeNull();
  });
});
