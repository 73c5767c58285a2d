import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BoardCollaboratorParamsSchema,
  BoardCollaboratorsSchema,
  BoardInviteParamsSchema,
  BoardParamsSchema,
  BoardSchema,
  CollaboratorSuggestionSchema,
  CollaboratorSuggestionsQuerySchema,
  InviteCollaboratorsBodySchema,
  PageQuerySchema,
  ViewerBoardInviteSchema,
} from '@pinboard/shared';
import { ok } from '../../lib/envelope.ts';
import { pageOptionsOf, replies } from '../../lib/route-schemas.ts';
import { acceptInvite, declineInvite, pageViewerInvites } from './board-invites.service.ts';
import {
  getBoardCollaborators,
  inviteCollaborators,
  removeCollaborator,
  suggestCollaborators,
  type CollaboratorDeps,
} from './collaborators.service.ts';

const NoBodySchema = z.strictObject({}).nullish();

/**
 * Board collaborators and invitations (docs/product/boards.md#api-calls; the envelope:
 * docs/product/README.md#http-conventions).
 */
export function registerCollaboratorRoutes(app: FastifyInstance, deps: CollaboratorDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  api.get(
    '/v3/boards/:id/collaborators/',
    {
      schema: {
        tags: ['collaborators'],
        summary: "A board's owner, collaborators and pending invitations (members only)",
        params: BoardParamsSchema,
        response: replies(BoardCollaboratorsSchema),
      },
    },
    async (request) => ok(await getBoardCollaborators(db, Number(request.params.id), request.viewer.userId)),
  );
  api.post(
    '/v3/boards/:id/collaborators/',
    {
      schema: {
        tags: ['collaborators'],
        summary: 'Invite people to a board by account or email (the owner only)',
        params: BoardParamsSchema,
        body: InviteCollaboratorsBodySchema,
        response: replies(BoardCollaboratorsSchema),
      },
    },
    async (request) =>
      ok(
        await inviteCollaborators(
          deps,
          Number(request.params.id),
          request.viewer.userId,
          request.body.invitees,
        ),
      ),
  );
  api.get(
    '/v3/boards/:id/collaborators/suggestions/',
    {
      schema: {
        tags: ['collaborators'],
        summary: 'Typeahead rows for the invite field (the owner only)',
        params: BoardParamsSchema,
        querystring: CollaboratorSuggestionsQuerySchema,
        response: replies(z.array(CollaboratorSuggestionSchema)),
      },
    },
    async (request) =>
      ok(await suggestCollaborators(deps, Number(request.params.id), request.viewer.userId, request.query.q)),
  );
  api.get(
    '/v3/collaborators/suggestions/',
    {
      schema: {
        tags: ['collaborators'],
        summary: "Typeahead rows for a new board's invite queue (sent once the board is saved)",
        querystring: CollaboratorSuggestionsQuerySchema,
        response: replies(z.array(CollaboratorSuggestionSchema)),
      },
    },
    async (request) => ok(await suggestCollaborators(deps, null, request.viewer.userId, request.query.q)),
  );
  api.delete(
    '/v3/boards/:id/collaborators/:userId/',
    {
      schema: {
        tags: ['collaborators'],
        summary: 'Remove a collaborator or cancel their invitation; a collaborator may leave',
        params: BoardCollaboratorParamsSchema,
        body: NoBodySchema,
        response: replies(BoardCollaboratorsSchema),
      },
    },
    async (request) =>
      ok(
        await removeCollaborator(
          db,
          Number(request.params.id),
          Number(request.params.userId),
          request.viewer.userId,
        ),
      ),
  );
  api.get(
    '/v3/users/me/board_invites/',
    {
      schema: {
        tags: ['collaborators'],
        summary: "The viewer's pending board invitations, with board and inviter",
        querystring: PageQuerySchema,
        response: replies(z.array(ViewerBoardInviteSchema)),
      },
    },
    async (request) => {
      const page = await pageViewerInvites(db, pageOptionsOf(request));
      return ok(page.items, page.bookmark);
    },
  );
  api.post(
    '/v3/board_invites/:id/accept/',
    {
      schema: {
        tags: ['collaborators'],
        summary: 'Accept a board invitation (the invitee only); answers the board',
        params: BoardInviteParamsSchema,
        body: NoBodySchema,
        response: replies(BoardSchema),
      },
    },
    async (request) => ok(await acceptInvite(db, Number(request.params.id), request.viewer.userId)),
  );
  api.post(
    '/v3/board_invites/:id/decline/',
    {
      schema: {
        tags: ['collaborators'],
        summary: 'Decline a board invitation (the invitee only)',
        params: BoardInviteParamsSchema,
        body: NoBodySchema,
        response: replies(z.object({ id: z.string(), status: z.literal('declined') })),
      },
    },
    async (request) => ok(await declineInvite(db, Number(request.params.id), request.viewer.userId)),
  );
}
