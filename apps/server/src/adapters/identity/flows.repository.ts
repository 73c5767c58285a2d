import { and, eq, gt, isNotNull, isNull, lt } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { oidcFlows, ssoDomains } from '../../db/schema/identities.ts';

export type OidcFlow = typeof oidcFlows.$inferSelect;

export async function insertFlow(db: Executor, flow: typeof oidcFlows.$inferInsert): Promise<void> {
  await db.insert(oidcFlows).values(flow);
}

/** Flows that ended a day ago or more: nothing can use them any more. */
export async function deleteStaleFlows(db: Executor, before: Date): Promise<void> {
  await db.delete(oidcFlows).where(lt(oidcFlows.expiresAt, before));
}

/**
 * Marks an unfinished, live flow of this browser and provider finished, in one update, so a
 * state works once; null when there is no such flow.
 */
export async function completeFlow(
  db: Executor,
  input: { state: string; provider: string; browserHash: string; now: Date },
): Promise<OidcFlow | null> {
  const [row] = await db
    .update(oidcFlows)
    .set({ completedAt: input.now })
    .where(
      and(
        eq(oidcFlows.state, input.state),
        eq(oidcFlows.provider, input.provider),
        eq(oidcFlows.browserHash, input.browserHash),
        isNull(oidcFlows.completedAt),
        gt(oidcFlows.expiresAt, input.now),
      ),
    )
    .returning();
  return row ?? null;
}

/** A finished, live flow of this browser and provider whose nonce has signed no one in yet. */
export async function findUsableFlowByNonce(
  db: Executor,
  input: { nonce: string; provider: string; browserHash: string; now: Date },
): Promise<OidcFlow | null> {
  const [row] = await db
    .select()
    .from(oidcFlows)
    .where(
      and(
        eq(oidcFlows.nonce, input.nonce),
        eq(oidcFlows.provider, input.provider),
        eq(oidcFlows.browserHash, input.browserHash),
        isNotNull(oidcFlows.completedAt),
        isNull(oidcFlows.consumedAt),
        gt(oidcFlows.expiresAt, input.now),
      ),
    );
  return row ?? null;
}

/** Marks the nonce used, once: false when it already was (or never finished). */
export async function consumeFlowNonce(db: Executor, nonce: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(oidcFlows)
    .set({ consumedAt: now })
    .where(and(eq(oidcFlows.nonce, nonce), isNull(oidcFlows.consumedAt), isNotNull(oidcFlows.completedAt)))
    .returning({ state: oidcFlows.state });
  return rows.length === 1;
}

/**
 * The provider a flow is for, found by its state (the SSO exchange) or its nonce (an SSO token
 * names its domain that way; decision 21), or null.
 */
export async function findFlowProvider(
  db: Executor,
  by: { state: string } | { nonce: string },
): Promise<string | null> {
  const where = 'state' in by ? eq(oidcFlows.state, by.state) : eq(oidcFlows.nonce, by.nonce);
  const [row] = await db.select({ provider: oidcFlows.provider }).from(oidcFlows).where(where);
  return row?.provider ?? null;
}

/** The OpenID client an operator registered for an SSO domain. */
export async function findSsoClientSettings(
  db: Executor,
  domain: string,
): Promise<{ issuer: string; clientId: string; clientSecret: string } | null> {
  const [row] = await db
    .select({
      issuer: ssoDomains.issuer,
      clientId: ssoDomains.clientId,
      clientSecret: ssoDomains.clientSecret,
    })
    .from(ssoDomains)
    .where(eq(ssoDomains.domain, domain.toLowerCase()));
  return row ?? null;
}
