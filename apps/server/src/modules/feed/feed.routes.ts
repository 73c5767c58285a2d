import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PageQuerySchema, PinSchema } from '@pinboard/shared';
import type { AppContext } from '../../app-context.ts';
import { ok } from '../../lib/envelope.ts';
import { pageOptionsOf, replies } from '../../lib/route-schemas.ts';
import { createSignedOutAnswers } from '../../lib/signed-out-answers.ts';
import { pageHomeFeed } from './feed.service.ts';

export function registerFeedRoutes(app: FastifyInstance, { db }: AppContext): void {
  // The signed-out feed is the same for everyone (signed-in feeds become personal).
  const signedOutPages = createSignedOutAnswers({ maxEntries: 500 });
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
    async (request, reply) =>
      signedOutPages(request, reply, async () => {
        const page = await pageHomeFeed(db, pageOptionsOf(request));
        return ok(page.items, page.bookmark);
      }),
  );
}
