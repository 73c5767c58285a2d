import { and, gt, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { formerUsernames } from '../../db/schema/former-usernames.ts';

const sameName = (name: string) => sql`lower(${formerUsernames.username}) = lower(${name})`;

/** Who left `username` (case-insensitive), or null: their old links lead to them. */
export async function findFormerUsernameOwner(db: Executor, username: string): Promise<number | null> {
  const [row] = await db
    .select({ userId: formerUsernames.userId })
    .from(formerUsernames)
    .where(sameName(username))
    .limit(1);
  return row?.userId ?? null;
}

/** Whether someone other than `userId` left `username` after `heldSince`: the name is held for them. */
export async function isUsernameHeldForOther(
  db: Executor,
  username: string,
  userId: number,
  heldSince: Date,
): Promise<boolean> {
  const [row] = await db
    .select({ userId: formerUsernames.userId })
    .from(formerUsernames)
    .where(and(sameName(username), ne(formerUsernames.userId, userId), gt(formerUsernames.leftAt, heldSince)))
    .limit(1);
  return row !== undefined;
}

/**
 * Records that `userId` left `oldName` for `newName`: the old name now leads to them (whoever
 * left it before), and the new one no longer leads anywhere else.
 */
export async function recordUsernameChange(
  tx: Executor,
  userId: number,
  oldName: string,
  newName: string,
): Promise<void> {
  await tx.delete(formerUsernames).where(or(sameName(oldName), sameName(newName)));
  if (oldName.toLowerCase() === newName.toLowerCase()) return;
  await tx.insert(formerUsernames).values({ username: oldName, userId });
}

/** The held former usernames among `lowered` names (lower case), for sign-ups choosing one. */
export async function findHeldFormerUsernames(
  db: Executor,
  lowered: string[],
  heldSince: Date,
): Promise<string[]> {
  if (lowered.length === 0) return [];
  const rows = await db
    .select({ username: sql<string>`lower(${formerUsernames.username})` })
    .from(formerUsernames)
    .where(
      and(
        sql`lower(${formerUsernames.username}) in (${sql.join(
          lowered.map((name) => sql`${name}`),
          sql`, `,
        )})`,
        gt(formerUsernames.leftAt, heldSince),
      ),
    );
  return rows.map((row) => row.username);
}
