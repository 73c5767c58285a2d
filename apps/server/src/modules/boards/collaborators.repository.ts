import { and, asc, desc, eq, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { boards } from '../../db/schema/boards.ts';
import { images } from '../../db/schema/images.ts';
import { boardCollaborators, boardInvites } from '../../db/schema/social.ts';
import { users } from '../../db/schema/users.ts';
import { activeAccount, activeAccountWithId } from '../../policies/visibility.ts';
import { userSummaryColumns } from '../users/users.repository.ts';

const LIST_MAX = 500;

/** A pending invitation addressed to the user: by account, or by their email (case-insensitive). */
function addressedTo(userId: number, email: string | null): SQL {
  const byUser = eq(boardInvites.inviteeUserId, userId);
  if (!email) return byUser;
  return or(byUser, sql`lower(${boardInvites.inviteeEmail}) = lower(${email})`)!;
}

/** An active account by id, with its email (to tell self-invitations apart). */
export async function findActiveUser(db: Executor, id: number) {
  const [row] = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(eq(users.id, id), activeAccount(users)))
    .limit(1);
  return row ?? null;
}

/** The account (any status) whose email is `email`, case-insensitive. */
export async function findUserIdByEmail(db: Executor, email: string): Promise<number | null> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .limit(1);
  return row?.id ?? null;
}

export async function findUserEmail(db: Executor, id: number): Promise<string | null> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, id)).limit(1);
  return row?.email ?? null;
}

export async function isCollaborator(db: Executor, boardId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ userId: boardCollaborators.userId })
    .from(boardCollaborators)
    .where(and(eq(boardCollaborators.boardId, boardId), eq(boardCollaborators.userId, userId)))
    .limit(1);
  return Boolean(row);
}

/** Adds a pending invitation; answers its id, or null when one is already pending (unique index). */
export async function insertPendingInvite(
  db: Executor,
  invite: { boardId: number; inviterId: number; inviteeUserId?: number; inviteeEmail?: string },
): Promise<number | null> {
  const [row] = await db
    .insert(boardInvites)
    .values(invite)
    .onConflictDoNothing()
    .returning({ id: boardInvites.id });
  return row?.id ?? null;
}

/** A board's active collaborators, earliest first. */
export async function listCollaborators(db: Executor, boardId: number) {
  const member = alias(users, 'member');
  const avatar = alias(images, 'member_avatar');
  return db
    .select(userSummaryColumns(member, avatar))
    .from(boardCollaborators)
    .innerJoin(member, eq(member.id, boardCollaborators.userId))
    .leftJoin(avatar, eq(avatar.id, member.avatarImageId))
    .where(and(eq(boardCollaborators.boardId, boardId), activeAccount(member)))
    .orderBy(asc(boardCollaborators.createdAt), asc(boardCollaborators.userId))
    .limit(LIST_MAX);
}

/** A board's pending invitations with their invitee (when an account) and inviter, oldest first. */
export async function listPendingInvites(db: Executor, boardId: number) {
  const invitee = alias(users, 'invitee');
  const inviteeAvatar = alias(images, 'invitee_avatar');
  const inviter = alias(users, 'inviter');
  const inviterAvatar = alias(images, 'inviter_avatar');
  return db
    .select({
      id: boardInvites.id,
      boardId: boardInvites.boardId,
      status: boardInvites.status,
      inviteeEmail: boardInvites.inviteeEmail,
      createdAt: boardInvites.createdAt,
      invitee: userSummaryColumns(invitee, inviteeAvatar),
      inviter: userSummaryColumns(inviter, inviterAvatar),
    })
    .from(boardInvites)
    .leftJoin(invitee, eq(invitee.id, boardInvites.inviteeUserId))
    .leftJoin(inviteeAvatar, eq(inviteeAvatar.id, invitee.avatarImageId))
    .innerJoin(inviter, eq(inviter.id, boardInvites.inviterId))
    .leftJoin(inviterAvatar, eq(inviterAvatar.id, inviter.avatarImageId))
    .where(and(eq(boardInvites.boardId, boardId), eq(boardInvites.status, 'pending')))
    .orderBy(asc(boardInvites.createdAt), asc(boardInvites.id))
    .limit(LIST_MAX);
}
export type PendingInviteRow = Awaited<ReturnType<typeof listPendingInvites>>[number];

/** A page of pending invitations addressed to the user, on boards of active owners, newest first. */
export async function listInvitesOf(
  db: Executor,
  page: { userId: number; email: string | null; beforeId: number | null; limit: number },
) {
  const { userId, email } = page;
  const inviter = alias(users, 'inviter');
  const inviterAvatar = alias(images, 'inviter_avatar');
  const owner = alias(users, 'board_owner');
  return db
    .select({
      id: boardInvites.id,
      status: boardInvites.status,
      createdAt: boardInvites.createdAt,
      board: { id: boards.id, name: boards.name, slug: boards.slug, privacy: boards.privacy },
      ownerUsername: owner.username,
      inviter: userSummaryColumns(inviter, inviterAvatar),
    })
    .from(boardInvites)
    .innerJoin(boards, eq(boards.id, boardInvites.boardId))
    .innerJoin(owner, eq(owner.id, boards.ownerId))
    .innerJoin(inviter, eq(inviter.id, boardInvites.inviterId))
    .leftJoin(inviterAvatar, eq(inviterAvatar.id, inviter.avatarImageId))
    .where(
      and(
        eq(boardInvites.status, 'pending'),
        addressedTo(userId, email),
        activeAccount(owner),
        ne(boards.ownerId, userId),
        page.beforeId === null ? undefined : lt(boardInvites.id, page.beforeId),
      ),
    )
    .orderBy(desc(boardInvites.id))
    .limit(page.limit);
}
export type ViewerInviteRow = Awaited<ReturnType<typeof listInvitesOf>>[number];

/**
 * One invitation, locked for the rest of the transaction (accepting and declining race-free). An
 * invitation to a board whose owner is not active does not exist, as the invitee's list shows.
 */
export async function findInviteForUpdate(tx: Executor, id: number) {
  const [row] = await tx
    .select()
    .from(boardInvites)
    .where(
      and(
        eq(boardInvites.id, id),
        sql`exists (select 1 from boards b where b.id = ${boardInvites.boardId} and ${activeAccountWithId(sql`b.owner_id`)})`,
      ),
    )
    .for('update')
    .limit(1);
  return row ?? null;
}

export async function insertCollaborator(tx: Executor, boardId: number, userId: number) {
  await tx.insert(boardCollaborators).values({ boardId, userId }).onConflictDoNothing();
}

/** Answers every pending invitation of the board addressed to the user (a user and an email one may both exist). */
export async function answerPendingInvites(
  tx: Executor,
  input: {
    boardId: number;
    userId: number;
    email: string | null;
    status: 'accepted' | 'declined';
    now: Date;
  },
) {
  await tx
    .update(boardInvites)
    .set({ status: input.status, respondedAt: input.now })
    .where(
      and(
        eq(boardInvites.boardId, input.boardId),
        eq(boardInvites.status, 'pending'),
        addressedTo(input.userId, input.email),
      ),
    );
}

export async function setInviteStatus(tx: Executor, id: number, status: 'declined', now: Date) {
  await tx.update(boardInvites).set({ status, respondedAt: now }).where(eq(boardInvites.id, id));
}

/** Removes a collaborator (counts move by trigger); answers whether there was one. */
export async function deleteCollaborator(tx: Executor, boardId: number, userId: number): Promise<boolean> {
  const removed = await tx
    .delete(boardCollaborators)
    .where(and(eq(boardCollaborators.boardId, boardId), eq(boardCollaborators.userId, userId)))
    .returning({ userId: boardCollaborators.userId });
  return removed.length > 0;
}

/** Cancels (deletes) the pending invitations of the board addressed to the user. */
export async function deletePendingInvites(
  tx: Executor,
  boardId: number,
  userId: number,
  email: string | null,
) {
  await tx
    .delete(boardInvites)
    .where(
      and(eq(boardInvites.boardId, boardId), eq(boardInvites.status, 'pending'), addressedTo(userId, email)),
    );
}

/** LIKE pattern for a prefix, with the wildcards of the typed text escaped. */
const prefixPattern = (q: string) => `${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Active accounts whose username, first name, last name or full name starts with `q`, other
 * than the board's owner and collaborators (only the viewer without a board yet); usernames that
 * match first, then the most followed.
 */
export async function searchInvitableUsers(
  db: Executor,
  boardId: number | null,
  ownerId: number,
  q: string,
  limit: number,
) {
  const person = alias(users, 'person');
  const avatar = alias(images, 'person_avatar');
  const pattern = prefixPattern(q);
  const usernameMatch = sql`lower(${person.username}) like ${pattern}`;
  return db
    .select(userSummaryColumns(person, avatar))
    .from(person)
    .leftJoin(avatar, eq(avatar.id, person.avatarImageId))
    .where(
      and(
        activeAccount(person),
        ne(person.id, ownerId),
        or(
          usernameMatch,
          sql`lower(${person.firstName}) like ${pattern}`,
          sql`lower(${person.lastName}) like ${pattern}`,
          sql`lower(${person.firstName} || ' ' || ${person.lastName}) like ${pattern}`,
        ),
        boardId === null
          ? undefined
          : sql`not exists (select 1 from ${boardCollaborators} bc where bc.board_id = ${boardId} and bc.user_id = ${person.id})`,
      ),
    )
    .orderBy(desc(sql`${usernameMatch}`), desc(person.followerCount), asc(person.username))
    .limit(limit);
}
