import type {
  AccountSecurity,
  BackupCodesResult,
  ChangeEmailBody,
  ChangePasswordBody,
  CloseAccountBody,
  FirstPasswordBody,
  LogoutAllResult,
  PhoneConfirmBody,
  PhoneStartBody,
  ReauthBody,
  SessionSummary,
  TwoFactorBody,
} from '@pinboard/shared/settings';
import type { LinkedIdentities, LinkIdentityBody, SocialProvider } from '@pinboard/shared';
import { apiClient } from '../../api/client.ts';

// The calls of `/v3/users/settings/...` (issue 5); types only from the shared module, so
// libphonenumber-js comes in only with the phone form.
const BASE = '/v3/users/settings';

export async function fetchSecurity(signal?: AbortSignal): Promise<AccountSecurity> {
  return (await apiClient.get<AccountSecurity>(`${BASE}/security/`, { signal })).data;
}

/** Changes the email (the old address is told); answers the updated overview. */
export async function changeEmail(body: ChangeEmailBody): Promise<AccountSecurity> {
  return (await apiClient.post<AccountSecurity>(`${BASE}/email/`, body)).data;
}

export async function changePassword(body: ChangePasswordBody): Promise<void> {
  await apiClient.post<unknown>(`${BASE}/password/`, body);
}

/** The first password's body: the change's without the password there is not (decision 21). */

/**
 * Sets the first password of an account made through a provider, within 10 minutes of signing
 * in (else `recent_login_required`); answers how many other sessions were ended.
 */
export async function setFirstPassword(body: FirstPasswordBody): Promise<number> {
  return (await apiClient.post<LogoutAllResult>(`${BASE}/password/first/`, body)).data.ended;
}

/** Texts a confirmation code to the number. */
export async function startPhone(body: PhoneStartBody): Promise<void> {
  await apiClient.post<unknown>(`${BASE}/phone/`, body);
}

export async function confirmPhone(body: PhoneConfirmBody): Promise<void> {
  await apiClient.post<unknown>(`${BASE}/phone/confirm/`, body);
}

export async function removePhone(body: ReauthBody): Promise<void> {
  await apiClient.delete<unknown>(`${BASE}/phone/`, { body });
}

export async function setTwoFactor(body: TwoFactorBody): Promise<void> {
  await apiClient.put<unknown>(`${BASE}/two_factor/`, body);
}

/** A new set of backup codes; the old ones stop working. */
export async function createBackupCodes(body: ReauthBody): Promise<string[]> {
  return (await apiClient.post<BackupCodesResult>(`${BASE}/backup_codes/`, body)).data.codes;
}

export async function fetchSessions(signal?: AbortSignal): Promise<SessionSummary[]> {
  return (await apiClient.get<SessionSummary[]>(`${BASE}/sessions/`, { signal })).data;
}

export async function endSession(id: string): Promise<void> {
  await apiClient.delete<unknown>(`${BASE}/sessions/${encodeURIComponent(id)}/`);
}

/** Ends every other session of the account; this one stays. */
export async function endOtherSessions(): Promise<number> {
  return (await apiClient.post<LogoutAllResult>(`${BASE}/sessions/logout_all/`, {})).data.ended;
}

export async function closeAccount(body: CloseAccountBody): Promise<void> {
  await apiClient.post<unknown>(`${BASE}/close/`, body);
}

/** The providers the account logs in with, and whether it has a password (decision 21). */
export async function fetchIdentities(signal?: AbortSignal): Promise<LinkedIdentities> {
  return (await apiClient.get<LinkedIdentities>(`${BASE}/identities/`, { signal })).data;
}

/** Connects the provider whose popup (`?purpose=link`) just answered; answers the updated list. */
export async function linkIdentity(body: LinkIdentityBody): Promise<LinkedIdentities> {
  return (await apiClient.post<LinkedIdentities>(`${BASE}/identities/`, body)).data;
}

/** Disconnects a provider (never the account's last way in); answers the updated list. */
export async function unlinkIdentity(provider: SocialProvider): Promise<LinkedIdentities> {
  return (await apiClient.delete<LinkedIdentities>(`${BASE}/identities/${provider}/`)).data;
}
