import { z } from 'zod';
import {
  CommentLikeSchema,
  CommentPageSchema,
  CommentParamsSchema,
  CommentSchema,
  CommentsQuerySchema,
  CreateCommentSchema,
} from '../comments.ts';
import { PinParamsSchema } from '../pins.ts';
import { defineEndpoint } from './endpoint.ts';

const tag = 'comments';

// No fields; an empty object or no body at all.
const NoBody = z.strictObject({}).nullish();

/** Comments on pins: seen by whoever may see the pin (decision 51). */
export const commentEndpoints = {
  listPinComments: defineEndpoint({
    method: 'GET',
    path: '/v3/pins/{id}/comments/',
    summary:
      "A pin's comments newest first with their first replies, or one comment's replies, and the count",
    tag,
    access: 'visitor',
    params: PinParamsSchema,
    query: CommentsQuerySchema,
    response: CommentPageSchema,
    cache: { control: 'private, no-store' },
  }),
  createPinComment: defineEndpoint({
    method: 'POST',
    path: '/v3/pins/{id}/comments/',
    summary: 'Comment on a pin the viewer may see, or reply to one of its comments',
    tag,
    access: 'signedIn',
    params: PinParamsSchema,
    body: CreateCommentSchema,
    response: CommentSchema,
    rateLimit: { limit: 'comments', by: 'viewer' },
  }),
  deleteComment: defineEndpoint({
    method: 'DELETE',
    path: '/v3/comments/{id}/',
    summary: "Delete a comment (its author, or the pin's pinner) with its replies",
    tag,
    access: 'signedIn',
    params: CommentParamsSchema,
    body: NoBody,
    response: z.null(),
  }),
  likeComment: defineEndpoint({
    method: 'PUT',
    path: '/v3/comments/{id}/like/',
    summary: 'Like a comment',
    tag,
    access: 'signedIn',
    params: CommentParamsSchema,
    body: NoBody,
    response: CommentLikeSchema,
    rateLimit: { limit: 'comment-likes', by: 'viewer' },
  }),
  unlikeComment: defineEndpoint({
    method: 'DELETE',
    path: '/v3/comments/{id}/like/',
    summary: 'Take back a like of a comment',
    tag,
    access: 'signedIn',
    params: CommentParamsSchema,
    body: NoBody,
    response: CommentLikeSchema,
    rateLimit: { limit: 'comment-likes', by: 'viewer' },
  }),
};
