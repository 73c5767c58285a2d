import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { emailVerificationTokens } from '../../db/schema/account-settings.ts';
import { users } from '../../db/schema/users.ts';

/** A new confirmation token for the account's address; its earlier unused ones stop working. */
export async function replaceEmailVerificationToken(
  db: Executor,
  row: typeof emailVerificationTokens.$inferInsert,
): Promise<void> {
  await db
    .delete(emailVerificationTokens)
    .where(and(eq(emailVerificationTokens.userId, row.userId), isNull(emailVerificationTokens.usedAt)));
  await db.insert(emailVerificationTokens).values(row);
}

/** A token in any state, with the account's current address (to tell a stale link from a live one). */
export async function findEmailVerificationToken(db: Executor, idHash: string) {
  const [row] = await db
    .select({
      userId: emailVerificationTokens.userId,
      email: emailVerificationTokens.email,
      expiresAt: emailVerificationTokens.expiresAt,
      usedAt: emailVerificationTokens.usedAt,
      currentEmail: users.email,
    })
    .from(emailVerificationTokens)
    .innerJoin(users, eq(users.id, emailVerificationTokens.userId))
    .where(eq(emailVerificationTokens.idHash, idHash))
    .limit(1);
  return row ?? null;
}

/**
 * Uses a live token and confirms the address it was for, if it is still the account's: one
 * atomic update, so of concurrent uses exactly one wins. Answers whether this one did.
 */
export async function consumeEmailVerificationToken(db: Executor, idHash: string, now: Date) {
  const [used] = await db
    .update(emailVerificationTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(emailVerificationTokens.idHash, idHash),
        isNull(emailVerificationTokens.usedAt),
        gt(emailVerificationTokens.expiresAt, now),
      ),
    )
    .returning({ userId: emailVerificationTokens.userId, email: emailVerificationTokens.email });
  if (!used) return false;
  const confirmed = await db
    .update(users)
    .set({ emailVerifiedAt: now })
    .where(and(eq(users.id, used.userId), sql`lower(${users.email}) = lower(${used.email})`))
    .returning({ id: users.id });
  return confirmed.length > 0;
}

/** The account's address and whether it is confirmed. */
export async function findEmailState(db: Executor, userId: number) {
  const [row] = await db
    .select({ email: users.email, verifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}
