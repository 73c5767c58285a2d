import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BoardTitleSuggestionSchema, PinParamsSchema } from '@pinboard/shared';
import type { AppContext } from '../../app-context.ts';
import { ok } from '../../lib/envelope.ts';
import { replies } from '../../lib/route-schemas.ts';
import { getBoardTitleSuggestions } from './picker.service.ts';

export function registerBoardPickerRoutes(app: FastifyInstance, { db }: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/v3/pins/:id/board_title_suggestions/',
    {
      schema: {
        tags: ['boards'],
        summary: 'Names for a new board to save this pin to',
        params: PinParamsSchema,
        response: replies(z.array(BoardTitleSuggestionSchema)),
      },
    },
    async (request) =>
      ok(await getBoardTitleSuggestions(db, Number(request.params.id), request.viewer.userId)),
  );
}
