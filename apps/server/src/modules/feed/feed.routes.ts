import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PageQuerySchema, PinSchema } from '@pinboard/shared';
import type { AppContext } from '../../app-context.ts';
import { sendCompressible } from '../../lib/compressed-body.ts';
import { ok } from '../../lib/envelope.ts';
import { pageOptionsOf, replies } from '../../lib/route-schemas.ts';
import { pageHomeFeed } from './feed.service.ts';
import { registerHomePage } from './home-page.routes.ts';
import { createSignedOutFeed } from './signed-out-feed.ts';

export function registerFeedRoutes(app: FastifyInstance, { db }: AppContext): void {
  // Serialized (and compressed) answers, so a hit costs neither a query nor an encoding.
  const signedOutFeed = createSignedOutFeed(db);
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
    async (request, reply) => {
      const options = pageOptionsOf(request);
      if (options.viewerId !== null) {
        const page = await pageHomeFeed(db, options);
        return ok(page.items, page.bookmark);
      }
      const page = await signedOutFeed.page(options);
      // A string or buffer body skips the serializer; it is the typed envelope, already serialized.
      reply.type('application/json; charset=utf-8');
      return sendCompressible(request, reply, page.body);
    },
  );
  registerHomePage(app, { feed: signedOutFeed });
}
