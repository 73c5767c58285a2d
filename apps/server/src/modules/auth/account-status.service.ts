import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';
import { findAccountForStatusChange, setStatus } from './auth.repository.ts';
import { endEverySignIn } from './recovery/recovery.repository.ts';
import { endingSessions } from './session-lookups.ts';

export type AccountStatus = 'active' | 'suspended' | 'deactivated' | 'soft_banned';

/** What an admin status command did, or why it did nothing. */
export type StatusChange =
  | { kind: 'changed'; userId: number; from: AccountStatus; to: AccountStatus; sessionsEnded: number }
  | { kind: 'unknown' }
  | { kind: 'unchanged'; status: AccountStatus };

/**
 * Sets an account's status by email (decision 19). Any status but active signs the account out
 * everywhere (sessions and recognition tokens); a soft ban also removes the password, so only a
 * reset gets the owner back in. Reactivating gives back no password: a soft-banned account
 * made active again still needs a reset.
 */
export async function setAccountStatus(
  db: Database,
  email: string,
  to: AccountStatus,
): Promise<StatusChange> {
  return endingSessions(
    db.transaction(async (tx): Promise<StatusChange> => {
      const account = await findAccountForStatusChange(tx, email);
      if (!account) return { kind: 'unknown' };
      if (account.status === to && !(to === 'soft_banned' && account.hasPassword)) {
        return { kind: 'unchanged', status: account.status };
      }
      await setStatus(tx, account.id, to);
      const ended = to === 'active' ? { sessions: 0 } : await endEverySignIn(tx, account.id);
      return { kind: 'changed', userId: account.id, from: account.status, to, sessionsEnded: ended.sessions };
    }),
  );
}

/**
 * Suspends the account `userId` (a moderation decision, decision 54), as `setAccountStatus` does
 * by email: every sign-in ends. Accounts without an email are suspended the same way.
 */
export async function suspendAccountById(
  db: Database,
  userId: number,
): Promise<{ changed: boolean; sessionsEnded: number }> {
  return endingSessions(
    db.transaction(async (tx) => {
      const [row] = await tx
        .select({ status: users.status })
        .from(users)
        .where(eq(users.id, userId))
        .for('update');
      if (!row || row.status === 'suspended') return { changed: false, sessionsEnded: 0 };
      await setStatus(tx, userId, 'suspended');
      const ended = await endEverySignIn(tx, userId);
      return { changed: true, sessionsEnded: ended.sessions };
    }),
  );
}
