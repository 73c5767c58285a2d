import type { boardEndpoints } from '@pinboard/shared/api';
import type { EndpointHandlers } from '../../lib/endpoints.ts';
import { ok } from '../../lib/envelope.ts';
import { acceptInvite, declineInvite, pageViewerInvites } from './board-invites.service.ts';
import {
  getBoardCollaborators,
  inviteCollaborators,
  removeCollaborator,
  suggestCollaborators,
  type CollaboratorDeps,
} from './collaborators.service.ts';

type CollaboratorsAndInvites = Pick<
  typeof boardEndpoints,
  | 'getBoardCollaborators'
  | 'inviteCollaborators'
  | 'suggestBoardCollaborators'
  | 'suggestCollaborators'
  | 'removeCollaborator'
  | 'listViewerBoardInvites'
  | 'acceptBoardInvite'
  | 'declineBoardInvite'
>;

/** A board's collaborators and the invitations to join it. */
export function collaboratorRoutes(deps: CollaboratorDeps): EndpointHandlers<CollaboratorsAndInvites> {
  const { db } = deps;
  return {
    getBoardCollaborators: async ({ params, viewer }) =>
      ok(await getBoardCollaborators(db, Number(params.id), viewer.userId)),
    inviteCollaborators: async ({ params, body, viewer }) =>
      ok(await inviteCollaborators(deps, Number(params.id), viewer.userId, body.invitees)),
    suggestBoardCollaborators: async ({ params, query, viewer }) =>
      ok(await suggestCollaborators(deps, Number(params.id), viewer.userId, query.q)),
    suggestCollaborators: async ({ query, viewer }) =>
      ok(await suggestCollaborators(deps, null, viewer.userId, query.q)),
    removeCollaborator: async ({ params, viewer }) =>
      ok(await removeCollaborator(db, Number(params.id), Number(params.userId), viewer.userId)),
    listViewerBoardInvites: async ({ query, viewer }) => {
      const page = await pageViewerInvites(db, viewer.userId, {
        bookmark: query.bookmark,
        pageSize: query.page_size,
      });
      return ok(page.items, page.bookmark);
    },
    acceptBoardInvite: async ({ params, viewer }) =>
      ok(await acceptInvite(db, Number(params.id), viewer.userId)),
    declineBoardInvite: async ({ params, viewer }) =>
      ok(await declineInvite(db, Number(params.id), viewer.userId)),
  };
}
