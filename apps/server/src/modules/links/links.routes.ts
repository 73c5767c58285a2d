import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { FindImagesQuerySchema, FoundImagesSchema } from '@pinboard/shared';
import type { CounterStore } from '../../adapters/counters/counters.ts';
import type { AppContext } from '../../app-context.ts';
import { ok } from '../../lib/envelope.ts';
import { replies } from '../../lib/route-schemas.ts';
import { findPageImages } from './find-images.service.ts';

/** Links of web pages (issue 8): `GET /v3/pins/find_images/`. */
export function registerLinkRoutes(
  app: FastifyInstance,
  { config, counters, storage }: AppContext & { counters: CounterStore },
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const deps = { allowHosts: config.fetchAllowHosts, counters, storage, publicUrl: config.publicUrl };
  api.get(
    '/v3/pins/find_images/',
    {
      schema: {
        tags: ['pins'],
        summary: "A web page's pinnable images (og:image first, then its large images); signed-in viewers",
        querystring: FindImagesQuerySchema,
        response: replies(FoundImagesSchema),
      },
    },
    async (request) => ok(await findPageImages(deps, request.viewer.userId, request.query.url)),
  );
}
