import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PinParamsSchema, PinSchema } from '@pinboard/shared';
import type { AppContext } from '../../app-context.ts';
import { ok } from '../../lib/envelope.ts';
import { replies } from '../../lib/route-schemas.ts';
import { getPin } from './pins.service.ts';

export function registerPinRoutes(app: FastifyInstance, { db }: AppContext): void {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/v3/pins/:id/',
      { schema: { tags: ['pins'], summary: 'A pin', params: PinParamsSchema, response: replies(PinSchema) } },
      async (request) => ok(await getPin(db, Number(request.params.id), request.viewer.userId)),
    );
}
