import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { BoardPickerQuerySchema, BoardPickerSchema } from '@pinboard/shared';
import type { AppContext } from '../../app-context.ts';
import { ok } from '../../lib/envelope.ts';
import { replies } from '../../lib/route-schemas.ts';
import { getBoardPicker } from './picker.service.ts';

export function registerBoardPickerRoutes(app: FastifyInstance, { db }: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/v3/boards/picker/',
    {
      schema: {
        tags: ['boards'],
        summary: "The board picker: the viewer's boards to save to (all_boards by name) and the recent ones",
        querystring: BoardPickerQuerySchema,
        response: replies(BoardPickerSchema),
      },
    },
    async (request) => ok(await getBoardPicker(db, request.viewer.userId, request.query)),
  );
}
