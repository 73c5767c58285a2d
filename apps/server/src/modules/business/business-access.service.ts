import { createHash, randomBytes } from 'node:crypto';
import type { BusinessInvite, BusinessRole, InviteMemberSchema, Member } from '@pinboard/shared';
import type { z } from 'zod';
import type { Mailer } from '../../adapters/mail/index.ts';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Background } from '../../lib/background.ts';
import { authorizeBusinessProfile, businessRoleOf } from '../../policies/business-access.ts';
import {
  countOwners,
  deleteMember,
  findAccountEmail,
  findBusinessProfile,
  findInviteByTokenHash,
  findMemberRole,
  findPendingInvite,
  findProfileAccounts,
  findUserByEmail,
  listMembers,
  listPendingInvites,
  setInviteStatus,
  upsertMember,
  upsertPendingInvite,
} from './business.repository.ts';
import { businessInviteMail } from './business.mail.ts';

/**
 * Business access (decision 55): the people with a role on a business profile, and invitations by
 * email whose token only the invited address's account may use.
 */

export interface BusinessAccessDeps {
  db: Executor;
  mailer: Mailer;
  background: Background;
  publicUrl: string;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

async function membersOf(db: Executor, profileId: number): Promise<{ members: Member[] }> {
  const [account] = await findProfileAccounts(db, [profileId]);
  const own: Member[] = account
    ? [
        {
          user_id: String(account.id),
          username: account.username,
          full_name: account.businessName ?? `${account.firstName} ${account.lastName}`.trim(),
          email: null,
          role: 'OWNER',
          state: 'member',
          invite_id: null,
        },
      ]
    : [];
  const members = (await listMembers(db, profileId)).map((m): Member => ({
    user_id: String(m.userId),
    username: m.username,
    full_name: `${m.firstName} ${m.lastName}`.trim(),
    email: m.email,
    role: m.role,
    state: 'member',
    invite_id: null,
  }));
  const invites = (await listPendingInvites(db, profileId)).map((i): Member => ({
    user_id: null,
    username: null,
    full_name: null,
    email: i.email,
    role: i.role,
    state: 'invited',
    invite_id: String(i.id),
  }));
  return { members: [...own, ...members, ...invites] };
}

export async function listBusinessMembers(db: Executor, viewerId: number, profileId: number) {
  await authorizeBusinessProfile(db, viewerId, 'view_ads', profileId);
  return membersOf(db, profileId);
}

/** Only an owner grants, changes or takes away the owner role. */
function assertMayGrant(actorRole: BusinessRole, role: BusinessRole): void {
  if (role === 'OWNER' && actorRole !== 'OWNER') throw new AppError('owner_role_protected');
}

/**
 * Invites an address to a role: a pending invitation (replacing an earlier one to the same
 * address) and a mail with its link. Someone who already has a role is refused.
 */
export async function inviteBusinessMember(
  deps: BusinessAccessDeps,
  viewerId: number,
  profileId: number,
  input: z.output<typeof InviteMemberSchema>,
) {
  const { db } = deps;
  const actorRole = await authorizeBusinessProfile(db, viewerId, 'manage_people', profileId);
  assertMayGrant(actorRole, input.role);
  const existing = await findUserByEmail(db, input.email);
  if (existing && (existing.id === profileId || (await findMemberRole(db, profileId, existing.id)))) {
    throw new AppError('already_member');
  }
  const token = randomBytes(24).toString('base64url');
  await upsertPendingInvite(db, {
    profileId,
    inviterId: viewerId,
    email: input.email,
    role: input.role,
    tokenHash: hashToken(token),
  });
  const [inviter] = await findProfileAccounts(db, [viewerId]);
  const profile = await findBusinessProfile(db, profileId);
  const mail = businessInviteMail({
    to: input.email,
    inviterName:
      `${inviter?.firstName ?? ''} ${inviter?.lastName ?? ''}`.trim() || inviter?.username || 'Someone',
    businessName: profile?.businessName ?? inviter?.username ?? 'a business',
    role: input.role,
    link: `${deps.publicUrl}/business/invite/?token=${token}`,
  });
  deps.background.run('business-invite-mail', () => deps.mailer.send(mail));
  return membersOf(db, profileId);
}

export async function removeBusinessMember(
  db: Executor,
  viewerId: number,
  profileId: number,
  memberId: number,
) {
  // Anyone may leave a business; taking someone else's access needs manage_people.
  const actorRole =
    memberId === viewerId && memberId !== profileId
      ? await businessRoleOf(db, viewerId, profileId)
      : await authorizeBusinessProfile(db, viewerId, 'manage_people', profileId);
  if (actorRole === null) throw new AppError('business_profile_not_found');
  const role = await findMemberRole(db, profileId, memberId);
  if (role === null) throw new AppError('user_not_found');
  if (memberId !== viewerId) assertMayGrant(actorRole, role);
  await db.transaction(async (tx) => {
    // A business made for its people (not a converted account, which owns itself) keeps an owner.
    const profile = await findBusinessProfile(tx, profileId);
    const selfOwned = profile?.createdBy === profileId;
    if (role === 'OWNER' && !selfOwned && (await countOwners(tx, profileId)) <= 1) {
      throw new AppError('last_owner');
    }
    await deleteMember(tx, profileId, memberId);
  });
  return memberId === viewerId ? { members: [] } : membersOf(db, profileId);
}

export async function revokeBusinessInvite(
  db: Executor,
  viewerId: number,
  profileId: number,
  inviteId: number,
) {
  const actorRole = await authorizeBusinessProfile(db, viewerId, 'manage_people', profileId);
  const invite = await findPendingInvite(db, profileId, inviteId);
  if (!invite) throw new AppError('business_invite_not_found');
  assertMayGrant(actorRole, invite.role);
  await setInviteStatus(db, invite.id, 'revoked', null);
  return membersOf(db, profileId);
}

async function presentInvite(
  db: Executor,
  invite: NonNullable<Awaited<ReturnType<typeof findInviteByTokenHash>>>,
): Promise<BusinessInvite> {
  const profile = await findBusinessProfile(db, invite.profileId);
  return {
    id: String(invite.id),
    business_name: profile?.businessName ?? '',
    profile_id: String(invite.profileId),
    role: invite.role,
    email: invite.email,
    status: invite.status,
  };
}

/** An invitation by its token: only the person signed in with its address sees it. */
async function inviteForViewer(db: Executor, viewerId: number, token: string) {
  const invite = await findInviteByTokenHash(db, hashToken(token));
  if (!invite || invite.status === 'revoked') throw new AppError('business_invite_not_found');
  const email = await findAccountEmail(db, viewerId);
  if (!email || email.toLowerCase() !== invite.email.toLowerCase())
    throw new AppError('invite_email_mismatch');
  return invite;
}

export async function getBusinessInvite(
  db: Executor,
  viewerId: number,
  token: string,
): Promise<BusinessInvite> {
  return presentInvite(db, await inviteForViewer(db, viewerId, token));
}

export async function acceptBusinessInvite(
  db: Executor,
  viewerId: number,
  token: string,
): Promise<BusinessInvite> {
  const invite = await inviteForViewer(db, viewerId, token);
  if (invite.status === 'pending') {
    await db.transaction(async (tx) => {
      if (await setInviteStatus(tx, invite.id, 'accepted', viewerId)) {
        if (invite.profileId !== viewerId) await upsertMember(tx, invite.profileId, viewerId, invite.role);
      }
    });
  }
  return presentInvite(db, { ...invite, status: 'accepted' });
}
