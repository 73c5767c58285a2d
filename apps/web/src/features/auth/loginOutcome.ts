import { ApiRequestError } from '../../api/client.ts';
import type { MfaSendLimit } from './flow.ts';
import { placeLoginError, type LoginErrorPlacement } from './loginErrors.ts';

/**
 * What a login call led to. A second factor is the next step of a right password, not a
 * failure: the flow moves to the code step on `mfaNeeded`, and only `failed` carries a message.
 */
export type LoginOutcome =
  | { kind: 'signedIn' }
  /**
   * The account asks for the code texted to the number ending in `phoneNumberEnd`; with
   * `sendLimit`, none could be texted (the hourly cap), and the backup codes are offered.
   */
  | { kind: 'mfaNeeded'; phoneNumberEnd: string; sendLimit?: MfaSendLimit }
  | { kind: 'failed'; error: LoginErrorPlacement };

/** Reads a login call's failure answer: a second factor asked for, or where the error goes. */
export function loginOutcomeOfError(error: unknown): LoginOutcome {
  if (error instanceof ApiRequestError) {
    const end = error.data.phone_number_end;
    const phoneNumberEnd = typeof end === 'string' ? end : '';
    if (error.code === 'mfa_required') return { kind: 'mfaNeeded', phoneNumberEnd };
    // Past the texting cap after a right password: the code step still, with the backup codes.
    // Without `backup_codes` it is a refused resend, which reads on the code field.
    if (error.code === 'mfa_send_limited' && 'backup_codes' in error.data) {
      return {
        kind: 'mfaNeeded',
        phoneNumberEnd,
        sendLimit: { backupCodes: error.data.backup_codes === true },
      };
    }
  }
  return { kind: 'failed', error: placeLoginError(error) };
}
