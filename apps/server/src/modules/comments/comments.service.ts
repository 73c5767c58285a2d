import {
  COMMENT_REPLIES_SHOWN,
  findMentions,
  type Comment,
  type CommentLike,
  type CommentPage,
  type CommentsQuery,
  type CreateComment,
} from '@pinboard/shared';
import type { Database, Executor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { decodeBookmark, pageOf } from '../../lib/bookmark.ts';
import { notifyComment } from '../notifications/notify.ts';
import { findActors } from '../notifications/notifications.repository.ts';
import { isBlockedEitherWay } from '../blocks/blocks.repository.ts';
import { findRemovalNotice } from '../moderation/moderation.repository.ts';
import { findPinById, type PinRow } from '../pins/pins.repository.ts';
import { presentComment, type CommentNames } from './comments.presenter.ts';
import {
  countShownComments,
  deleteCommentById,
  findActiveUsersNamed,
  findMentionsOf,
  findShownComment,
  insertComment,
  listComments,
  listFirstReplies,
  setCommentLike,
  type CommentRow,
} from './comments.repository.ts';

/** The pin the viewer may see, else missing as for any read. */
async function visiblePin(db: Executor, pinId: number, viewerId: number | null): Promise<PinRow> {
  const pin = await findPinById(db, pinId, viewerId);
  if (!pin) throw new AppError('pin_not_found');
  return pin;
}

/**
 * THE decision "may this viewer comment on this pin (or like one of its comments)": whoever may
 * see the pin, unless they and its pinner blocked one another (decision 52). Every write of a
 * comment or a like asks here and nowhere else. Throws as for a pin the viewer may not see, or
 * `comment_blocked`.
 */
export async function assertMayComment(db: Executor, viewerId: number, pinId: number): Promise<PinRow> {
  const pin = await visiblePin(db, pinId, viewerId);
  if (await isBlockedEitherWay(db, viewerId, Number(pin.pinner.id))) throw new AppError('comment_blocked');
  return pin;
}

/**
 * A shown comment on a pin the viewer may see, to act on; all failures answer as a missing
 * comment. A removed comment (shown to its author alone) takes no likes or deletes: its author may
 * appeal it (decision 54).
 */
async function visibleComment(db: Executor, commentId: number, viewerId: number) {
  const comment = await findShownComment(db, commentId, viewerId);
  const pin = comment && !comment.removed && (await findPinById(db, comment.pinId, viewerId));
  if (!comment || !pin) throw new AppError('comment_not_found');
  return { comment, pin };
}

async function namesFor(db: Executor, rows: CommentRow[], viewerId: number | null, pin: PinRow) {
  const commentIds = rows.map((row) => row.id);
  const [authors, mentions, removals] = await Promise.all([
    findActors(db, [...new Set(rows.map((row) => row.authorId))]),
    findMentionsOf(db, commentIds),
    // Only their author is shown removed comments: a page has few, if any.
    Promise.all(
      rows
        .filter((row) => row.removed)
        .map(async (row) => [row.id, await findRemovalNotice(db, { type: 'comment', id: row.id })] as const),
    ),
  ]);
  const byComment = new Map<number, { id: number; username: string }[]>();
  for (const mention of mentions) {
    const list = byComment.get(mention.commentId) ?? [];
    list.push({ id: mention.id, username: mention.username });
    byComment.set(mention.commentId, list);
  }
  const names: CommentNames = {
    authors: new Map(authors.map((author) => [author.id, author])),
    mentions: byComment,
    viewerId,
    pinnerId: pin.pinner.id,
    removals: new Map(removals.flatMap(([id, removal]) => (removal ? [[id, removal] as const] : []))),
  };
  return names;
}

/**
 * `GET /v3/pins/{id}/comments/`: to whoever may see the pin, its top comments newest first with
 * their first replies, or (`parent_id`) one top comment's replies oldest first; and the count.
 */
export async function pagePinComments(
  db: Executor,
  viewerId: number | null,
  pinId: number,
  query: CommentsQuery,
): Promise<{ page: CommentPage; bookmark: string | null }> {
  const pin = await visiblePin(db, pinId, viewerId);
  const key = decodeBookmark(query.bookmark);
  if (key && (key.length !== 1 || typeof key[0] !== 'number')) {
    throw new AppError('invalid_bookmark', { field: 'bookmark' });
  }
  let parentId: number | null = null;
  if (query.parent_id !== undefined) {
    const parent = await findShownComment(db, Number(query.parent_id), viewerId);
    if (!parent || parent.pinId !== pinId || parent.parentId !== null) {
      throw new AppError('comment_not_found', { field: 'parent_id' });
    }
    parentId = parent.id;
  }
  const [rows, count] = await Promise.all([
    listComments(db, {
      pinId,
      parentId,
      cursor: key ? (key[0] as number) : null,
      limit: query.page_size + 1,
      viewerId,
    }),
    countShownComments(db, pinId, viewerId),
  ]);
  const page = pageOf(rows, query.page_size, (row) => [row.id]);
  const replies =
    parentId === null
      ? await listFirstReplies(
          db,
          page.items.map((row) => row.id),
          COMMENT_REPLIES_SHOWN,
          viewerId,
        )
      : [];
  const names = await namesFor(db, [...page.items, ...replies], viewerId, pin);
  const comments = page.items.map((row) =>
    presentComment(
      row,
      replies.filter((reply) => reply.parentId === row.id),
      names,
    ),
  );
  return { page: { comment_count: count, comments }, bookmark: page.bookmark };
}

/**
 * `POST /v3/pins/{id}/comments/`: a comment, or a reply (to a reply: attached to its top comment).
 * Mentions name active accounts; the pinner, the author replied to and the people mentioned who
 * may see the pin are told, after the write.
 */
export async function createPinComment(
  db: Database,
  viewerId: number,
  pinId: number,
  body: CreateComment,
): Promise<Comment> {
  const pin = await assertMayComment(db, viewerId, pinId);
  let repliedTo: { authorId: number; topId: number } | null = null;
  if (body.parent_id) {
    const parent = await findShownComment(db, Number(body.parent_id), viewerId);
    // A removed comment (its author's alone) takes no replies.
    if (!parent || parent.removed || parent.pinId !== pinId) throw new AppError('comment_parent_not_found');
    repliedTo = { authorId: parent.authorId, topId: parent.parentId ?? parent.id };
  }
  const mentioned = (await findActiveUsersNamed(db, findMentions(body.text))).filter(
    (user) => user.id !== viewerId,
  );
  const mentionIds = mentioned.map((user) => user.id);
  const id = await db.transaction((tx) =>
    insertComment(tx, {
      pinId,
      authorId: viewerId,
      parentId: repliedTo?.topId ?? null,
      text: body.text,
      mentionIds,
    }),
  );
  await notifyComment(db, {
    id,
    pinId,
    pinnerId: pin.pinner.id,
    actorId: viewerId,
    repliedTo,
    mentionIds,
  });
  const row = await findShownComment(db, id, viewerId);
  if (!row) throw new AppError('comment_not_found');
  return presentComment(row, [], await namesFor(db, [row], viewerId, pin));
}

/** `DELETE /v3/comments/{id}/`: its author, or the pin's pinner, deletes it with its replies. */
export async function deleteComment(db: Executor, viewerId: number, commentId: number): Promise<void> {
  const { comment, pin } = await visibleComment(db, commentId, viewerId);
  if (comment.authorId !== viewerId && pin.pinner.id !== viewerId) throw new AppError('forbidden');
  if (!(await deleteCommentById(db, commentId))) throw new AppError('comment_not_found');
}

/** `PUT`/`DELETE /v3/comments/{id}/like/`: the viewer likes a comment, or stops. */
export async function setCommentLiked(
  db: Executor,
  viewerId: number,
  commentId: number,
  liked: boolean,
): Promise<CommentLike> {
  const { comment } = await visibleComment(db, commentId, viewerId);
  // Taking a like back is always allowed; giving one is commenting's rule.
  if (liked) await assertMayComment(db, viewerId, comment.pinId);
  await setCommentLike(db, commentId, viewerId, liked);
  const after = await findShownComment(db, commentId, viewerId);
  if (!after) throw new AppError('comment_not_found');
  return { comment_id: String(commentId), liked_by_me: after.likedByMe, like_count: after.likeCount };
}
