import { RECOVERY_MODAL_CODES } from '@pinboard/shared';
import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../api/client.ts';
import { loginOutcomeOfError } from './loginOutcome.ts';

function answer(code: string, data?: Record<string, unknown>, field: string | null = null) {
  return new ApiRequestError({
    http_status: 401,
    api_error_code: 0,
    code,
    message: code,
    message_detail: null,
    field,
    ...(data ? { data } : {}),
  });
}

describe('loginOutcomeOfError', () => {
  it('reads mfa_required as the code step next, with where the code went', () => {
    expect(loginOutcomeOfError(answer('mfa_required', { phone_number_end: '0100' }, 'mfa_token'))).toEqual({
      kind: 'mfaNeeded',
      phoneNumberEnd: '0100',
    });
    expect(loginOutcomeOfError(answer('mfa_required'))).toEqual({ kind: 'mfaNeeded', phoneNumberEnd: '' });
  });

  it('reads the texting cap after a right password as the code step, with the backup codes', () => {
    const limited = answer('mfa_send_limited', { phone_number_end: '0100', backup_codes: true });
    expect(loginOutcomeOfError(limited)).toEqual({
      kind: 'mfaNeeded',
      phoneNumberEnd: '0100',
      sendLimit: { backupCodes: true },
    });
    expect(loginOutcomeOfError(answer('mfa_send_limited', { backup_codes: false }))).toEqual({
      kind: 'mfaNeeded',
      phoneNumberEnd: '',
      sendLimit: { backupCodes: false },
    });
  });

  it('reads a refused resend (no backup_codes) as an error on the code field', () => {
    expect(loginOutcomeOfError(answer('mfa_send_limited'))).toEqual({
      kind: 'failed',
      error: { kind: 'field', field: 'code', code: 'mfa_send_limited' },
    });
  });

  it('places every other answer as a failure', () => {
    expect(loginOutcomeOfError(answer('login_password_incorrect'))).toEqual({
      kind: 'failed',
      error: { kind: 'field', field: 'password', code: 'login_password_incorrect' },
    });
    expect(loginOutcomeOfError(answer('login_rate_limited'))).toEqual({
      kind: 'failed',
      error: { kind: 'recovery', code: RECOVERY_MODAL_CODES.rateLimited },
    });
    expect(loginOutcomeOfError(new TypeError('offline'))).toEqual({
      kind: 'failed',
      error: { kind: 'form', text: 'generic' },
    });
  });
});
