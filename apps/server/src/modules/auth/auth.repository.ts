import { and, eq, gt, inArray, lte, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { authEvents, recognitionTokens, userConsents } from '../../db/schema/auth.ts';
import { images } from '../../db/schema/images.ts';
import { sessions, users } from '../../db/schema/users.ts';
import { activeAccount } from '../../policies/visibility.ts';

/**
 * What login needs to decide: the hash and the status (told only after a correct password), and
 * the id and creation time its failures are counted under.
 */
export async function findLoginAccount(db: Executor, usernameOrEmail: string) {
  const key = usernameOrEmail.trim().toLowerCase();
  const [row] = await db
    .select({
      id: users.id,
      createdAt: users.createdAt,
      passwordHash: users.passwordHash,
      status: users.status,
      twoFactorEnabled: users.twoFactorEnabled,
    })
    .from(users)
    .where(or(sql`lower(${users.email}) = ${key}`, sql`lower(${users.username}) = ${key}`))
    // An email match wins over someone whose username happens to equal that text.
    .orderBy(sql`lower(${users.email}) = ${key} desc`)
    .limit(1);
  return row ?? null;
}

export async function isEmailRegistered(db: Executor, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`)
    .limit(1);
  return row !== undefined;
}

/** Which of `candidates` are already usernames (compared case-insensitively, answered lower-cased). */
export async function findTakenUsernames(db: Executor, candidates: string[]): Promise<Set<string>> {
  const lowered = candidates.map((c) => c.toLowerCase());
  const rows = await db
    .select({ username: sql<string>`lower(${users.username})` })
    .from(users)
    .where(inArray(sql`lower(${users.username})`, lowered));
  return new Set(rows.map((r) => r.username));
}

export async function insertUser(db: Executor, values: typeof users.$inferInsert): Promise<number> {
  const [row] = await db.insert(users).values(values).returning({ id: users.id });
  return row!.id;
}

export async function insertConsents(
  db: Executor,
  rows: (typeof userConsents.$inferInsert)[],
): Promise<void> {
  if (rows.length > 0) await db.insert(userConsents).values(rows);
}

export async function insertSession(db: Executor, values: typeof sessions.$inferInsert): Promise<void> {
  await db.insert(sessions).values(values);
}

export async function deleteSession(db: Executor, idHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.idHash, idHash));
}

/** Sessions and recognition tokens of one account that have expired: swept at each sign-in. */
export async function deleteExpiredAuthRowsOf(db: Executor, userId: number, now: Date): Promise<void> {
  await db.delete(sessions).where(and(eq(sessions.userId, userId), lte(sessions.expiresAt, now)));
  await db
    .delete(recognitionTokens)
    .where(and(eq(recognitionTokens.userId, userId), lte(recognitionTokens.expiresAt, now)));
}

export async function setSessionGroup(db: Executor, idHash: string, groupHash: string): Promise<void> {
  await db.update(sessions).set({ groupHash }).where(eq(sessions.idHash, idHash));
}

/** A live session of `userId` in the browser group, if that account is still signed in there. */
export async function findGroupSession(db: Executor, groupHash: string, userId: number, now: Date) {
  const [row] = await db
    .select({ idHash: sessions.idHash, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.groupHash, groupHash),
        eq(sessions.userId, userId),
        gt(sessions.expiresAt, now),
        activeAccount(users),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Live sessions of one account in a group (a second login of the same account replaces them). */
export async function deleteGroupSessionsOf(db: Executor, groupHash: string, userId: number): Promise<void> {
  await db.delete(sessions).where(and(eq(sessions.groupHash, groupHash), eq(sessions.userId, userId)));
}

function accountColumns(user: typeof users, avatar: ReturnType<typeof alias<typeof images, 'avatar'>>) {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    avatarColorIndex: user.avatarColorIndex,
    avatarSizes: avatar.sizes,
    type: user.type,
    createdAt: user.createdAt,
    hasPassword: sql<boolean>`${user.passwordHash} is not null`,
    connectedToFacebook: user.connectedToFacebook,
    connectedToGoogle: user.connectedToGoogle,
    emailVerified: sql<boolean>`${user.emailVerifiedAt} is not null`,
  };
}

/** An active account with everything the viewer answer shows about it. */
export async function findViewerAccount(db: Executor, userId: number) {
  const avatar = alias(images, 'avatar');
  const [row] = await db
    .select(accountColumns(users, avatar))
    .from(users)
    .leftJoin(avatar, eq(avatar.id, users.avatarImageId))
    .where(and(eq(users.id, userId), activeAccount(users)))
    .limit(1);
  return row ?? null;
}
export type ViewerAccountRow = NonNullable<Awaited<ReturnType<typeof findViewerAccount>>>;

/** The other active accounts with a live session in the browser group, oldest sign-in first. */
export async function listGroupAccounts(db: Executor, groupHash: string, exceptUserId: number, now: Date) {
  const avatar = alias(images, 'avatar');
  return db
    .selectDistinctOn([users.id], accountColumns(users, avatar))
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(avatar, eq(avatar.id, users.avatarImageId))
    .where(
      and(
        eq(sessions.groupHash, groupHash),
        ne(sessions.userId, exceptUserId),
        gt(sessions.expiresAt, now),
        activeAccount(users),
      ),
    )
    .orderBy(users.id);
}

export async function insertRecognitionToken(db: Executor, values: typeof recognitionTokens.$inferInsert) {
  await db.insert(recognitionTokens).values(values);
}

export async function deleteRecognitionToken(db: Executor, idHash: string): Promise<void> {
  await db.delete(recognitionTokens).where(eq(recognitionTokens.idHash, idHash));
}

/** The active account a live recognition token points at, or null. */
export async function findRecognizedUserId(db: Executor, idHash: string, now: Date): Promise<number | null> {
  const [row] = await db
    .select({ userId: recognitionTokens.userId })
    .from(recognitionTokens)
    .innerJoin(users, eq(users.id, recognitionTokens.userId))
    .where(
      and(eq(recognitionTokens.idHash, idHash), gt(recognitionTokens.expiresAt, now), activeAccount(users)),
    )
    .limit(1);
  return row?.userId ?? null;
}

export async function insertAuthEvents(
  db: Executor,
  rows: (typeof authEvents.$inferInsert)[],
): Promise<void> {
  await db.insert(authEvents).values(rows);
}

/** The account an admin status command names, locked until the command's transaction ends. */
export async function findAccountForStatusChange(db: Executor, email: string) {
  const [account] = await db
    .select({
      id: users.id,
      status: users.status,
      hasPassword: sql<boolean>`${users.passwordHash} is not null`,
    })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`)
    .for('update')
    .limit(1);
  return account;
}

/**
 * Sets an account's status (the admin status commands, deactivating from settings). A soft ban
 * also removes the password, so only a reset gets the owner back in.
 */
export async function setStatus(
  db: Executor,
  userId: number,
  to: (typeof users.$inferSelect)['status'],
): Promise<void> {
  await db
    .update(users)
    .set({
      status: to,
      ...(to === 'soft_banned' ? { passwordHash: null } : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, userId));
}
