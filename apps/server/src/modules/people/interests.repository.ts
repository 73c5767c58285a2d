import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { userInterests } from '../../db/schema/interests.ts';

/** The interests a person chose, by name. */
export async function listChosenInterests(db: Executor, userId: number): Promise<string[]> {
  const rows = await db
    .select({ name: userInterests.name })
    .from(userInterests)
    .where(eq(userInterests.userId, userId))
    .orderBy(asc(userInterests.name));
  return rows.map((row) => row.name);
}

/** Replaces a person's interests with `names` (in the caller's transaction). */
export async function replaceChosenInterests(db: Executor, userId: number, names: string[]) {
  await db.delete(userInterests).where(eq(userInterests.userId, userId));
  if (names.length > 0) await db.insert(userInterests).values(names.map((name) => ({ userId, name })));
}
