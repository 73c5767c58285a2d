import { describe, expect, it } from 'vitest';
import { ERRORS } from '../errors.ts';
import { BackupCodeSchema, LoginBodySchema, MFA_LIMITS, MfaCodeSchema, mfaSmsText } from '../index.ts';

const issue = (result: { error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('MfaCodeSchema', () => {
  it('takes 6 digits, spaces removed', () => {
    expect(MfaCodeSchema.parse('123 456')).toBe('123456');
    expect(MfaCodeSchema.parse(' 000111 ')).toBe('000111');
  });
  it('names the product codes for an empty or malformed code', () => {
    expect(issue(MfaCodeSchema.safeParse(''))).toBe('mfa_code_required');
    expect(issue(MfaCodeSchema.safeParse('   '))).toBe('mfa_code_required');
    expect(issue(MfaCodeSchema.safeParse('12345'))).toBe('mfa_code_invalid_format');
    expect(issue(MfaCodeSchema.safeParse('1234567'))).toBe('mfa_code_invalid_format');
    expect(issue(MfaCodeSchema.safeParse('12a456'))).toBe('mfa_code_invalid_format');
  });
});

describe('BackupCodeSchema', () => {
  it('normalises case, spaces and dashes', () => {
    expect(BackupCodeSchema.parse('ABCD-EFGH 23')).toBe('abcdefgh23');
    expect(issue(BackupCodeSchema.safeParse('abc'))).toBe('backup_code_incorrect');
    expect(issue(BackupCodeSchema.safeParse('abcdefgh10'))).toBe('backup_code_incorrect');
  });
});

describe('LoginBodySchema with two-factor fields', () => {
  it('takes mfa_token, mfa_resend and backup_code', () => {
    const body = LoginBodySchema.parse({
      username_or_email: 'a@b.co',
      password: 'x',
      mfa_token: '12 34 56',
      mfa_resend: false,
    });
    expect(body.mfa_token).toBe('123456');
    expect(
      LoginBodySchema.safeParse({ username_or_email: 'a', password: 'x', backup_code: 'x' }).success,
    ).toBe(false);
  });
});

describe('two-factor constants and errors', () => {
  it('keeps the contract numbers and texts', () => {
    expect(MFA_LIMITS).toEqual({
      codeDigits: 6,
      codeTtlMinutes: 10,
      maxWrongTriesPerCode: 5,
      sendsPerNumberPerHour: 5,
      backupCodes: 10,
    });
    expect(mfaSmsText('123456')).toBe('Your Pinboard code is 123456. It expires in 10 minutes.');
    expect(ERRORS.mfa_required).toMatchObject({ status: 401, apiCode: 150 });
    expect(ERRORS.mfa_code_required.message).toBe(
      "You missed a spot! Don't forget to add your verification code.",
    );
    expect(ERRORS.mfa_code_invalid_format.message).toBe("Hmm...that doesn't look like a verification code.");
    expect(ERRORS.mfa_code_incorrect).toMatchObject({ status: 401 });
    expect(ERRORS.mfa_code_expired).toMatchObject({ status: 401 });
    expect(ERRORS.mfa_send_limited).toMatchObject({ status: 429 });
    const codes = Object.values(ERRORS).map((entry) => entry.apiCode);
    expect(new Set(codes).size).toBe(codes.length);
  });
});
