import { and, eq, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';

/** The fields of the profile form, as stored. */
export interface ProfileValues {
  firstName: string;
  lastName: string;
  username: string;
  about: string;
  websiteUrl: string | null;
  pronouns: string[];
}

/** The person's own username, locked until the transaction ends (a rename in flight waits). */
export async function lockOwnUsername(tx: Executor, userId: number): Promise<string | null> {
  const [row] = await tx
    .select({ username: users.username })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return row?.username ?? null;
}

/** Whether an account other than `userId` has `username` (case-insensitive), whatever its status. */
export async function isUsernameUsedByOther(
  db: Executor,
  username: string,
  userId: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.username}) = lower(${username})`, ne(users.id, userId)))
    .limit(1);
  return row !== undefined;
}

export async function updateProfileValues(
  tx: Executor,
  userId: number,
  values: Partial<ProfileValues>,
): Promise<void> {
  await tx
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

/** Sets the person's avatar, or with null removes it (the image row stays: pins may share it). */
export async function setAvatarImage(db: Executor, userId: number, imageId: number | null): Promise<void> {
  await db.update(users).set({ avatarImageId: imageId, updatedAt: new Date() }).where(eq(users.id, userId));
}
