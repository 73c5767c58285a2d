import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { OffsiteRuleStatus } from '@pinboard/shared/offsite';
import type { Executor } from '../../db/client.ts';
import { offsiteRules } from '../../db/schema/discovery.ts';

/** The rules naming any of `domains` (a host and its parents), as domain and status. */
export function findRulesFor(db: Executor, domains: readonly string[]) {
  if (domains.length === 0) return Promise.resolve([]);
  return db
    .select({ domain: offsiteRules.domain, status: offsiteRules.status })
    .from(offsiteRules)
    .where(inArray(offsiteRules.domain, [...domains]));
}

/** Every rule, by domain (admin `offsite-rule list`). */
export function listRules(db: Executor) {
  return db
    .select({ domain: offsiteRules.domain, status: offsiteRules.status, createdAt: offsiteRules.createdAt })
    .from(offsiteRules)
    .orderBy(asc(offsiteRules.domain));
}

/** Sets a domain's rule; answers the status it had before (null when it had none). */
export async function upsertRule(
  db: Executor,
  domain: string,
  status: OffsiteRuleStatus,
): Promise<OffsiteRuleStatus | null> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ status: offsiteRules.status })
      .from(offsiteRules)
      .where(eq(offsiteRules.domain, domain))
      .for('update');
    await tx
      .insert(offsiteRules)
      .values({ domain, status })
      .onConflictDoUpdate({ target: offsiteRules.domain, set: { status, createdAt: sql`now()` } });
    return before?.status ?? null;
  });
}

/** Removes a domain's rule; answers the status it had (null when it had none). */
export async function deleteRule(db: Executor, domain: string): Promise<OffsiteRuleStatus | null> {
  const [row] = await db
    .delete(offsiteRules)
    .where(eq(offsiteRules.domain, domain))
    .returning({ status: offsiteRules.status });
  return row?.status ?? null;
}
