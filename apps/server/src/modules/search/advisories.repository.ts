import { asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { searchAdvisories } from '../../db/schema/discovery.ts';

export type AdvisoryRow = typeof searchAdvisories.$inferSelect;

export async function findAdvisory(db: Executor, term: string): Promise<AdvisoryRow | null> {
  const [row] = await db.select().from(searchAdvisories).where(eq(searchAdvisories.term, term)).limit(1);
  return row ?? null;
}

/** Adds the term's advisory or replaces it; true when it is new. */
export async function upsertAdvisory(
  db: Executor,
  advisory: Omit<AdvisoryRow, 'createdAt'>,
): Promise<{ created: boolean }> {
  const [row] = await db
    .insert(searchAdvisories)
    .values(advisory)
    .onConflictDoUpdate({
      target: searchAdvisories.term,
      set: {
        severity: advisory.severity,
        advisoryType: advisory.advisoryType,
        level: advisory.level,
        resourceCountry: advisory.resourceCountry,
        notice: advisory.notice,
      },
    })
    // xmax is 0 only for a freshly inserted row version.
    .returning({ created: sql<boolean>`(xmax = 0)` });
  return { created: Boolean(row?.created) };
}

export async function deleteAdvisory(db: Executor, term: string): Promise<boolean> {
  const rows = await db
    .delete(searchAdvisories)
    .where(eq(searchAdvisories.term, term))
    .returning({ term: searchAdvisories.term });
  return rows.length > 0;
}

export function listAdvisories(db: Executor): Promise<AdvisoryRow[]> {
  return db.select().from(searchAdvisories).orderBy(asc(searchAdvisories.term));
}
