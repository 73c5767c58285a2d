import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PinParamsSchema, PinSchema, UsernameParamsSchema, UserPinsQuerySchema } from '@pinboard/shared';
import type { AppContext } from '../../app-context.ts';
import { ok } from '../../lib/envelope.ts';
import { pageOptionsOf, replies } from '../../lib/route-schemas.ts';
import { createSignedOutAnswers } from '../../lib/signed-out-answers.ts';
import { getPin, pageUserPins } from './pins.service.ts';

export function registerPinRoutes(app: FastifyInstance, { db }: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // About 2 KB per pin: a thousand of the most asked-for pins is a couple of megabytes.
  const signedOutPins = createSignedOutAnswers({ maxEntries: 1000 });
  api.get(
    '/v3/pins/:id/',
    { schema: { tags: ['pins'], summary: 'A pin', params: PinParamsSchema, response: replies(PinSchema) } },
    async (request, reply) =>
      signedOutPins(request, reply, async () =>
        ok(await getPin(db, Number(request.params.id), request.viewer.userId)),
      ),
  );
  api.get(
    '/v3/users/:username/pins/',
    {
      schema: {
        tags: ['pins'],
        summary: "A user's pins, newest first: created (no saves) or saved (all)",
        params: UsernameParamsSchema,
        querystring: UserPinsQuerySchema,
        response: replies(z.array(PinSchema)),
      },
    },
    async (request) => {
      const { username } = request.params;
      const page = await pageUserPins(db, username, request.query.filter, pageOptionsOf(request));
      return ok(page.items, page.bookmark);
    },
  );
}
