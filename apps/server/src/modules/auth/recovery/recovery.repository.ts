import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { passwordResetTokens, recognitionTokens } from '../../../db/schema/auth.ts';
import { sessions, users } from '../../../db/schema/users.ts';

/** The account a forgot-password request names, by email or username (email wins, as at login). */
export async function findRecoveryAccount(db: Executor, usernameOrEmail: string) {
  const key = usernameOrEmail.trim().toLowerCase();
  const [row] = await db
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      firstName: users.firstName,
      status: users.status,
    })
    .from(users)
    .where(or(sql`lower(${users.email}) = ${key}`, sql`lower(${users.username}) = ${key}`))
    .orderBy(sql`lower(${users.email}) = ${key} desc`)
    .limit(1);
  return row ?? null;
}

/** A new reset token for the account; its earlier unused tokens stop working. */
export async function replaceResetToken(
  db: Executor,
  values: typeof passwordResetTokens.$inferInsert & { now: Date },
): Promise<void> {
  const { now, ...row } = values;
  await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.userId, row.userId), isNull(passwordResetTokens.usedAt)));
  await db.insert(passwordResetTokens).values(row);
}

/** The live (unused, unexpired) token's account, for checking the new password before using it. */
export async function findLiveResetToken(db: Executor, idHash: string, now: Date) {
  const [row] = await db
    .select({
      userId: users.id,
      createdAt: users.createdAt,
      username: users.username,
      email: users.email,
      status: users.status,
      twoFactorEnabled: users.twoFactorEnabled,
    })
    .from(passwordResetTokens)
    .innerJoin(users, eq(users.id, passwordResetTokens.userId))
    .where(
      and(
        eq(passwordResetTokens.idHash, idHash),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, now),
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * Uses a token: one atomic update, so of any number of concurrent requests with the same token
 * exactly one gets the account id back; the others get null.
 */
export async function consumeResetToken(db: Executor, idHash: string, now: Date): Promise<number | null> {
  const [row] = await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(passwordResetTokens.idHash, idHash),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, now),
      ),
    )
    .returning({ userId: passwordResetTokens.userId });
  return row?.userId ?? null;
}

/**
 * Sets a new password hash; a soft-banned account becomes active again (the reset is how it
 * gets back in). Answers the status after the change, or null when the account is gone.
 */
export async function setPasswordAfterReset(db: Executor, userId: number, passwordHash: string) {
  const [row] = await db
    .update(users)
    .set({
      passwordHash,
      status: sql`case when ${users.status} = 'soft_banned' then 'active' else ${users.status} end`,
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, userId))
    .returning({ status: users.status });
  return row?.status ?? null;
}

/** Signs the account out everywhere: every session and every recognition token. */
export async function endEverySignIn(db: Executor, userId: number): Promise<{ sessions: number }> {
  const ended = await db
    .delete(sessions)
    .where(eq(sessions.userId, userId))
    .returning({ id: sessions.idHash });
  await db.delete(recognitionTokens).where(eq(recognitionTokens.userId, userId));
  return { sessions: ended.length };
}
