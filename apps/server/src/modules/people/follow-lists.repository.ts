import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { images } from '../../db/schema/images.ts';
import { boardFollows, userFollows } from '../../db/schema/social.ts';
import { users } from '../../db/schema/users.ts';
import { activeAccount } from '../../policies/visibility.ts';
import { userSummaryColumns, type UserSummaryRow } from '../users/users.repository.ts';

/** Which follows a list is made of: a person's followers or followees, or a board's followers. */
export type FollowList =
  | { kind: 'followersOf'; userId: number }
  | { kind: 'followingOf'; userId: number }
  | { kind: 'boardFollowers'; boardId: number };

/** Where a page continues: the last row's follow time (as PostgreSQL's text, microseconds kept) and person. */
export interface FollowCursor {
  at: string;
  userId: number;
}

export type FollowListRow = UserSummaryRow & {
  followerCount: number;
  followedByMe: boolean;
  followedAt: string;
};

/** The follow rows of a list: the table, the listed person's id column, the list's own condition. */
function followsOf(list: FollowList) {
  switch (list.kind) {
    case 'followersOf':
      return {
        table: userFollows,
        person: userFollows.followerId,
        at: userFollows.createdAt,
        where: eq(userFollows.followeeId, list.userId),
      };
    case 'followingOf':
      return {
        table: userFollows,
        person: userFollows.followeeId,
        at: userFollows.createdAt,
        where: eq(userFollows.followerId, list.userId),
      };
    case 'boardFollowers':
      return {
        table: boardFollows,
        person: boardFollows.userId,
        at: boardFollows.createdAt,
        where: eq(boardFollows.boardId, list.boardId),
      };
  }
}

/**
 * One page of a follow list, most recent follow first: active accounts only, each with whether
 * the viewer follows them. `limit` is the page size plus one (`pageOf`).
 */
export async function listFollowPage(
  db: Executor,
  list: FollowList,
  viewerId: number | null,
  cursor: FollowCursor | null,
  limit: number,
): Promise<FollowListRow[]> {
  const person = alias(users, 'listed_user');
  const avatar = alias(images, 'avatar');
  const follows = followsOf(list);
  const after: SQL = cursor
    ? sql`(${follows.at}, ${follows.person}) < (${cursor.at}::timestamptz, ${cursor.userId})`
    : sql`true`;
  const followedByMe =
    viewerId === null
      ? sql<boolean>`false`
      : sql<boolean>`exists (select 1 from ${userFollows} uf where uf.follower_id = ${viewerId} and uf.followee_id = ${person.id})`;
  return db
    .select({
      ...userSummaryColumns(person, avatar),
      followerCount: person.followerCount,
      followedByMe,
      followedAt: sql<string>`${follows.at}::text`,
    })
    .from(follows.table)
    .innerJoin(person, eq(person.id, follows.person))
    .leftJoin(avatar, eq(avatar.id, person.avatarImageId))
    .where(and(follows.where, activeAccount(person), after))
    .orderBy(desc(follows.at), desc(follows.person))
    .limit(limit);
}
