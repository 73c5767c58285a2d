import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PageQuerySchema, PinSchema } from '@pinboard/shared';
import type { AppContext } from '../../app-context.ts';
import { ok } from '../../lib/envelope.ts';
import { createShortCache } from '../../lib/short-cache.ts';
import { pageOptionsOf, replies } from '../../lib/route-schemas.ts';
import { pageHomeFeed } from './feed.service.ts';

// The signed-out feed is the same for everyone; a second's staleness buys thousands of req/s.
const SIGNED_OUT_FEED_TTL_MS = 1000;

export function registerFeedRoutes(app: FastifyInstance, { db }: AppContext): void {
  // Serialized answers, so a hit costs neither a query nor a JSON encoding.
  const signedOutPages = createShortCache<string>({ ttlMs: SIGNED_OUT_FEED_TTL_MS, maxEntries: 500 });
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
      const body = await signedOutPages.get(`${options.pageSize}:${options.bookmark ?? ''}`, async () => {
        const page = await pageHomeFeed(db, options);
        return JSON.stringify(ok(page.items, page.bookmark));
      });
      // A string body skips the serializer; it is the typed envelope, already serialized.
      return reply.type('application/json; charset=utf-8').send(body as never);
    },
  );
}
