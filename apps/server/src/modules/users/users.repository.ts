import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import { alias, type BuildAliasTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { literalLimit, preparedPerDatabase } from '../../db/prepared.ts';
import { images } from '../../db/schema/images.ts';
import { userBlocks } from '../../db/schema/blocks.ts';
import { userFollows } from '../../db/schema/social.ts';
import { sessions, users } from '../../db/schema/users.ts';
import { visibleBoardCount, visiblePinCount } from '../../policies/counts.ts';
import { activeAccount, type ViewerIdParam } from '../../policies/visibility.ts';

/** Columns of a user summary; `avatar` is an alias of images joined on the user's avatar. */
export function userSummaryColumns<U extends string, A extends string>(
  userTable: BuildAliasTable<typeof users, U>,
  avatar: BuildAliasTable<typeof images, A>,
) {
  return {
    id: userTable.id,
    username: userTable.username,
    firstName: userTable.firstName,
    lastName: userTable.lastName,
    avatarColorIndex: userTable.avatarColorIndex,
    avatarSizes: avatar.sizes,
  };
}

export type UserSummaryRow = {
  id: number;
  username: string;
  firstName: string;
  lastName: string;
  avatarColorIndex: number;
  avatarSizes: (typeof images.$inferSelect)['sizes'] | null;
};

// Asked on every signed-in request the instance has not kept (modules/auth/session-lookups.ts): a
// prepared statement.
const sessionUserId = preparedPerDatabase((db) =>
  db
    .select({ userId: sessions.userId, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.idHash, sql.placeholder('idHash')),
        gt(sessions.expiresAt, sql.placeholder('now')),
        activeAccount(users),
      ),
    )
    .limit(1)
    .prepare('session_user_id'),
);

/** A live session of an active account (its user and expiry), or null. */
export async function findLiveSession(
  db: Executor,
  idHash: string,
  now: Date,
): Promise<{ userId: number; expiresAt: Date } | null> {
  const [row] = await sessionUserId(db).execute({ idHash, now });
  return row ?? null;
}

/** The user id of a live session of an active account, or null. */
export async function findSessionUserId(db: Executor, idHash: string, now: Date): Promise<number | null> {
  return (await findLiveSession(db, idHash, now))?.userId ?? null;
}

function selectProfiles(db: Executor, viewerId: ViewerIdParam | null) {
  const user = alias(users, 'profile_user');
  const avatar = alias(images, 'avatar');
  const query = db
    .select({
      ...userSummaryColumns(user, avatar),
      about: user.about,
      websiteUrl: user.websiteUrl,
      pronouns: user.pronouns,
      type: user.type,
      pinCount: visiblePinCount(user, viewerId),
      boardCount: visibleBoardCount(user, viewerId),
      followerCount: user.followerCount,
      followingCount: user.followingCount,
      createdAt: user.createdAt,
      followedByMe:
        viewerId === null
          ? sql<boolean>`false`
          : sql<boolean>`exists (select 1 from ${userFollows} uf where uf.follower_id = ${viewerId} and uf.followee_id = ${user.id})`,
      blockedByMe:
        viewerId === null
          ? sql<boolean>`false`
          : sql<boolean>`exists (select 1 from ${userBlocks} ubm where ubm.blocker_id = ${viewerId} and ubm.blocked_id = ${user.id})`,
    })
    .from(user)
    .leftJoin(avatar, eq(avatar.id, user.avatarImageId));
  return { query, user };
}

function prepareProfileByUsername(viewerId: ViewerIdParam | null, name: string) {
  return preparedPerDatabase((db) => {
    const { query, user } = selectProfiles(db, viewerId);
    return query
      .where(and(sql`lower(${user.username}) = lower(${sql.placeholder('username')})`, activeAccount(user)))
      .limit(literalLimit(1))
      .prepare(name);
  });
}

// Prepared (db/prepared.ts): a profile is one of the most read signed-in answers.
const publicProfileByUsername = prepareProfileByUsername(null, 'public_profile_by_username');
const viewerProfileByUsername = prepareProfileByUsername(
  sql.placeholder('viewerId'),
  'viewer_profile_by_username',
);

/** An active user's profile row by username (case-insensitive), with whether the viewer follows them. */
export async function findProfileByUsername(db: Executor, username: string, viewerId: number | null) {
  const [row] =
    viewerId === null
      ? await publicProfileByUsername(db).execute({ username })
      : await viewerProfileByUsername(db).execute({ username, viewerId });
  return row ?? null;
}

const activeUserIdByUsername = preparedPerDatabase((db) =>
  db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(and(sql`lower(${users.username}) = lower(${sql.placeholder('username')})`, activeAccount(users)))
    .limit(1)
    .prepare('active_user_id_by_username'),
);

/**
 * An active user's id and username by username (case-insensitive), for calls about their boards,
 * pins or follows: what `findProfileByUsername` finds, without the profile's counts.
 */
export async function findActiveUserByUsername(
  db: Executor,
  username: string,
): Promise<{ id: number; username: string } | null> {
  const [row] = await activeUserIdByUsername(db).execute({ username });
  return row ?? null;
}

/** Active users' profile rows by id (any order). */
export async function findProfilesByIds(db: Executor, ids: number[], viewerId: number | null) {
  if (ids.length === 0) return [];
  const { query, user } = selectProfiles(db, viewerId);
  return query.where(and(inArray(user.id, ids), activeAccount(user)));
}

export type ProfileRow = NonNullable<Awaited<ReturnType<typeof findProfileByUsername>>>;
