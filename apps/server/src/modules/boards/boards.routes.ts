import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BoardParamsSchema,
  BoardSchema,
  BoardSectionParamsSchema,
  BoardSectionSchema,
  PageQuerySchema,
  PinSchema,
  UserBoardParamsSchema,
} from '@pinboard/shared';
import type { AppContext } from '../../app-context.ts';
import { ok } from '../../lib/envelope.ts';
import { pageOptionsOf, replies } from '../../lib/route-schemas.ts';
import { createSignedOutAnswers } from '../../lib/signed-out-answers.ts';
import {
  getBoard,
  getBoardBySlug,
  getSectionBySlug,
  pageBoardPins,
  pageBoardSections,
  pageSectionPins,
  setBoardFollow,
} from './boards.service.ts';

export function registerBoardRoutes(app: FastifyInstance, { db }: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const signedOutPinPages = createSignedOutAnswers({ maxEntries: 500 });
  api.get(
    '/v3/boards/:id/',
    {
      schema: {
        tags: ['boards'],
        summary: 'A board',
        params: BoardParamsSchema,
        response: replies(BoardSchema),
      },
    },
    async (request) => ok(await getBoard(db, Number(request.params.id), request.viewer.userId)),
  );
  api.get(
    '/v3/users/:username/boards/:slug/',
    {
      schema: {
        tags: ['boards'],
        summary: 'A board by its owner and slug (the board page address)',
        params: UserBoardParamsSchema,
        response: replies(BoardSchema),
      },
    },
    async (request) =>
      ok(await getBoardBySlug(db, request.params.username, request.params.slug, request.viewer.userId)),
  );
  api.get(
    '/v3/boards/:id/pins/',
    {
      schema: {
        tags: ['boards'],
        summary: "A board's pins, newest first",
        params: BoardParamsSchema,
        querystring: PageQuerySchema,
        response: replies(z.array(PinSchema)),
      },
    },
    async (request, reply) =>
      signedOutPinPages(request, reply, async () => {
        const page = await pageBoardPins(db, Number(request.params.id), pageOptionsOf(request));
        return ok(page.items, page.bookmark);
      }),
  );
  api.get(
    '/v3/boards/:id/sections/',
    {
      schema: {
        tags: ['boards'],
        summary: "A board's sections in order",
        params: BoardParamsSchema,
        querystring: PageQuerySchema,
        response: replies(z.array(BoardSectionSchema)),
      },
    },
    async (request) => {
      const page = await pageBoardSections(db, Number(request.params.id), pageOptionsOf(request));
      return ok(page.items, page.bookmark);
    },
  );
  api.get(
    '/v3/boards/:id/sections/:slug/',
    {
      schema: {
        tags: ['boards'],
        summary: 'A section of a board by its slug (the section page address)',
        params: BoardSectionParamsSchema,
        response: replies(BoardSectionSchema),
      },
    },
    async (request) =>
      ok(await getSectionBySlug(db, Number(request.params.id), request.params.slug, request.viewer.userId)),
  );
  api.get(
    '/v3/board_sections/:id/pins/',
    {
      schema: {
        tags: ['boards'],
        summary: "A board section's pins, newest first",
        params: BoardParamsSchema,
        querystring: PageQuerySchema,
        response: replies(z.array(PinSchema)),
      },
    },
    async (request) => {
      const page = await pageSectionPins(db, Number(request.params.id), pageOptionsOf(request));
      return ok(page.items, page.bookmark);
    },
  );
  for (const method of ['PUT', 'DELETE'] as const) {
    api.route({
      method,
      url: '/v3/boards/:id/follow/',
      schema: {
        tags: ['boards'],
        summary: method === 'PUT' ? 'Follow a board' : 'Unfollow a board',
        params: BoardParamsSchema,
        // No fields; an empty object or no body at all.
        body: z.strictObject({}).nullish(),
        response: replies(BoardSchema),
      },
      handler: async (request) =>
        ok(await setBoardFollow(db, Number(request.params.id), request.viewer.userId, method === 'PUT')),
    });
  }
}
