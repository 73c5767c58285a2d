import { and, eq, sql } from 'drizzle-orm';
import { roleMay, type BusinessPermission, type BusinessRole } from '@pinboard/shared';
import type { Executor } from '../db/client.ts';
import { advertisers, businessMembers, businessProfiles } from '../db/schema/business.ts';
import { users } from '../db/schema/users.ts';
import { AppError } from '../lib/app-error.ts';
import { activeAccountWithId } from './visibility.ts';

/**
 * Business access (decision 55): a person's role on a business profile, and what it lets them do
 * with the profile's ad accounts. Every advertiser call goes through `authorizeAdvertiser`, every
 * business-access call through `authorizeBusinessProfile`:
 * - a person with no role (or a profile or account that does not exist, or whose account is not
 *   active) gets the answer a missing one gets (`advertiser_not_found`,
 *   `business_profile_not_found`), so ids cannot be probed;
 * - a person acting as a profile other than their own account, with a role other than owner,
 *   needs two-factor login on (`business_mfa_required`);
 * - a role without the permission is refused (`business_role_forbidden`).
 */

/** The viewer's role on a profile: OWNER of their own account, else their membership's, else null. */
export async function businessRoleOf(
  db: Executor,
  viewerId: number,
  profileId: number,
): Promise<BusinessRole | null> {
  if (viewerId === profileId) {
    const [own] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, profileId), activeAccountWithId(users.id)));
    return own ? 'OWNER' : null;
  }
  const [row] = await db
    .select({ role: businessMembers.role })
    .from(businessMembers)
    .innerJoin(businessProfiles, eq(businessProfiles.userId, businessMembers.profileId))
    .where(
      and(
        eq(businessMembers.profileId, profileId),
        eq(businessMembers.memberId, viewerId),
        activeAccountWithId(businessMembers.profileId),
      ),
    );
  return row?.role ?? null;
}

async function twoFactorOn(db: Executor, viewerId: number): Promise<boolean> {
  const [row] = await db.select({ on: users.twoFactorEnabled }).from(users).where(eq(users.id, viewerId));
  return row?.on ?? false;
}

/** Refuses a role that may not act or lacks the permission (the role is known to exist). */
async function assertRoleMay(
  db: Executor,
  viewerId: number,
  profileId: number,
  role: BusinessRole,
  permission: BusinessPermission,
): Promise<void> {
  if (viewerId !== profileId && role !== 'OWNER' && !(await twoFactorOn(db, viewerId))) {
    throw new AppError('business_mfa_required');
  }
  if (!roleMay(role, permission)) throw new AppError('business_role_forbidden');
}

/** Allows `permission` on a business profile or throws; answers the viewer's role on it. */
export async function authorizeBusinessProfile(
  db: Executor,
  viewerId: number,
  permission: BusinessPermission,
  profileId: number,
): Promise<BusinessRole> {
  const role = await businessRoleOf(db, viewerId, profileId);
  if (role === null) throw new AppError('business_profile_not_found');
  await assertRoleMay(db, viewerId, profileId, role, permission);
  return role;
}

export type AdvertiserRow = typeof advertisers.$inferSelect;

/** Allows `permission` on an ad account or throws; answers the ad account and the viewer's role. */
export async function authorizeAdvertiser(
  db: Executor,
  viewerId: number,
  permission: BusinessPermission,
  advertiserId: number,
): Promise<{ advertiser: AdvertiserRow; role: BusinessRole }> {
  const [advertiser] = await db
    .select()
    .from(advertisers)
    .where(and(eq(advertisers.id, advertiserId), activeAccountWithId(advertisers.ownerUserId)));
  const role = advertiser ? await businessRoleOf(db, viewerId, advertiser.ownerUserId) : null;
  if (!advertiser || role === null) throw new AppError('advertiser_not_found');
  await assertRoleMay(db, viewerId, advertiser.ownerUserId, role, permission);
  return { advertiser, role };
}

/**
 * The profiles a person has a role on (their own account first), with the role: the profiles map
 * and the ad-account list read this. Profiles of inactive accounts are left out.
 */
export async function rolesOfViewer(
  db: Executor,
  viewerId: number,
): Promise<{ profileId: number; role: BusinessRole }[]> {
  const memberships = await db
    .select({ profileId: businessMembers.profileId, role: businessMembers.role })
    .from(businessMembers)
    .innerJoin(businessProfiles, eq(businessProfiles.userId, businessMembers.profileId))
    .where(and(eq(businessMembers.memberId, viewerId), activeAccountWithId(businessMembers.profileId)))
    .orderBy(sql`${businessMembers.profileId}`);
  return [{ profileId: viewerId, role: 'OWNER' as const }, ...memberships];
}
