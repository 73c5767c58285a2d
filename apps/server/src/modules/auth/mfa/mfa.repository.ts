import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { backupCodes, mfaCodes, userPhones } from '../../../db/schema/mfa.ts';
import { users } from '../../../db/schema/users.ts';

export type MfaPurpose = 'login' | 'phone_confirm';

/** The account's id and creation time (the key of its counters), or null when it is gone. */
export async function findCountedAccount(db: Executor, userId: number) {
  const [row] = await db
    .select({ id: users.id, createdAt: users.createdAt })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}

/** The account's confirmed phone (E.164), or null. */
export async function findConfirmedPhone(db: Executor, userId: number): Promise<string | null> {
  const [row] = await db
    .select({ e164: userPhones.e164 })
    .from(userPhones)
    .where(and(eq(userPhones.userId, userId), sql`${userPhones.confirmedAt} is not null`))
    .limit(1);
  return row?.e164 ?? null;
}

/** A new code for the account and purpose; the earlier one of that purpose is deleted (replaced). */
export async function replaceCode(
  db: Executor,
  values: { userId: number; purpose: MfaPurpose; target: string; codeHash: string; expiresAt: Date },
): Promise<void> {
  await db
    .delete(mfaCodes)
    .where(and(eq(mfaCodes.userId, values.userId), eq(mfaCodes.purpose, values.purpose)));
  await db.insert(mfaCodes).values(values);
}

export type CodeCheck = { outcome: 'right'; target: string } | { outcome: 'wrong' } | { outcome: 'dead' };

/**
 * Checks a code in one atomic statement: the live code (unused, unexpired, fewer than `maxWrong`
 * wrong tries) is either used (right) or gets one more wrong try (wrong). Concurrent checks
 * serialise on the row and re-test the condition, so at most `maxWrong` wrong codes are ever
 * evaluated; after that, and for a used or expired code, the answer is `dead`.
 */
export async function checkCode(
  db: Executor,
  input: { userId: number; purpose: MfaPurpose; codeHash: string; now: Date; maxWrong: number },
): Promise<CodeCheck> {
  const matches = sql`${mfaCodes.codeHash} = ${input.codeHash}`;
  const [row] = await db
    .update(mfaCodes)
    .set({
      wrongTries: sql`${mfaCodes.wrongTries} + case when ${matches} then 0 else 1 end`,
      usedAt: sql`case when ${matches} then ${input.now.toISOString()}::timestamptz else null end`,
    })
    .where(
      and(
        eq(mfaCodes.userId, input.userId),
        eq(mfaCodes.purpose, input.purpose),
        isNull(mfaCodes.usedAt),
        gt(mfaCodes.expiresAt, input.now),
        sql`${mfaCodes.wrongTries} < ${input.maxWrong}`,
      ),
    )
    .returning({ usedAt: mfaCodes.usedAt, target: mfaCodes.target });
  if (!row) return { outcome: 'dead' };
  return row.usedAt ? { outcome: 'right', target: row.target } : { outcome: 'wrong' };
}

export async function deleteCodes(db: Executor, userId: number): Promise<void> {
  await db.delete(mfaCodes).where(eq(mfaCodes.userId, userId));
}

/** Sets the account's phone to a confirmed number. */
export async function upsertConfirmedPhone(db: Executor, userId: number, e164: string, now: Date) {
  await db
    .insert(userPhones)
    .values({ userId, e164, confirmedAt: now })
    .onConflictDoUpdate({ target: userPhones.userId, set: { e164, confirmedAt: now } });
}

export async function deletePhone(db: Executor, userId: number): Promise<void> {
  await db.delete(userPhones).where(eq(userPhones.userId, userId));
}

export async function setTwoFactor(db: Executor, userId: number, enabled: boolean): Promise<void> {
  await db
    .update(users)
    .set({ twoFactorEnabled: enabled, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}

/** A new set of backup codes; the old set stops working. */
export async function replaceBackupCodes(db: Executor, userId: number, codeHashes: string[]): Promise<void> {
  await db.delete(backupCodes).where(eq(backupCodes.userId, userId));
  await db.insert(backupCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
}

/** Uses one backup code with one atomic update: true for exactly one of any concurrent uses. */
export async function useBackupCode(db: Executor, userId: number, codeHash: string, now: Date) {
  const rows = await db
    .update(backupCodes)
    .set({ usedAt: now })
    .where(
      and(eq(backupCodes.userId, userId), eq(backupCodes.codeHash, codeHash), isNull(backupCodes.usedAt)),
    )
    .returning({ id: backupCodes.id });
  return rows.length > 0;
}

/** How many of the account's backup codes are still unused. */
export async function countUnusedBackupCodes(db: Executor, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(backupCodes)
    .where(and(eq(backupCodes.userId, userId), isNull(backupCodes.usedAt)));
  return row?.n ?? 0;
}

/** The account's security facts for the settings page. */
export async function findSecurityFacts(db: Executor, userId: number) {
  const [row] = await db
    .select({
      email: users.email,
      hasPassword: sql<boolean>`${users.passwordHash} is not null`,
      twoFactorEnabled: users.twoFactorEnabled,
      e164: userPhones.e164,
      confirmedAt: userPhones.confirmedAt,
    })
    .from(users)
    .leftJoin(userPhones, eq(userPhones.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) return null;
  return { ...row, backupCodesLeft: await countUnusedBackupCodes(db, userId) };
}
