import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { BulkEditBodySchema, BulkEditResultSchema } from '@pinboard/shared';
import type { AppContext } from '../../app-context.ts';
import { ok } from '../../lib/envelope.ts';
import { replies } from '../../lib/route-schemas.ts';
import { bulkMovePins } from './bulk-edit.service.ts';

export function registerBulkEditRoutes(app: FastifyInstance, { db }: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // The board-action lock the board write routes put on the app (registered before these).
  const deps = { db, lock: app.boardActionLock };
  api.post(
    '/v3/bulk_edit/',
    {
      schema: {
        tags: ['boards'],
        summary: 'Move pins from a board or section to another board or section',
        body: BulkEditBodySchema,
        response: replies(BulkEditResultSchema),
      },
    },
    async (request) => ok(await bulkMovePins(deps, request.viewer.userId, request.body)),
  );
}
