import { and, asc, eq, isNotNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { websiteClaims } from '../../db/schema/account-settings.ts';
import { alias } from 'drizzle-orm/pg-core';
import { images } from '../../db/schema/images.ts';
import { users } from '../../db/schema/users.ts';
import { userSummaryColumns } from '../users/users.repository.ts';
import { activeAccount } from '../../policies/visibility.ts';

const claimColumns = {
  id: websiteClaims.id,
  userId: websiteClaims.userId,
  domain: websiteClaims.domain,
  origin: websiteClaims.origin,
  code: websiteClaims.code,
  verifiedAt: websiteClaims.verifiedAt,
  createdAt: websiteClaims.createdAt,
};

export async function listClaimsOf(db: Executor, userId: number) {
  return db
    .select(claimColumns)
    .from(websiteClaims)
    .where(eq(websiteClaims.userId, userId))
    .orderBy(asc(websiteClaims.id));
}
export type ClaimRow = Awaited<ReturnType<typeof listClaimsOf>>[number];

/** A claim by id, whoever made it (the policy layer decides who may act on it). */
export async function findClaim(db: Executor, id: number): Promise<ClaimRow | null> {
  const [row] = await db.select(claimColumns).from(websiteClaims).where(eq(websiteClaims.id, id)).limit(1);
  return row ?? null;
}

/** Whether another account holds the domain's verified claim. */
export async function isDomainVerifiedByOther(
  db: Executor,
  domain: string,
  userId: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: websiteClaims.id })
    .from(websiteClaims)
    .where(
      and(
        eq(websiteClaims.domain, domain),
        isNotNull(websiteClaims.verifiedAt),
        sql`${websiteClaims.userId} <> ${userId}`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** A person's claim of a domain; the one they already have when they claim it again. */
export async function insertClaim(
  db: Executor,
  values: { userId: number; domain: string; origin: string; code: string },
): Promise<ClaimRow> {
  const [row] = await db
    .insert(websiteClaims)
    .values(values)
    .onConflictDoUpdate({
      target: [websiteClaims.userId, websiteClaims.domain],
      set: {
        origin: sql`case when ${websiteClaims.verifiedAt} is null then excluded.origin else ${websiteClaims.origin} end`,
      },
    })
    .returning(claimColumns);
  return row!;
}

/** Marks a claim verified; the partial unique index refuses a second verified claim of a domain. */
export async function markClaimVerified(db: Executor, id: number, by: 'meta' | 'file', now: Date) {
  await db.update(websiteClaims).set({ verifiedAt: now, verifiedBy: by }).where(eq(websiteClaims.id, id));
}

export async function deleteClaim(db: Executor, id: number): Promise<void> {
  await db.delete(websiteClaims).where(eq(websiteClaims.id, id));
}

/**
 * The active account holding a domain's verified claim, as a user summary; with `toFollowBy`,
 * only when that person is someone else whom they do not follow yet.
 */
export async function findOfficialUser(db: Executor, domain: string, toFollowBy?: number) {
  const owner = alias(users, 'official_user');
  const avatar = alias(images, 'official_avatar');
  const [row] = await db
    .select(userSummaryColumns(owner, avatar))
    .from(websiteClaims)
    .innerJoin(owner, eq(owner.id, websiteClaims.userId))
    .leftJoin(avatar, eq(avatar.id, owner.avatarImageId))
    .where(
      and(
        eq(websiteClaims.domain, domain),
        isNotNull(websiteClaims.verifiedAt),
        activeAccount(owner),
        toFollowBy === undefined
          ? undefined
          : and(
              ne(owner.id, toFollowBy),
              sql`not exists (select 1 from user_follows f where f.follower_id = ${toFollowBy} and f.followee_id = ${owner.id})`,
            ),
      ),
    )
    .limit(1);
  return row ?? null;
}
