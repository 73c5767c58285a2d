import type { FirstPasswordBody } from '@pinboard/shared/settings';
import { AppError } from '../../lib/app-error.ts';
import { findSessionStart, lockAccountSignIns } from '../auth/social/identities.repository.ts';
import type { MfaDeps } from '../auth/mfa/mfa.service.ts';
import { deleteSessionsExcept, findPasswordFacts, updatePassword } from './settings.repository.ts';
import { hashNewPassword, type SettingsViewer } from './security.service.ts';
import { endingSessions } from '../auth/session-lookups.ts';

/** How recent the sign-in must be for a first password to need no other proof. */
export const FIRST_PASSWORD_MAX_SESSION_AGE_SECONDS = 10 * 60;

/**
 * `POST /v3/users/settings/password/first/`: an account made through a provider has no password
 * to ask again, so every re-auth (`reauth.ts`) fails for it. It may set its first password
 * without one when this session signed in through the provider within the last 10 minutes: that
 * sign-in is the proof a password re-check would give. An older session gets
 * `recent_login_required` (log in again with the provider); an account that has a
 * password gets `forbidden` (the password change asks it). After that, the usual re-auth works.
 */
export async function setFirstPassword(
  deps: MfaDeps,
  viewer: SettingsViewer,
  body: FirstPasswordBody,
  now: Date,
): Promise<{ ended: number }> {
  const facts = await findPasswordFacts(deps.db, viewer.userId);
  if (!facts) throw new AppError('auth_required');
  if (facts.passwordHash !== null) throw new AppError('forbidden');
  const started = await findSessionStart(deps.db, viewer.sessionIdHash);
  if (!started || now.getTime() - started.getTime() > FIRST_PASSWORD_MAX_SESSION_AGE_SECONDS * 1000) {
    throw new AppError('recent_login_required', {
      data: { max_age_seconds: FIRST_PASSWORD_MAX_SESSION_AGE_SECONDS },
    });
  }
  const passwordHash = await hashNewPassword(facts, body.new_password);
  const ended = await endingSessions(
    deps.db.transaction(async (tx) => {
      // Two tabs racing: only the first sets it; the second finds a password and is refused.
      const account = await lockAccountSignIns(tx, viewer.userId);
      if (!account) throw new AppError('auth_required');
      if (account.hasPassword) throw new AppError('forbidden');
      await updatePassword(tx, viewer.userId, passwordHash);
      return body.end_other_sessions ? deleteSessionsExcept(tx, viewer.userId, viewer.sessionIdHash) : 0;
    }),
  );
  return { ended };
}
