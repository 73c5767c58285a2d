import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PinSchema } from '@pinboard/shared';
import {
  IdeasSchema,
  TodayKindParamsSchema,
  TodaySchema,
  TodaySectionSchema,
  TopicParamsSchema,
  TopicPinsQuerySchema,
} from '@pinboard/shared/discover';
import type { AppContext } from '../../app-context.ts';
import { ok } from '../../lib/envelope.ts';
import { pageOptionsOf, replies } from '../../lib/route-schemas.ts';
import { createDiscoverService } from './discover.service.ts';

/** The ideas, today and topics pages' calls (issue 9, decision 30). */
export function registerDiscoverRoutes(app: FastifyInstance, { db }: AppContext): void {
  const discover = createDiscoverService(db);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['discover'];

  api.get(
    '/v3/discover/ideas/',
    {
      schema: {
        tags,
        summary: 'Popular hashtags as interests, each with a cover picture',
        response: replies(IdeasSchema),
      },
    },
    async () => ok(await discover.ideas()),
  );

  api.get(
    '/v3/discover/today/',
    { schema: { tags, summary: "Today's lists, a few items each", response: replies(TodaySchema) } },
    async () => ok(await discover.today()),
  );

  api.get(
    '/v3/discover/today/:kind/',
    {
      schema: {
        tags,
        summary: "One of today's lists in full",
        params: TodayKindParamsSchema,
        response: replies(TodaySectionSchema),
      },
    },
    async (request) => ok(await discover.todaySection(request.params.kind)),
  );

  api.get(
    '/v3/discover/topics/:name/pins/',
    {
      schema: {
        tags,
        summary: 'Public pins carrying a hashtag, newest first',
        params: TopicParamsSchema,
        querystring: TopicPinsQuerySchema,
        response: replies(z.array(PinSchema)),
      },
    },
    async (request) => {
      const page = await discover.topicPins(request.params.name, pageOptionsOf(request));
      return ok(page.items, page.bookmark);
    },
  );
}
