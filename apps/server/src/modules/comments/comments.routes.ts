import type { commentEndpoints } from '@pinboard/shared/api';
import type { Database } from '../../db/client.ts';
import type { EndpointHandlers } from '../../lib/endpoints.ts';
import { ok } from '../../lib/envelope.ts';
import { createPinComment, deleteComment, pagePinComments, setCommentLiked } from './comments.service.ts';

/** Comments on pins, their replies and likes (decision 51). */
export function commentRoutes(deps: { db: Database }): EndpointHandlers<typeof commentEndpoints> {
  const { db } = deps;
  return {
    listPinComments: async ({ params, query, viewer }) => {
      const { page, bookmark } = await pagePinComments(db, viewer.userId, Number(params.id), query);
      return ok(page, bookmark);
    },
    createPinComment: async ({ params, body, viewer }) =>
      ok(await createPinComment(db, viewer.userId, Number(params.id), body)),
    deleteComment: async ({ params, viewer }) => {
      await deleteComment(db, viewer.userId, Number(params.id));
      return ok(null);
    },
    likeComment: async ({ params, viewer }) =>
      ok(await setCommentLiked(db, viewer.userId, Number(params.id), true)),
    unlikeComment: async ({ params, viewer }) =>
      ok(await setCommentLiked(db, viewer.userId, Number(params.id), false)),
  };
}
