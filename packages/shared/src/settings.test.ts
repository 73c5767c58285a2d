import { describe, expect, it } from 'vitest';
import { ERRORS } from './errors.ts';
import {
  ChangeEmailBodySchema,
  ChangePasswordBodySchema,
  CloseAccountBodySchema,
  PhoneConfirmBodySchema,
  PhoneNumberSchema,
  PhoneStartBodySchema,
  TwoFactorBodySchema,
  toE164,
} from './settings.ts';

const issue = (result: { error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('PhoneNumberSchema', () => {
  it('normalises a number with its country code to E.164', () => {
    expect(PhoneNumberSchema.parse('+1 415 555 0100')).toBe('+14155550100');
    expect(PhoneNumberSchema.parse('+44 20 7946 0958')).toBe('+442079460958');
    expect(toE164('(415) 555-0100')).toBeNull();
  });
  it('answers phone_invalid otherwise', () => {
    for (const bad of ['', '415', '+1 12', 'phone', '+999 1234567', '9'.repeat(41)]) {
      expect(issue(PhoneNumberSchema.safeParse(bad))).toBe('phone_invalid');
    }
  });
});

describe('settings bodies', () => {
  it('parse the contract shapes', () => {
    expect(PhoneStartBodySchema.parse({ phone_number: '+14155550100', password: 'p' })).toEqual({
      phone_number: '+14155550100',
      password: 'p',
    });
    expect(PhoneConfirmBodySchema.parse({ code: '123 456' })).toEqual({ code: '123456' });
    expect(issue(TwoFactorBodySchema.safeParse({ enabled: true, password: '' }))).toBe('reauth_failed');
    expect(
      issue(
        ChangePasswordBodySchema.safeParse({
          current_password: '',
          new_password: 'x',
          end_other_sessions: true,
        }),
      ),
    ).toBe('current_password_incorrect');
    expect(CloseAccountBodySchema.safeParse({ password: 'p', mode: 'delete' }).success).toBe(false);
  });
  it('takes a new email by the sign-up rules and the password', () => {
    expect(ChangeEmailBodySchema.parse({ email: ' ada.new@example.com ', password: 'p' })).toEqual({
      email: 'ada.new@example.com',
      password: 'p',
    });
    expect(issue(ChangeEmailBodySchema.safeParse({ email: '', password: 'p' }))).toBe('email_required');
    expect(issue(ChangeEmailBodySchema.safeParse({ email: 'ada@', password: 'p' }))).toBe(
      'email_invalid_format',
    );
    expect(issue(ChangeEmailBodySchema.safeParse({ email: 'ada@mailinator.com', password: 'p' }))).toBe(
      'email_excluded_domain',
    );
    expect(issue(ChangeEmailBodySchema.safeParse({ email: 'ada@example.com', password: '' }))).toBe(
      'reauth_failed',
    );
    expect(
      ChangeEmailBodySchema.safeParse({ email: 'ada@example.com', password: 'p', username: 'x' }).success,
    ).toBe(false);
  });
  it('has the settings errors', () => {
    expect(ERRORS.email_unchanged).toMatchObject({ status: 400, apiCode: 167, field: 'email' });
    expect(ERRORS.current_password_incorrect).toMatchObject({ status: 400, field: 'current_password' });
    expect(ERRORS.reauth_failed).toMatchObject({ status: 401, field: 'password' });
    expect(ERRORS.phone_not_confirmed.status).toBe(400);
    expect(ERRORS.phone_confirm_code_incorrect.status).toBe(400);
  });
});
