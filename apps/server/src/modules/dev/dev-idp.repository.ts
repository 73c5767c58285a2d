import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { devIdpIdentities, ssoDomains } from '../../db/schema/identities.ts';

export type DevIdentity = typeof devIdpIdentities.$inferSelect;
export type NewDevIdentity = typeof devIdpIdentities.$inferInsert;

/** Every identity the development identity provider knows, oldest first (the picker's order). */
export async function listDevIdentities(db: Executor): Promise<DevIdentity[]> {
  return db.select().from(devIdpIdentities).orderBy(asc(devIdpIdentities.createdAt)).limit(200);
}

export async function findDevIdentity(db: Executor, subject: string): Promise<DevIdentity | null> {
  const [row] = await db.select().from(devIdpIdentities).where(eq(devIdpIdentities.subject, subject));
  return row ?? null;
}

export async function insertDevIdentity(db: Executor, identity: NewDevIdentity): Promise<void> {
  await db.insert(devIdpIdentities).values(identity);
}

/** An SSO domain an operator registered with the development issuer, by its client id. */
export async function findDevSsoClient(
  db: Executor,
  issuer: string,
  clientId: string,
): Promise<{ domain: string; clientSecret: string } | null> {
  const [row] = await db
    .select({ domain: ssoDomains.domain, clientSecret: ssoDomains.clientSecret })
    .from(ssoDomains)
    .where(and(eq(ssoDomains.issuer, issuer), eq(ssoDomains.clientId, clientId)));
  return row ?? null;
}
