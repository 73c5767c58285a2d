import { and, eq, gt, lt } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { qrLogins } from '../../../db/schema/identities.ts';
import { users } from '../../../db/schema/users.ts';

export type QrLoginRow = typeof qrLogins.$inferSelect;

export async function insertQrLogin(db: Executor, values: typeof qrLogins.$inferInsert): Promise<void> {
  await db.insert(qrLogins).values(values);
}

/** Codes that ended before `before`; each start clears them (no sweeper job). */
export async function deleteQrLoginsExpiredBefore(db: Executor, before: Date): Promise<void> {
  await db.delete(qrLogins).where(lt(qrLogins.expiresAt, before));
}

export async function findQrLogin(db: Executor, id: string): Promise<QrLoginRow | null> {
  const [row] = await db.select().from(qrLogins).where(eq(qrLogins.id, id)).limit(1);
  return row ?? null;
}

/**
 * A pending code still in its time becomes approved (by `userId`) or denied, in one statement, so
 * two devices deciding at once cannot both win. Answers the row as it now is, or null.
 */
export async function decidePendingQrLogin(
  db: Executor,
  input: { id: string; decision: 'approved' | 'denied'; userId: number; now: Date },
): Promise<QrLoginRow | null> {
  const [row] = await db
    .update(qrLogins)
    .set({
      status: input.decision,
      approvedUserId: input.decision === 'approved' ? input.userId : null,
    })
    .where(and(eq(qrLogins.id, input.id), eq(qrLogins.status, 'pending'), gt(qrLogins.expiresAt, input.now)))
    .returning();
  return row ?? null;
}

/**
 * An approved code becomes claimed, in one statement: of two claims at once exactly one gets the
 * approver's id back. `endsAfter`: the code must end after this instant.
 */
export async function claimApprovedQrLogin(
  db: Executor,
  input: { id: string; endsAfter: Date },
): Promise<number | null> {
  const [row] = await db
    .update(qrLogins)
    .set({ status: 'claimed' })
    .where(
      and(
        eq(qrLogins.id, input.id),
        eq(qrLogins.status, 'approved'),
        gt(qrLogins.expiresAt, input.endsAfter),
      ),
    )
    .returning({ userId: qrLogins.approvedUserId });
  return row?.userId ?? null;
}

/** The account a claim signs in, for the same status checks as a login. */
export async function findAccountStatus(db: Executor, userId: number) {
  const [row] = await db.select({ status: users.status }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.status ?? null;
}
