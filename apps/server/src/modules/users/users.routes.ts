import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BoardSchema,
  UserBoardsQuerySchema,
  UsernameParamsSchema,
  UserProfileSchema,
} from '@pinboard/shared';
import type { AppContext } from '../../app-context.ts';
import { ok } from '../../lib/envelope.ts';
import { replies } from '../../lib/route-schemas.ts';
import { createSignedOutAnswers } from '../../lib/signed-out-answers.ts';
import { pageUserBoards } from '../boards/boards.service.ts';
import { getProfile } from './users.service.ts';

export function registerUserRoutes(app: FastifyInstance, { db }: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const signedOutBoardPages = createSignedOutAnswers({ maxEntries: 500 });
  api.get(
    '/v3/users/:username/',
    {
      schema: {
        tags: ['users'],
        summary: "A user's public profile",
        params: UsernameParamsSchema,
        response: replies(UserProfileSchema),
      },
    },
    async (request) => ok(await getProfile(db, request.params.username, request.viewer.userId)),
  );
  api.get(
    '/v3/users/:username/boards/',
    {
      schema: {
        tags: ['boards'],
        summary: "A user's boards (BoardsResource)",
        params: UsernameParamsSchema,
        querystring: UserBoardsQuerySchema,
        response: replies(z.array(BoardSchema)),
      },
    },
    async (request, reply) =>
      signedOutBoardPages(request, reply, async () => {
        const page = await pageUserBoards(db, request.params.username, request.query, request.viewer.userId);
        return ok(page.items, page.bookmark);
      }),
  );
}
