import { and, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import { alias, type BuildAliasTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { boards } from '../../db/schema/boards.ts';
import { images } from '../../db/schema/images.ts';
import { pins } from '../../db/schema/pins.ts';
import { userFollows } from '../../db/schema/social.ts';
import { sessions, users } from '../../db/schema/users.ts';
import { boardVisibleTo } from '../../db/visibility.ts';

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

/** The user id of a live session of an active account, or null. */
export async function findSessionUserId(db: Executor, idHash: string, now: Date): Promise<number | null> {
  const [row] = await db
    .select({ userId: sessions.userId })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.idHash, idHash), gt(sessions.expiresAt, now), eq(users.status, 'active')))
    .limit(1);
  return row?.userId ?? null;
}

type ProfileUser = BuildAliasTable<typeof users, 'profile_user'>;

/**
 * The boards of the user the viewer may see (owned ones, archived included, as `board_count`
 * counts them): the kept count for the owner, else counted over the owner's boards (few, by
 * `boards_owner_slug_key`), so secret and protected boards count only for their members.
 */
function visibleBoardCount(user: ProfileUser, viewerId: number | null): SQL<number> {
  const visible = sql<number>`(select count(*)::int from ${boards} where ${boards.ownerId} = ${user.id} and ${boardVisibleTo(viewerId)})`;
  return viewerId === null
    ? visible
    : sql<number>`case when ${user.id} = ${viewerId} then ${user.boardCount} else ${visible} end`;
}

/**
 * The user's pins the viewer may see, the rule of their pin list (`readablePins`): on a board the
 * viewer may see, of an active owner. The kept count for the owner; for anyone else the kept count
 * less the pins on other boards, counted over the user's own pins (`pins_pinner_id_idx`).
 */
function visiblePinCount(user: ProfileUser, viewerId: number | null): SQL<number> {
  const hidden = sql<number>`(select count(*)::int from ${pins} hp
    join ${boards} on ${boards.id} = hp.board_id
    join ${users} ho on ho.id = ${boards.ownerId}
    where hp.pinner_id = ${user.id} and not (${boardVisibleTo(viewerId)} and ho.status = 'active'))`;
  const visible = sql<number>`(${user.pinCount} - ${hidden})`;
  return viewerId === null
    ? visible
    : sql<number>`case when ${user.id} = ${viewerId} then ${user.pinCount} else ${visible} end`;
}

function selectProfiles(db: Executor, viewerId: number | null) {
  const user = alias(users, 'profile_user');
  const avatar = alias(images, 'avatar');
  const query = db
    .select({
      ...userSummaryColumns(user, avatar),
      about: user.about,
      websiteUrl: user.websiteUrl,
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
    })
    .from(user)
    .leftJoin(avatar, eq(avatar.id, user.avatarImageId));
  return { query, user };
}

/** An active user's profile row by username (case-insensitive), with whether the viewer follows them. */
export async function findProfileByUsername(db: Executor, username: string, viewerId: number | null) {
  const { query, user } = selectProfiles(db, viewerId);
  const [row] = await query
    .where(and(sql`lower(${user.username}) = lower(${username})`, eq(user.status, 'active')))
    .limit(1);
  return row ?? null;
}

/** Active users' profile rows by id (any order). */
export async function findProfilesByIds(db: Executor, ids: number[], viewerId: number | null) {
  if (ids.length === 0) return [];
  const { query, user } = selectProfiles(db, viewerId);
  return query.where(and(inArray(user.id, ids), eq(user.status, 'active')));
}

export type ProfileRow = NonNullable<Awaited<ReturnType<typeof findProfileByUsername>>>;
