import type {
  AccountSecurity,
  ChangeEmailBody,
  ChangePasswordBody,
  CloseAccountBody,
  FirstPasswordBody,
  PhoneConfirmBody,
  PhoneStartBody,
  ReauthBody,
  TwoFactorBody,
} from '@pinboard/shared/settings';
import type { LinkedIdentities, LinkIdentityBody, SocialProvider } from '@pinboard/shared';
import { api } from '../../api/endpoints.ts';

// The settings calls; types only from the shared module, so
// libphonenumber-js comes in only with the phone form.

/** Changes the email (the old address is told); answers the updated overview. */
export async function changeEmail(body: ChangeEmailBody): Promise<AccountSecurity> {
  return (await api.changeEmail({ body })).data;
}

export async function changePassword(body: ChangePasswordBody): Promise<void> {
  await api.changePassword({ body });
}

/** The first password's body: the change's without the password there is not (decision 21). */

/**
 * Sets the first password of an account made through a provider, within 10 minutes of signing
 * in (else `recent_login_required`); answers how many other sessions were ended.
 */
export async function setFirstPassword(body: FirstPasswordBody): Promise<number> {
  return (await api.setFirstPassword({ body })).data.ended;
}

/** Texts a confirmation code to the number. */
export async function startPhone(body: PhoneStartBody): Promise<void> {
  await api.addPhone({ body });
}

export async function confirmPhone(body: PhoneConfirmBody): Promise<void> {
  await api.confirmPhone({ body });
}

export async function removePhone(body: ReauthBody): Promise<void> {
  await api.removePhone({ body });
}

export async function setTwoFactor(body: TwoFactorBody): Promise<void> {
  await api.setTwoFactor({ body });
}

/** A new set of backup codes; the old ones stop working. */
export async function createBackupCodes(body: ReauthBody): Promise<string[]> {
  return (await api.regenerateBackupCodes({ body })).data.codes;
}

export async function endSession(id: string): Promise<void> {
  await api.endSession({ params: { id } });
}

/** Ends every other session of the account; this one stays. */
export async function endOtherSessions(): Promise<number> {
  return (await api.logOutAllSessions({ body: {} })).data.ended;
}

export async function closeAccount(body: CloseAccountBody): Promise<void> {
  await api.closeAccount({ body });
}

/** The providers the account logs in with, and whether it has a password (decision 21). */
/** Connects the provider whose popup (`?purpose=link`) just answered; answers the updated list. */
export async function linkIdentity(body: LinkIdentityBody): Promise<LinkedIdentities> {
  return (await api.linkIdentity({ body })).data;
}

/** Disconnects a provider (never the account's last way in); answers the updated list. */
export async function unlinkIdentity(provider: SocialProvider): Promise<LinkedIdentities> {
  return (await api.unlinkIdentity({ params: { provider } })).data;
}
