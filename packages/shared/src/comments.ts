import { z } from 'zod';
import { COMMENT_TEXT_MAX } from './comment-limits.ts';
import { IdSchema } from './ids.ts';
import { PageQuerySchema } from './pagination.ts';
import { RemovalSchema } from './pins.ts';
import { UserSummarySchema } from './users.ts';

/** Comments on pins (decision 51; docs/product/comments.md). */

/**
 * `POST /v3/pins/{id}/comments/`: a comment, or a reply to `parent_id`. Replies are one level
 * deep: a reply to a reply is attached to that reply's top comment.
 */
export const CreateCommentSchema = z.strictObject({
  text: z
    .string()
    .trim()
    .min(1, 'Write something first.')
    .max(COMMENT_TEXT_MAX, `Comments have at most ${COMMENT_TEXT_MAX} characters.`),
  parent_id: IdSchema.nullish(),
});
export type CreateComment = z.infer<typeof CreateCommentSchema>;

/** `GET /v3/pins/{id}/comments/`: top comments newest first, or (`parent_id`) one's replies oldest first. */
export const CommentsQuerySchema = PageQuerySchema.extend({
  parent_id: IdSchema.optional().describe("A top comment's id: its replies instead of the top comments"),
});
export type CommentsQuery = z.infer<typeof CommentsQuerySchema>;

export const CommentParamsSchema = z.strictObject({ id: IdSchema });

/** How many replies each top comment of a page carries; the rest are asked for with `parent_id`. */
export const COMMENT_REPLIES_SHOWN = 3;

const CommentFields = z.object({
  id: IdSchema,
  pin_id: IdSchema,
  /** The top comment a reply answers; null for a top comment. */
  parent_id: IdSchema.nullable(),
  /** As written: plain text, never markup (the web app shows it escaped). */
  text: z.string(),
  created_at: z.string(),
  author: UserSummarySchema,
  /** The people the text mentions (`@username`) whose accounts are active: the app links these. */
  mentions: z.array(z.object({ id: IdSchema, username: z.string() })),
  like_count: z.number().int().min(0),
  liked_by_me: z.boolean(),
  /** Its author, or the pin's pinner, may delete it (not once removed). */
  can_delete: z.boolean(),
  /**
   * Only on a comment an operator removed, answered to its author alone (no one else is shown it):
   * why, and the appeal once made (decision 54). Such a comment takes no likes, replies or deletes.
   */
  removal: RemovalSchema.optional(),
});

export const ReplySchema = CommentFields;
export type Reply = z.infer<typeof ReplySchema>;

export const CommentSchema = CommentFields.extend({
  /** Replies the viewer may see (0 for a reply). */
  reply_count: z.number().int().min(0),
  /** The first COMMENT_REPLIES_SHOWN replies, oldest first, on a top comment of a list; else empty. */
  replies: z.array(ReplySchema),
});
export type Comment = z.infer<typeof CommentSchema>;

/** A page of comments, with every comment of the pin the viewer may see counted (replies too). */
export const CommentPageSchema = z.object({
  comment_count: z.number().int().min(0),
  comments: z.array(CommentSchema),
});
export type CommentPage = z.infer<typeof CommentPageSchema>;

/** `PUT`/`DELETE /v3/comments/{id}/like/`: whether the viewer likes it now, and its likes. */
export const CommentLikeSchema = z.object({
  comment_id: IdSchema,
  liked_by_me: z.boolean(),
  like_count: z.number().int().min(0),
});
export type CommentLike = z.infer<typeof CommentLikeSchema>;

// A mention is `@` and a username (ids.ts UsernameSchema) not preceded by a word character or
// another `@` (an email address mentions nobody), ending where a username cannot go on.
const MENTION = /(?<![\w@.])@([A-Za-z0-9_](?:[A-Za-z0-9_.]{1,28}[A-Za-z0-9_]))(?![A-Za-z0-9_])/g;
const WEB_LINK = /\bhttps?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)\]}]/gi;

/** The usernames a comment mentions, lower-cased, each once, at most `max`. */
export function findMentions(text: string, max = 20): string[] {
  const found = new Set<string>();
  for (const match of text.matchAll(MENTION)) {
    found.add(match[1]!.toLowerCase());
    if (found.size >= max) break;
  }
  return [...found];
}

/** A piece of a comment as the app shows it: text, a mention of a known person, or a web link. */
export type CommentPart =
  | { kind: 'text'; text: string }
  | { kind: 'mention'; text: string; username: string }
  | { kind: 'link'; text: string; url: string };

/**
 * Splits a comment into text, mentions (only of `known` usernames, any case) and http(s) links,
 * in order; joined, the parts' texts are the comment.
 */
export function commentParts(text: string, known: readonly string[]): CommentPart[] {
  const names = new Map(known.map((name) => [name.toLowerCase(), name]));
  const found: { start: number; end: number; part: CommentPart }[] = [];
  for (const match of text.matchAll(WEB_LINK)) {
    found.push({
      start: match.index,
      end: match.index + match[0].length,
      part: { kind: 'link', text: match[0], url: match[0] },
    });
  }
  for (const match of text.matchAll(MENTION)) {
    const username = names.get(match[1]!.toLowerCase());
    const start = match.index;
    const end = start + match[0].length;
    if (!username || found.some((other) => start < other.end && other.start < end)) continue;
    found.push({ start, end, part: { kind: 'mention', text: match[0], username } });
  }
  found.sort((a, b) => a.start - b.start);
  const parts: CommentPart[] = [];
  let at = 0;
  for (const { start, end, part } of found) {
    if (start > at) parts.push({ kind: 'text', text: text.slice(at, start) });
    parts.push(part);
    at = end;
  }
  if (at < text.length) parts.push({ kind: 'text', text: text.slice(at) });
  return parts;
}
