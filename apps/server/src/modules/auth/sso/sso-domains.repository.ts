import { asc, count, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { ssoDomains, userIdentities } from '../../../db/schema/identities.ts';

/** The SSO registration of an email domain (lower-case), without its secret; null when none. */
export async function findSsoDomain(db: Executor, domain: string) {
  const [row] = await db
    .select({ domain: ssoDomains.domain, issuer: ssoDomains.issuer, clientId: ssoDomains.clientId })
    .from(ssoDomains)
    .where(eq(ssoDomains.domain, domain.toLowerCase()))
    .limit(1);
  return row ?? null;
}

/** Every registered domain, alphabetically, without secrets (admin `sso-domain list`). */
export async function listSsoDomains(db: Executor) {
  return db
    .select({
      domain: ssoDomains.domain,
      issuer: ssoDomains.issuer,
      clientId: ssoDomains.clientId,
      createdAt: ssoDomains.createdAt,
    })
    .from(ssoDomains)
    .orderBy(asc(ssoDomains.domain));
}

/** Registers a domain, or replaces its issuer and client; answers whether it was new. */
export async function upsertSsoDomain(
  db: Executor,
  values: typeof ssoDomains.$inferInsert,
): Promise<boolean> {
  const [row] = await db
    .insert(ssoDomains)
    .values(values)
    .onConflictDoUpdate({
      target: ssoDomains.domain,
      set: { issuer: values.issuer, clientId: values.clientId, clientSecret: values.clientSecret },
    })
    // xmax is 0 for a row this statement inserted, and the old row's transaction id for an update.
    .returning({ inserted: sql<boolean>`(xmax = 0)` });
  return row?.inserted ?? false;
}

/** Removes a domain's registration; false when it had none. */
export async function deleteSsoDomain(db: Executor, domain: string): Promise<boolean> {
  const rows = await db
    .delete(ssoDomains)
    .where(eq(ssoDomains.domain, domain))
    .returning({ domain: ssoDomains.domain });
  return rows.length > 0;
}

/** How many accounts sign in through the domain's SSO identities. */
export async function countSsoIdentities(db: Executor, domain: string): Promise<number> {
  const [row] = await db
    .select({ accounts: count() })
    .from(userIdentities)
    .where(eq(userIdentities.provider, `sso:${domain}`));
  return row?.accounts ?? 0;
}
