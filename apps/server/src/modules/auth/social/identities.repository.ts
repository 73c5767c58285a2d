import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { userIdentities } from '../../../db/schema/identities.ts';
import { sessions, users } from '../../../db/schema/users.ts';

/** What signing in through a provider needs about the account an identity belongs to. */
const identityAccountColumns = {
  id: users.id,
  createdAt: users.createdAt,
  username: users.username,
  email: users.email,
  status: users.status,
  twoFactorEnabled: users.twoFactorEnabled,
  hasPassword: sql<boolean>`${users.passwordHash} is not null`,
};

/** The account (any status) that owns the identity (provider, subject), or null. */
export async function findIdentityAccount(db: Executor, provider: string, subject: string) {
  const [row] = await db
    .select(identityAccountColumns)
    .from(userIdentities)
    .innerJoin(users, eq(users.id, userIdentities.userId))
    .where(and(eq(userIdentities.provider, provider), eq(userIdentities.subject, subject)))
    .limit(1);
  return row ?? null;
}
export type IdentityAccount = NonNullable<Awaited<ReturnType<typeof findIdentityAccount>>>;

/** The providers an account has identities with (facebook, google, line, apple, sso:<domain>). */
export async function listIdentityProviders(db: Executor, userId: number): Promise<string[]> {
  const rows = await db
    .select({ provider: userIdentities.provider })
    .from(userIdentities)
    .where(eq(userIdentities.userId, userId));
  return rows.map((row) => row.provider);
}

/** The account with this email (compared lower-cased) and its providers, or null. */
export async function findEmailAccount(db: Executor, email: string) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`)
    .limit(1);
  return row ? { id: row.id, providers: await listIdentityProviders(db, row.id) } : null;
}

/** The settings page's list: one row per provider, oldest link first. */
export async function listIdentities(db: Executor, userId: number) {
  return db
    .select({
      provider: userIdentities.provider,
      email: userIdentities.email,
      createdAt: userIdentities.createdAt,
    })
    .from(userIdentities)
    .where(eq(userIdentities.userId, userId))
    .orderBy(asc(userIdentities.createdAt), asc(userIdentities.id));
}

export async function insertIdentity(
  db: Executor,
  values: typeof userIdentities.$inferInsert,
): Promise<void> {
  await db.insert(userIdentities).values(values);
}

/** Removes the account's identity with `provider`; false when it had none. */
export async function deleteIdentity(db: Executor, userId: number, provider: string): Promise<boolean> {
  const rows = await db
    .delete(userIdentities)
    .where(and(eq(userIdentities.userId, userId), eq(userIdentities.provider, provider)))
    .returning({ id: userIdentities.id });
  return rows.length > 0;
}

/**
 * Makes `connected_to_facebook` / `connected_to_google` say what the identities say (decision 21),
 * in the caller's transaction, after any link or unlink.
 */
export async function syncConnectedFlags(db: Executor, userId: number): Promise<void> {
  const providers = await listIdentityProviders(db, userId);
  await db
    .update(users)
    .set({
      connectedToFacebook: providers.includes('facebook'),
      connectedToGoogle: providers.includes('google'),
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, userId));
}

/**
 * Locks the account row for a change to its ways in (link, unlink, first password), so two
 * concurrent unlinks cannot both see another way in left. Answers whether it has a password.
 */
export async function lockAccountSignIns(db: Executor, userId: number) {
  const [row] = await db
    .select({ id: users.id, hasPassword: sql<boolean>`${users.passwordHash} is not null` })
    .from(users)
    .where(eq(users.id, userId))
    .for('update')
    .limit(1);
  return row ?? null;
}

/** When the session started (its sign-in), or null when it is gone. */
export async function findSessionStart(db: Executor, idHash: string): Promise<Date | null> {
  const [row] = await db
    .select({ createdAt: sessions.createdAt })
    .from(sessions)
    .where(eq(sessions.idHash, idHash))
    .limit(1);
  return row?.createdAt ?? null;
}

/**
 * A soft-banned account becomes active again: its owner proved who they are through a provider
 * linked to it, which the soft-ban message offers as a way back (docs/product/accounts.md#messages).
 */
export async function liftSoftBan(db: Executor, userId: number): Promise<void> {
  await db
    .update(users)
    .set({ status: 'active', updatedAt: new Date() })
    .where(and(eq(users.id, userId), eq(users.status, 'soft_banned')));
}
