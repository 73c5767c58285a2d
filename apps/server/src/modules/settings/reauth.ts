import { AppError } from '../../lib/app-error.ts';
import type { AuthLimits } from '../auth/auth.policy.ts';
import { verifyPassword } from '../auth/passwords.ts';
import type { Database } from '../../db/client.ts';
import { findPasswordFacts } from './settings.repository.ts';

/**
 * Asks for the password again before a sensitive change. A wrong one answers `code`
 * (`reauth_failed`, or `current_password_incorrect` for the password change) and counts toward
 * the account's re-auth limit (10 in 30 minutes), so a stolen session cannot guess the password.
 * An account without a password (social sign-up) can never pass.
 */
export async function reauthenticate(
  deps: { db: Database; limits: AuthLimits },
  userId: number,
  password: string,
  code: 'reauth_failed' | 'current_password_incorrect' = 'reauth_failed',
) {
  const facts = await findPasswordFacts(deps.db, userId);
  if (!facts) throw new AppError('auth_required');
  await deps.limits.assertReauthAllowed(facts);
  if (!(await verifyPassword(facts.passwordHash, password))) {
    await deps.limits.recordReauthFailure(facts);
    throw new AppError(code);
  }
  return facts;
}
