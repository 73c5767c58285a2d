import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PageQuerySchema, PinSchema } from '@pinboard/shared';
import type { AppContext } from '../../app-context.ts';
import { ok } from '../../lib/envelope.ts';
import { pageOptionsOf, replies } from '../../lib/route-schemas.ts';
import { pageHomeFeed } from './feed.service.ts';

export function registerFeedRoutes(app: FastifyInstance, { db }: AppContext): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/v3/feeds/home/',
    {
      schema: {
        tags: ['feed'],
        summary: 'The home feed',
        querystring: PageQuerySchema,
        response: replies(z.array(PinSchema)),
      },
    },
    async (request) => {
      const page = await pageHomeFeed(db, pageOptionsOf(request));
      return ok(page.items, page.bookmark);
    },
  );
}
