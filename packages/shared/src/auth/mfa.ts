import { z } from 'zod';

/**
 * Two-factor login (docs/product/accounts.md#api-calls): a texted 6-digit code, or one of the
 * account's backup codes. The numbers are the contract's; the server enforces them.
 */
export const MFA_LIMITS = {
  codeDigits: 6,
  codeTtlMinutes: 10,
  maxWrongTriesPerCode: 5,
  sendsPerNumberPerHour: 5,
  backupCodes: 10,
} as const;

/** Backup codes: 10 characters from an alphabet without look-alikes (no 0/o, 1/l/i). */
export const BACKUP_CODE_LENGTH = 10;
export const BACKUP_CODE_ALPHABET = '23456789abcdefghjkmnpqrstuvwxyz';

/**
 * A texted verification code: spaces are allowed and removed. Empty → `mfa_code_required`,
 * anything but 6 digits → `mfa_code_invalid_format` (the product's texts).
 */
export const MfaCodeSchema = z
  .string({ error: 'mfa_code_required' })
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(
    z
      .string()
      .min(1, { error: 'mfa_code_required', abort: true })
      .regex(new RegExp(`^\\d{${MFA_LIMITS.codeDigits}}$`), { error: 'mfa_code_invalid_format' }),
  );
export type MfaCode = z.infer<typeof MfaCodeSchema>;

/** A backup code as typed: spaces and dashes removed, lower case; a bad shape is simply wrong. */
export const BackupCodeSchema = z
  .string({ error: 'backup_code_incorrect' })
  .transform((value) => value.replace(/[\s-]+/g, '').toLowerCase())
  .pipe(
    z
      .string()
      .min(1, { error: 'mfa_code_required', abort: true })
      .regex(new RegExp(`^[${BACKUP_CODE_ALPHABET}]{${BACKUP_CODE_LENGTH}}$`), {
        error: 'backup_code_incorrect',
      }),
  );

/** `error.data` of a `mfa_required` answer: the last four digits of the number a code went to. */
export const MfaRequiredDataSchema = z.object({ phone_number_end: z.string() });
export type MfaRequiredData = z.infer<typeof MfaRequiredDataSchema>;

/** The SMS text; `{code}` is the 6 digits. */
export function mfaSmsText(code: string): string {
  return `Your Pinboard code is ${code}. It expires in ${MFA_LIMITS.codeTtlMinutes} minutes.`;
}
