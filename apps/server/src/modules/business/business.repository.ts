import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { BusinessRole, Currency } from '@pinboard/shared';
import type { Executor } from '../../db/client.ts';
import {
  advertisers,
  billingProfiles,
  businessInvites,
  businessMembers,
  businessProfiles,
  campaigns,
} from '../../db/schema/business.ts';
import { images } from '../../db/schema/images.ts';
import { users } from '../../db/schema/users.ts';

export type AdvertiserRow = typeof advertisers.$inferSelect;

/** The accounts behind profiles, with their business name (their full name for a personal one). */
export function findProfileAccounts(db: Executor, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: users.id,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
      type: users.type,
      twoFactorEnabled: users.twoFactorEnabled,
      businessName: businessProfiles.businessName,
      avatarSizes: images.sizes,
    })
    .from(users)
    .leftJoin(businessProfiles, eq(businessProfiles.userId, users.id))
    .leftJoin(images, eq(images.id, users.avatarImageId))
    .where(inArray(users.id, ids));
}

export async function findBusinessProfile(db: Executor, userId: number) {
  const [row] = await db.select().from(businessProfiles).where(eq(businessProfiles.userId, userId));
  return row ?? null;
}

export async function insertBusinessProfile(
  db: Executor,
  values: typeof businessProfiles.$inferInsert,
): Promise<void> {
  await db.insert(businessProfiles).values(values);
}

export async function markAccountBusiness(db: Executor, userId: number): Promise<void> {
  await db
    .update(users)
    .set({ type: 'business', updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}

export async function insertAdvertiser(
  db: Executor,
  values: {
    ownerUserId: number;
    name: string;
    country: string;
    currency: Currency;
    timeZone: string;
  },
): Promise<AdvertiserRow> {
  const [row] = await db.insert(advertisers).values(values).returning();
  return row!;
}

/** Ad accounts of the given profiles, with whether each has a billing profile, oldest first. */
export function listAdvertisersOf(db: Executor, profileIds: number[]) {
  if (profileIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      advertiser: advertisers,
      hasBilling: sql<boolean>`${billingProfiles.advertiserId} is not null`,
    })
    .from(advertisers)
    .leftJoin(billingProfiles, eq(billingProfiles.advertiserId, advertisers.id))
    .where(inArray(advertisers.ownerUserId, profileIds))
    .orderBy(advertisers.id);
}

export async function hasBillingProfile(db: Executor, advertiserId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: billingProfiles.advertiserId })
    .from(billingProfiles)
    .where(eq(billingProfiles.advertiserId, advertiserId));
  return !!row;
}

export function recentCampaignsOf(db: Executor, advertiserIds: number[], limit: number) {
  if (advertiserIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(campaigns)
    .where(inArray(campaigns.advertiserId, advertiserIds))
    .orderBy(desc(campaigns.id))
    .limit(limit);
}

export function spendByCurrency(db: Executor, advertiserIds: number[]) {
  if (advertiserIds.length === 0) return Promise.resolve([]);
  return db
    .select({ currency: advertisers.currency, spend: sql<string>`coalesce(sum(${campaigns.spendMicro}), 0)` })
    .from(campaigns)
    .innerJoin(advertisers, eq(advertisers.id, campaigns.advertiserId))
    .where(inArray(campaigns.advertiserId, advertiserIds))
    .groupBy(advertisers.currency);
}

// Members and invitations

export function listMembers(db: Executor, profileId: number) {
  return db
    .select({
      userId: users.id,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      role: businessMembers.role,
    })
    .from(businessMembers)
    .innerJoin(users, eq(users.id, businessMembers.memberId))
    .where(eq(businessMembers.profileId, profileId))
    .orderBy(businessMembers.createdAt);
}

export function listPendingInvites(db: Executor, profileId: number) {
  return db
    .select()
    .from(businessInvites)
    .where(and(eq(businessInvites.profileId, profileId), eq(businessInvites.status, 'pending')))
    .orderBy(businessInvites.id);
}

export async function findMemberRole(db: Executor, profileId: number, memberId: number) {
  const [row] = await db
    .select({ role: businessMembers.role })
    .from(businessMembers)
    .where(and(eq(businessMembers.profileId, profileId), eq(businessMembers.memberId, memberId)));
  return row?.role ?? null;
}

export async function countOwners(db: Executor, profileId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(businessMembers)
    .where(and(eq(businessMembers.profileId, profileId), eq(businessMembers.role, 'OWNER')));
  return row?.n ?? 0;
}

export async function upsertMember(db: Executor, profileId: number, memberId: number, role: BusinessRole) {
  await db
    .insert(businessMembers)
    .values({ profileId, memberId, role })
    .onConflictDoUpdate({ target: [businessMembers.profileId, businessMembers.memberId], set: { role } });
}

export async function deleteMember(db: Executor, profileId: number, memberId: number): Promise<boolean> {
  const rows = await db
    .delete(businessMembers)
    .where(and(eq(businessMembers.profileId, profileId), eq(businessMembers.memberId, memberId)))
    .returning({ id: businessMembers.memberId });
  return rows.length > 0;
}

/** A pending invitation to the address replaces the one before it (its role and its token). */
export async function upsertPendingInvite(
  db: Executor,
  values: { profileId: number; inviterId: number; email: string; role: BusinessRole; tokenHash: string },
) {
  await db
    .update(businessInvites)
    .set({ status: 'revoked' })
    .where(
      and(
        eq(businessInvites.profileId, values.profileId),
        eq(businessInvites.email, values.email),
        eq(businessInvites.status, 'pending'),
      ),
    );
  const [row] = await db.insert(businessInvites).values(values).returning();
  return row!;
}

export async function findInviteByTokenHash(db: Executor, tokenHash: string) {
  const [row] = await db.select().from(businessInvites).where(eq(businessInvites.tokenHash, tokenHash));
  return row ?? null;
}

export async function setInviteStatus(
  db: Executor,
  id: number,
  status: 'accepted' | 'revoked',
  acceptedBy: number | null,
): Promise<boolean> {
  const rows = await db
    .update(businessInvites)
    .set({ status, acceptedBy })
    .where(and(eq(businessInvites.id, id), eq(businessInvites.status, 'pending')))
    .returning({ id: businessInvites.id });
  return rows.length > 0;
}

export async function findPendingInvite(db: Executor, profileId: number, inviteId: number) {
  const [row] = await db
    .select()
    .from(businessInvites)
    .where(
      and(
        eq(businessInvites.id, inviteId),
        eq(businessInvites.profileId, profileId),
        eq(businessInvites.status, 'pending'),
      ),
    );
  return row ?? null;
}

export async function findUserByEmail(db: Executor, email: string) {
  const [row] = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  return row ?? null;
}

export async function findAccountEmail(db: Executor, userId: number): Promise<string | null> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email ?? null;
}
