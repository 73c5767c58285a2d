import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PinParamsSchema, RepinBodySchema, RepinResultSchema, SavedToSchema } from '@pinboard/shared';
import type { AppContext } from '../../app-context.ts';
import { ok } from '../../lib/envelope.ts';
import { replies } from '../../lib/route-schemas.ts';
import { listSavedTo, repinPin } from './repin.service.ts';

export function registerRepinRoutes(app: FastifyInstance, { db }: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.post(
    '/v3/pins/:id/repin/',
    {
      schema: {
        tags: ['pins'],
        summary: 'Save a pin to a board or one of its sections',
        params: PinParamsSchema,
        body: RepinBodySchema,
        response: replies(RepinResultSchema),
      },
    },
    async (request) => ok(await repinPin(db, Number(request.params.id), request.viewer.userId, request.body)),
  );
  api.get(
    '/v3/pins/:id/saved_to/',
    {
      schema: {
        tags: ['pins'],
        summary: "The viewer's boards this pin or a save of it is already on",
        params: PinParamsSchema,
        response: replies(z.array(SavedToSchema)),
      },
    },
    async (request) => ok(await listSavedTo(db, Number(request.params.id), request.viewer.userId)),
  );
}
