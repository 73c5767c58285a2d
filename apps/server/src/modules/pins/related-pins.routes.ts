import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PageQuerySchema, PinParamsSchema, PinSchema } from '@pinboard/shared';
import type { AppContext } from '../../app-context.ts';
import { ok } from '../../lib/envelope.ts';
import { pageOptionsOf, replies } from '../../lib/route-schemas.ts';
import { pageRelatedPins } from './related-pins.service.ts';

export function registerRelatedPinRoutes(app: FastifyInstance, { db }: AppContext): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/v3/pins/:id/related/',
    {
      schema: {
        tags: ['pins'],
        summary: "'More like this': related pins, best first (same board, shared hashtags, similar text)",
        params: PinParamsSchema,
        querystring: PageQuerySchema,
        response: replies(z.array(PinSchema)),
      },
    },
    async (request) => {
      const page = await pageRelatedPins(db, Number(request.params.id), pageOptionsOf(request));
      return ok(page.items, page.bookmark);
    },
  );
}
