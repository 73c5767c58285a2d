import { DEFAULT_PASSWORD_RULES, checkPassword } from '@pinboard/shared';
import type {
  AccountSecurity,
  ChangePasswordBody,
  PhoneConfirmBody,
  PhoneStartBody,
  PhoneStartResult,
  TwoFactorBody,
} from '@pinboard/shared/settings';
import { isCommonPassword } from '@pinboard/shared/auth/common-passwords';
import { AppError } from '../../lib/app-error.ts';
import {
  deleteCodes,
  deletePhone,
  findConfirmedPhone,
  findSecurityFacts,
  replaceBackupCodes,
  setTwoFactor,
  upsertConfirmedPhone,
} from '../auth/mfa/mfa.repository.ts';
import { newBackupCodes, phoneEnd, sendCode, verifyCode, type MfaDeps } from '../auth/mfa/mfa.service.ts';
import { hashPassword } from '../auth/passwords.ts';
import { reauthenticate } from './reauth.ts';
import { presentAccountSecurity } from './settings.presenter.ts';
import { deleteSessionsExcept, updatePassword } from './settings.repository.ts';
import { endingSessions } from '../auth/session-lookups.ts';

/** Who is asking: the signed-in account and its current session. */
export interface SettingsViewer {
  userId: number;
  sessionIdHash: string;
}

/** `GET /v3/users/settings/security/`. */
export async function getAccountSecurity(deps: MfaDeps, userId: number): Promise<AccountSecurity> {
  const facts = await findSecurityFacts(deps.db, userId);
  if (!facts) throw new AppError('auth_required');
  return presentAccountSecurity(facts);
}

/**
 * `POST /v3/users/settings/password/`: the current password (`current_password_incorrect`), the
 * new one by the sign-up rules, then in one transaction the new hash and, on request, the end of
 * every other session. Answers how many sessions were ended.
 */
export async function changePassword(deps: MfaDeps, viewer: SettingsViewer, body: ChangePasswordBody) {
  const facts = await reauthenticate(
    deps,
    viewer.userId,
    body.current_password,
    'current_password_incorrect',
  );
  const passwordHash = await hashNewPassword(facts, body.new_password);
  const ended = await endingSessions(
    deps.db.transaction(async (tx) => {
      await updatePassword(tx, viewer.userId, passwordHash);
      return body.end_other_sessions ? deleteSessionsExcept(tx, viewer.userId, viewer.sessionIdHash) : 0;
    }),
  );
  return { ended };
}

/** A new password by the sign-up rules (against the account's username and email), hashed. */
export async function hashNewPassword(
  account: { username: string; email: string | null },
  password: string,
): Promise<string> {
  const problem = checkPassword(password, DEFAULT_PASSWORD_RULES, {
    username: account.username,
    email: account.email ?? undefined,
    isCommonPassword,
  });
  if (problem) throw new AppError(problem, { field: 'new_password' });
  return hashPassword(password);
}

/**
 * `POST /v3/users/settings/phone/`: texts a confirmation code to the new number. The account's
 * confirmed phone (if any) stays in use until the new number's code is confirmed.
 */
export async function startPhone(
  deps: MfaDeps,
  userId: number,
  body: PhoneStartBody,
  now: Date,
): Promise<PhoneStartResult> {
  await reauthenticate(deps, userId, body.password);
  await sendCode(deps, { userId, purpose: 'phone_confirm', target: body.phone_number, now });
  return { phone_number_end: phoneEnd(body.phone_number) };
}

/**
 * `POST /v3/users/settings/phone/confirm/`. The code check and the phone change are one
 * transaction; a wrong try is committed (counted) before the error is thrown.
 */
export async function confirmPhone(deps: MfaDeps, userId: number, body: PhoneConfirmBody, now: Date) {
  const outcome = await deps.db.transaction(async (tx) => {
    const check = await verifyCode(deps, tx, { userId, purpose: 'phone_confirm', code: body.code, now });
    if (check.outcome === 'right') await upsertConfirmedPhone(tx, userId, check.target, now);
    return check.outcome;
  });
  if (outcome === 'wrong') throw new AppError('phone_confirm_code_incorrect');
  if (outcome === 'dead') throw new AppError('phone_confirm_code_expired');
  return getAccountSecurity(deps, userId);
}

/** `DELETE /v3/users/settings/phone/`: the number goes, and two-factor with it. */
export async function removePhone(deps: MfaDeps, userId: number, password: string) {
  await reauthenticate(deps, userId, password);
  await deps.db.transaction(async (tx) => {
    await deletePhone(tx, userId);
    await deleteCodes(tx, userId);
    await setTwoFactor(tx, userId, false);
  });
  return getAccountSecurity(deps, userId);
}

/** `PUT /v3/users/settings/two_factor/`: turning it on needs a confirmed phone. */
export async function setTwoFactorSetting(deps: MfaDeps, userId: number, body: TwoFactorBody) {
  await reauthenticate(deps, userId, body.password);
  if (body.enabled && !(await findConfirmedPhone(deps.db, userId))) throw new AppError('phone_not_confirmed');
  await setTwoFactor(deps.db, userId, body.enabled);
  return getAccountSecurity(deps, userId);
}

/** `POST /v3/users/settings/backup_codes/`: a new set of 10 (shown once); the old set stops working. */
export async function regenerateBackupCodes(deps: MfaDeps, userId: number, password: string) {
  await reauthenticate(deps, userId, password);
  const { codes, hashes } = newBackupCodes(deps.mfaSecret, userId);
  await deps.db.transaction((tx) => replaceBackupCodes(tx, userId, hashes));
  return { codes };
}
