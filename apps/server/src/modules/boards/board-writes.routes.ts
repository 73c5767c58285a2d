import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BoardParamsSchema,
  BoardSchema,
  BoardSectionOrderSchema,
  BoardSectionSchema,
  CreateBoardSchema,
  CreateBoardSectionSchema,
  UpdateBoardSchema,
  UpdateBoardSectionSchema,
} from '@pinboard/shared';
import type { CounterStore } from '../../adapters/counters/counters.ts';
import type { AppContext } from '../../app-context.ts';
import { ok } from '../../lib/envelope.ts';
import { replies } from '../../lib/route-schemas.ts';
import { createBoardActionLock, type BoardActionLock } from './board-action-lock.ts';
import {
  createBoard,
  deleteBoard,
  setBoardArchive,
  updateBoard,
  type BoardWriteDeps,
} from './board-writes.service.ts';
import { createSection, deleteSection, renameSection, reorderSections } from './section-writes.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The board-action lock (2171-2173), for every module whose calls act on a board. */
    boardActionLock: BoardActionLock;
  }
}

// No fields; an empty object or no body at all.
const NoBody = z.strictObject({}).nullish();

/** Creating, editing, archiving and deleting boards, and their sections (issue 7; docs/product/boards.md). */
export function registerBoardWriteRoutes(
  app: FastifyInstance,
  { db, counters }: AppContext & { counters: CounterStore },
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const deps: BoardWriteDeps = { db, lock: createBoardActionLock(counters) };
  app.decorate('boardActionLock', deps.lock);
  const boardId = (request: { params: { id: string } }) => Number(request.params.id);

  api.post(
    '/v3/boards/',
    {
      schema: {
        tags: ['boards'],
        summary: 'Create a board',
        body: CreateBoardSchema,
        response: replies(BoardSchema),
      },
    },
    async (request) => ok(await createBoard(deps, request.viewer.userId, request.body)),
  );
  api.patch(
    '/v3/boards/:id/',
    {
      schema: {
        tags: ['boards'],
        summary: "Edit a board's name, description or privacy (owner only)",
        params: BoardParamsSchema,
        body: UpdateBoardSchema,
        response: replies(BoardSchema),
      },
    },
    async (request) => ok(await updateBoard(deps, request.viewer.userId, boardId(request), request.body)),
  );
  api.delete(
    '/v3/boards/:id/',
    {
      schema: {
        tags: ['boards'],
        summary: 'Delete a board with its pins and sections (owner only)',
        params: BoardParamsSchema,
        body: NoBody,
        response: replies(z.null()),
      },
    },
    async (request) => {
      await deleteBoard(deps, request.viewer.userId, boardId(request));
      return ok(null);
    },
  );
  for (const method of ['POST', 'DELETE'] as const) {
    api.route({
      method,
      url: '/v3/boards/:id/archive/',
      schema: {
        tags: ['boards'],
        summary:
          method === 'POST'
            ? 'Archive a board (the owner for everyone, a collaborator for themselves)'
            : 'Unarchive a board',
        params: BoardParamsSchema,
        body: NoBody,
        response: replies(BoardSchema),
      },
      handler: async (request) =>
        ok(await setBoardArchive(deps, request.viewer.userId, boardId(request), method === 'POST')),
    });
  }

  api.post(
    '/v3/boards/:id/sections/',
    {
      schema: {
        tags: ['boards'],
        summary: 'Add a section to a board, optionally moving pins of the board into it',
        params: BoardParamsSchema,
        body: CreateBoardSectionSchema,
        response: replies(BoardSectionSchema),
      },
    },
    async (request) => ok(await createSection(deps, request.viewer.userId, boardId(request), request.body)),
  );
  api.put(
    '/v3/boards/:id/sections/order/',
    {
      schema: {
        tags: ['boards'],
        summary: "Reorder a board's sections (the full list of its section ids)",
        params: BoardParamsSchema,
        body: BoardSectionOrderSchema,
        response: replies(z.array(BoardSectionSchema)),
      },
    },
    async (request) => ok(await reorderSections(deps, request.viewer.userId, boardId(request), request.body)),
  );
  api.patch(
    '/v3/board_sections/:id/',
    {
      schema: {
        tags: ['boards'],
        summary: 'Rename a board section',
        params: BoardParamsSchema,
        body: UpdateBoardSectionSchema,
        response: replies(BoardSectionSchema),
      },
    },
    async (request) => ok(await renameSection(deps, request.viewer.userId, boardId(request), request.body)),
  );
  api.delete(
    '/v3/board_sections/:id/',
    {
      schema: {
        tags: ['boards'],
        summary: 'Delete a board section; its pins stay on the board',
        params: BoardParamsSchema,
        body: NoBody,
        response: replies(z.null()),
      },
    },
    async (request) => {
      await deleteSection(deps, request.viewer.userId, boardId(request));
      return ok(null);
    },
  );
}
