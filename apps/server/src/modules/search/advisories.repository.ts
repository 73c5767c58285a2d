import { asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { searchAdvisories } from '../../db/schema/discovery.ts';

export type AdvisoryRow = typeof searchAdvisories.$inferSelect;

/**
 * The advisory row of a (normalised) term as a JSON `AdvisoryRow` (its `createdAt` as text), or
 * null: a scalar subquery for a statement that reads more (the start of a search).
 */
export function advisoryJson(term: string): SQL {
  return sql`(select json_build_object('term', a.term, 'severity', a.severity, 'advisoryType', a.advisory_type,
      'level', a.level, 'resourceCountry', a.resource_country, 'notice', a.notice, 'createdAt', a.created_at)
    from search_advisories a where a.term = ${term})`;
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
