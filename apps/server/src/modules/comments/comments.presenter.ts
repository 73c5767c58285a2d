import type { Comment, Removal, Reply } from '@pinboard/shared';
import type { UserSummaryRow } from '../users/users.repository.ts';
import { presentUserSummary } from '../users/users.presenter.ts';
import type { CommentRow } from './comments.repository.ts';

/** What a page of comments names, loaded once for the page. */
export interface CommentNames {
  authors: Map<number, UserSummaryRow>;
  mentions: Map<number, { id: number; username: string }[]>;
  /** The viewer (null for a visitor) and the pin's pinner: who may delete. */
  viewerId: number | null;
  pinnerId: number;
  /** The removal notices of the removed comments among them (shown to their author alone). */
  removals: Map<number, Removal>;
}

export function presentReply(row: CommentRow, names: CommentNames): Reply {
  return {
    id: String(row.id),
    pin_id: String(row.pinId),
    parent_id: row.parentId === null ? null : String(row.parentId),
    text: row.text,
    created_at: row.createdAt.toISOString(),
    // Shown comments have active authors, all of them loaded.
    author: presentUserSummary(names.authors.get(row.authorId)!),
    mentions: (names.mentions.get(row.id) ?? []).map((user) => ({
      id: String(user.id),
      username: user.username,
    })),
    like_count: row.likeCount,
    liked_by_me: row.likedByMe,
    // A removed comment stays as the operator left it: its author may appeal, not delete it.
    can_delete:
      !row.removed &&
      names.viewerId !== null &&
      (names.viewerId === row.authorId || names.viewerId === names.pinnerId),
    ...(row.removed && names.removals.has(row.id) ? { removal: names.removals.get(row.id)! } : {}),
  };
}

export function presentComment(row: CommentRow, replies: CommentRow[], names: CommentNames): Comment {
  return {
    ...presentReply(row, names),
    reply_count: row.replyCount,
    replies: replies.map((reply) => presentReply(reply, names)),
  };
}
