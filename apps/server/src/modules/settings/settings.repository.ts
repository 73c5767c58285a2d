import { and, desc, eq, gt, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { sessions, users } from '../../db/schema/users.ts';

/** What re-auth and a password change need about the account. */
export async function findPasswordFacts(db: Executor, userId: number) {
  const [row] = await db
    .select({
      id: users.id,
      createdAt: users.createdAt,
      passwordHash: users.passwordHash,
      username: users.username,
      email: users.email,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}

export async function updatePassword(db: Executor, userId: number, passwordHash: string): Promise<void> {
  await db
    .update(users)
    .set({ passwordHash, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}

/**
 * Sets the account's email, unconfirmed until its link is opened (decision 46); the
 * `users_email_lower_key` unique index refuses one another account has.
 */
export async function updateEmail(db: Executor, userId: number, email: string): Promise<void> {
  await db
    .update(users)
    .set({ email, emailVerifiedAt: null, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}

/** The account's live sessions, newest first. */
export async function listLiveSessions(db: Executor, userId: number, now: Date) {
  return db
    .select({
      idHash: sessions.idHash,
      createdAt: sessions.createdAt,
      userAgent: sessions.userAgent,
      ip: sessions.ip,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.createdAt));
}

/** Ends one session of the account; false when it is not (or no longer) the account's. */
export async function deleteSessionOf(db: Executor, userId: number, idHash: string): Promise<boolean> {
  const rows = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.idHash, idHash)))
    .returning({ idHash: sessions.idHash });
  return rows.length > 0;
}

/** Ends every session of the account but `keepIdHash` (every one when null); answers how many. */
export async function deleteSessionsExcept(db: Executor, userId: number, keepIdHash: string | null) {
  const rows = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), keepIdHash ? ne(sessions.idHash, keepIdHash) : undefined))
    .returning({ idHash: sessions.idHash });
  return rows.length;
}

/** Deletes the account; its pins, boards, follows, sessions and codes go with it (FK cascades). */
export async function deleteUser(db: Executor, userId: number): Promise<void> {
  await db.delete(users).where(eq(users.id, userId));
}
