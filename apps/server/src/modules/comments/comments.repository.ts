import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { int8Array, selectRows } from '../../db/sql-helpers.ts';
import { commentLikes, commentMentions, pinComments } from '../../db/schema/comments.ts';
import { users } from '../../db/schema/users.ts';
import { activeAccount, commentShownAs, countedCommentLikesOf } from '../../policies/visibility.ts';

/** A comment as lists show it, before its author and mentions are named. */
export interface CommentRow {
  id: number;
  pinId: number;
  parentId: number | null;
  authorId: number;
  text: string;
  createdAt: Date;
  likeCount: number;
  likedByMe: boolean;
  replyCount: number;
  /** An operator removed it (only its author is shown it, decision 54). */
  removed: boolean;
}

interface RawComment {
  id: string | number;
  pin_id: string | number;
  parent_id: string | number | null;
  author_id: string | number;
  text: string;
  created_at: Date | string;
  like_count: string | number;
  liked_by_me: boolean;
  reply_count: string | number;
  removed: boolean;
}

function toRow(raw: RawComment): CommentRow {
  return {
    id: Number(raw.id),
    pinId: Number(raw.pin_id),
    parentId: raw.parent_id === null ? null : Number(raw.parent_id),
    authorId: Number(raw.author_id),
    text: raw.text,
    createdAt: new Date(raw.created_at),
    likeCount: Number(raw.like_count),
    likedByMe: raw.liked_by_me,
    replyCount: Number(raw.reply_count),
    removed: raw.removed,
  };
}

function commentColumns(viewerId: number | null) {
  return sql`c.id, c.pin_id, c.parent_id, c.author_id, c.text, c.created_at, c.removed_at is not null as removed,
    ${countedCommentLikesOf('c')} as like_count,
    ${
      viewerId === null
        ? sql`false`
        : sql`exists (select 1 from comment_likes mine where mine.comment_id = c.id and mine.user_id = ${viewerId})`
    } as liked_by_me,
    (select count(*) from pin_comments r where r.parent_id = c.id and ${commentShownAs('r', viewerId)}) as reply_count`;
}

/**
 * A pin's top comments newest first (before `beforeId`), or the replies of `parentId` oldest
 * first (after `afterId`): shown ones only (`commentShownAs`). The pin's visibility is the caller's.
 */
export async function listComments(
  db: Executor,
  options: {
    pinId: number;
    parentId: number | null;
    cursor: number | null;
    limit: number;
    viewerId: number | null;
  },
): Promise<CommentRow[]> {
  const { pinId, parentId, cursor, limit, viewerId } = options;
  const top = parentId === null;
  const rows = await selectRows<RawComment>(
    db,
    sql`select ${commentColumns(viewerId)} from pin_comments c
      where c.pin_id = ${pinId} and ${top ? sql`c.parent_id is null` : sql`c.parent_id = ${parentId}`}
        and ${commentShownAs('c', viewerId)}
        ${cursor === null ? sql`` : top ? sql`and c.id < ${cursor}` : sql`and c.id > ${cursor}`}
      order by c.id ${top ? sql`desc` : sql`asc`}
      limit ${limit}`,
  );
  return rows.map(toRow);
}

/** The first `perComment` shown replies of each of `parentIds`, oldest first. */
export async function listFirstReplies(
  db: Executor,
  parentIds: number[],
  perComment: number,
  viewerId: number | null,
): Promise<CommentRow[]> {
  if (parentIds.length === 0) return [];
  const rows = await selectRows<RawComment & { n: string | number }>(
    db,
    sql`select * from (
        select ${commentColumns(viewerId)}, row_number() over (partition by c.parent_id order by c.id) as n
        from pin_comments c
        where c.parent_id = any(${int8Array(parentIds)}) and ${commentShownAs('c', viewerId)}) replies
      where replies.n <= ${perComment}
      order by replies.id`,
  );
  return rows.map(toRow);
}

/** One comment shown as lists show it, or null. */
export async function findShownComment(
  db: Executor,
  commentId: number,
  viewerId: number | null,
): Promise<CommentRow | null> {
  const [row] = await selectRows<RawComment>(
    db,
    sql`select ${commentColumns(viewerId)} from pin_comments c where c.id = ${commentId} and ${commentShownAs('c', viewerId)}`,
  );
  return row ? toRow(row) : null;
}

/**
 * The comments of a pin the viewer is shown: top comments and the replies of shown ones (a removed
 * one counts for its author alone, who is shown it).
 */
export async function countShownComments(
  db: Executor,
  pinId: number,
  viewerId: number | null,
): Promise<number> {
  const [row] = await selectRows<{ count: string | number }>(
    db,
    sql`select count(*) as count from pin_comments c where c.pin_id = ${pinId} and ${commentShownAs('c', viewerId)}`,
  );
  return Number(row?.count ?? 0);
}

/** Adds a comment and the accounts it mentions; answers its id. */
export async function insertComment(
  db: Executor,
  comment: { pinId: number; authorId: number; parentId: number | null; text: string; mentionIds: number[] },
): Promise<number> {
  const [row] = await db
    .insert(pinComments)
    .values({
      pinId: comment.pinId,
      authorId: comment.authorId,
      parentId: comment.parentId,
      text: comment.text,
    })
    .returning({ id: pinComments.id });
  const id = row!.id;
  if (comment.mentionIds.length > 0) {
    await db
      .insert(commentMentions)
      .values(comment.mentionIds.map((userId) => ({ commentId: id, userId })))
      .onConflictDoNothing();
  }
  return id;
}

export async function deleteCommentById(db: Executor, commentId: number): Promise<boolean> {
  const deleted = await db
    .delete(pinComments)
    .where(eq(pinComments.id, commentId))
    .returning({ id: pinComments.id });
  return deleted.length > 0;
}

/** Likes (or stops liking) a comment; liking twice keeps one like. */
export async function setCommentLike(db: Executor, commentId: number, userId: number, liked: boolean) {
  if (liked) {
    await db.insert(commentLikes).values({ commentId, userId }).onConflictDoNothing();
  } else {
    await db
      .delete(commentLikes)
      .where(and(eq(commentLikes.commentId, commentId), eq(commentLikes.userId, userId)));
  }
}

/** Active accounts with these usernames (any case), for mentions. */
export async function findActiveUsersNamed(
  db: Executor,
  usernames: string[],
): Promise<{ id: number; username: string }[]> {
  if (usernames.length === 0) return [];
  return db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(and(inArray(sql`lower(${users.username})`, usernames), activeAccount(users)));
}

/** The mentioned accounts of these comments that are active, by comment. */
export async function findMentionsOf(
  db: Executor,
  commentIds: number[],
): Promise<{ commentId: number; id: number; username: string }[]> {
  if (commentIds.length === 0) return [];
  return db
    .select({ commentId: commentMentions.commentId, id: users.id, username: users.username })
    .from(commentMentions)
    .innerJoin(users, and(eq(users.id, commentMentions.userId), activeAccount(users)))
    .where(sql`${commentMentions.commentId} = any(${int8Array(commentIds)})`);
}
