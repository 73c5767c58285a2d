import { createHmac, randomInt } from 'node:crypto';
import {
  BACKUP_CODE_ALPHABET,
  BACKUP_CODE_LENGTH,
  MFA_LIMITS,
  mfaSmsText,
  type LoginBody,
} from '@pinboard/shared';
import type { SmsSender } from '../../../adapters/sms/index.ts';
import type { Executor } from '../../../db/client.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { AuthDeps } from '../auth-deps.ts';
import type { CountedAccount } from '../auth.policy.ts';
import {
  checkCode,
  countUnusedBackupCodes,
  findConfirmedPhone,
  findCountedAccount,
  replaceCode,
  useBackupCode,
  type CodeCheck,
  type MfaPurpose,
} from './mfa.repository.ts';

/** What two-factor needs beyond sign-in: the SMS sender and the secret codes are keyed with. */
export interface MfaDeps extends AuthDeps {
  sms: SmsSender;
  /** The session secret: codes are stored as HMAC-SHA256 under it (decision 20). */
  mfaSecret: string;
}

/** The code's HMAC, bound to the account and the purpose, so a stored hash fits nothing else. */
export function hashMfaCode(secret: string, userId: number, purpose: MfaPurpose | 'backup', code: string) {
  return createHmac('sha256', secret).update(`${purpose}:${userId}:${code}`).digest('hex');
}

/** 6 digits from the CSPRNG, leading zeros kept. */
export const newNumericCode = () =>
  String(randomInt(0, 10 ** MFA_LIMITS.codeDigits)).padStart(MFA_LIMITS.codeDigits, '0');

/** The detail of a `mfa_send_limited` login answer for an account with backup codes left. */
export const MFA_SEND_LIMITED_BACKUP_DETAIL = 'You can log in with one of your backup codes instead.';

/** The last four digits, the only part of the number answers ever show. */
export const phoneEnd = (e164: string) => e164.slice(-4);

/**
 * Texts a new code of `purpose` to `target`, replacing the account's earlier one of that purpose.
 * The hourly caps (per number, per account) are checked first (`mfa_send_limited`).
 */
export async function sendCode(
  deps: MfaDeps,
  input: { userId: number; purpose: MfaPurpose; target: string; now: Date },
): Promise<void> {
  const account = await findCountedAccount(deps.db, input.userId);
  if (!account) throw new AppError('auth_required');
  await deps.limits.assertMfaSendAllowed(input.target, account);
  const code = newNumericCode();
  await replaceCode(deps.db, {
    userId: input.userId,
    purpose: input.purpose,
    target: input.target,
    codeHash: hashMfaCode(deps.mfaSecret, input.userId, input.purpose, code),
    expiresAt: new Date(input.now.getTime() + MFA_LIMITS.codeTtlMinutes * 60_000),
  });
  await deps.sms.send({ to: input.target, text: mfaSmsText(code) });
}

/** Checks a typed code against the account's live code of `purpose` (at most 5 wrong tries). */
export function verifyCode(
  deps: MfaDeps,
  db: Executor,
  input: { userId: number; purpose: MfaPurpose; code: string; now: Date },
): Promise<CodeCheck> {
  return checkCode(db, {
    userId: input.userId,
    purpose: input.purpose,
    codeHash: hashMfaCode(deps.mfaSecret, input.userId, input.purpose, input.code),
    now: input.now,
    maxWrong: MFA_LIMITS.maxWrongTriesPerCode,
  });
}

/** A new set of backup codes: the codes (shown once) and their hashes (stored). */
export function newBackupCodes(secret: string, userId: number) {
  const codes = Array.from({ length: MFA_LIMITS.backupCodes }, () =>
    Array.from(
      { length: BACKUP_CODE_LENGTH },
      () => BACKUP_CODE_ALPHABET[randomInt(BACKUP_CODE_ALPHABET.length)],
    ).join(''),
  );
  return { codes, hashes: codes.map((code) => hashMfaCode(secret, userId, 'backup', code)) };
}

/**
 * The `mfa_required` answer, after texting a login code to the account's phone. Past the texting
 * caps the answer is `mfa_send_limited` instead, and says whether the account has unused backup
 * codes (`error.data.backup_codes`): a backup code needs no text, so the login goes on with one
 * (and the last code texted still works).
 */
async function requireCode(deps: MfaDeps, userId: number, now: Date, extra: Record<string, unknown>) {
  const phone = await findConfirmedPhone(deps.db, userId);
  const phoneNumberEnd = phone ? phoneEnd(phone) : '';
  if (phone) {
    try {
      await sendCode(deps, { userId, purpose: 'login', target: phone, now });
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== 'mfa_send_limited') throw error;
      const backupCodes = (await countUnusedBackupCodes(deps.db, userId)) > 0;
      return new AppError('mfa_send_limited', {
        detail: backupCodes ? MFA_SEND_LIMITED_BACKUP_DETAIL : undefined,
        data: { phone_number_end: phoneNumberEnd, backup_codes: backupCodes, ...extra },
      });
    }
  }
  return new AppError('mfa_required', { data: { phone_number_end: phoneNumberEnd, ...extra } });
}

/**
 * The second factor of a login whose password was right (decision 20). Passes quietly when the
 * texted code or an unused backup code is right; otherwise throws:
 * - no code, or `mfa_resend`: a new code is texted and the answer is `mfa_required`
 *   (`mfa_send_limited` past the texting caps, with whether backup codes are left);
 * - a wrong code: `mfa_code_incorrect` (a failed login of the account); a used, expired, replaced
 *   or 5-times-wrong one: `mfa_code_expired` (not a guess: the code was not compared);
 * - a wrong or used backup code: `backup_code_incorrect` (a failed login of the account).
 * Runs outside any transaction: a wrong try must stay counted when the login then fails.
 */
export async function passSecondFactor(
  deps: MfaDeps,
  input: {
    account: CountedAccount;
    body: Pick<LoginBody, 'mfa_token' | 'mfa_resend' | 'backup_code'>;
    ip: string;
    now: Date;
    /** Extra `error.data` of the mfa_required answer (the reset page's login name). */
    extra?: Record<string, unknown>;
  },
): Promise<void> {
  const { body, account, now } = input;
  const userId = account.id;
  if (body.backup_code && !body.mfa_resend) {
    const codeHash = hashMfaCode(deps.mfaSecret, userId, 'backup', body.backup_code);
    if (await useBackupCode(deps.db, userId, codeHash, now)) return;
    await deps.limits.recordLoginFailure({ account }, input.ip);
    throw new AppError('backup_code_incorrect');
  }
  if (!body.mfa_token || body.mfa_resend) throw await requireCode(deps, userId, now, input.extra ?? {});
  const check = await verifyCode(deps, deps.db, { userId, purpose: 'login', code: body.mfa_token, now });
  if (check.outcome === 'wrong') {
    await deps.limits.recordLoginFailure({ account }, input.ip);
    throw new AppError('mfa_code_incorrect');
  }
  if (check.outcome === 'dead') throw new AppError('mfa_code_expired');
}
