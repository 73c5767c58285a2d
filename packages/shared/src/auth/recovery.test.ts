import { describe, expect, it } from 'vitest';
import { ERRORS } from '../errors.ts';
import {
  ForgotPasswordBodySchema,
  RESET_TOKEN_TTL_MINUTES,
  RECOVERY_MODAL_CODES,
  ResetPasswordBodySchema,
} from '../index.ts';

describe('ForgotPasswordBodySchema', () => {
  it('takes an email or username and the experiment type', () => {
    expect(ForgotPasswordBodySchema.parse({ username_or_email: ' a@b.co ', type: 'unified' })).toEqual({
      username_or_email: 'a@b.co',
      type: 'unified',
    });
    expect(ForgotPasswordBodySchema.safeParse({ username_or_email: 'a', type: 'other' }).success).toBe(false);
    expect(ForgotPasswordBodySchema.safeParse({ username_or_email: 'a', type: 'reset', x: 1 }).success).toBe(
      false,
    );
    const empty = ForgotPasswordBodySchema.safeParse({ username_or_email: ' ', type: 'reset' });
    expect(empty.error?.issues[0]?.message).toBe('username_or_email_required');
  });
});

describe('ResetPasswordBodySchema', () => {
  it('names reset_token_invalid for a token of the wrong length', () => {
    const short = ResetPasswordBodySchema.safeParse({ token: 'abc', password: 'x' });
    expect(short.error?.issues[0]?.message).toBe('reset_token_invalid');
    const long = ResetPasswordBodySchema.safeParse({ token: 'a'.repeat(129), password: 'x' });
    expect(long.error?.issues[0]?.message).toBe('reset_token_invalid');
    expect(ResetPasswordBodySchema.safeParse({ token: 'a'.repeat(43), password: 'x' }).success).toBe(true);
  });
});

describe('recovery constants and errors', () => {
  it('keeps the contract numbers and texts', () => {
    expect(RESET_TOKEN_TTL_MINUTES).toBe(60);
    expect(RECOVERY_MODAL_CODES).toBeDefined();
    expect(ERRORS.reset_token_invalid).toMatchObject({ status: 400, apiCode: 140, field: 'token' });
    expect(ERRORS.account_soft_banned).toMatchObject({ status: 403, apiCode: 141 });
    expect(ERRORS.account_soft_banned.message).toBe(
      'We noticed some strange activity on your account.  Reset your password or log in with Facebook or Google to get back into your account.',
    );
    expect(ERRORS.forgot_password_rate_limited).toMatchObject({ status: 429, apiCode: 142 });
  });
});
