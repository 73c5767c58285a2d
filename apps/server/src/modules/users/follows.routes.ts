import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { UsernameParamsSchema, UserProfileSchema } from '@pinboard/shared';
import type { AppContext } from '../../app-context.ts';
import { ok } from '../../lib/envelope.ts';
import { replies } from '../../lib/route-schemas.ts';
import { setUserFollow } from './follows.service.ts';

export function registerUserFollowRoutes(app: FastifyInstance, { db }: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  for (const method of ['PUT', 'DELETE'] as const) {
    api.route({
      method,
      url: '/v3/users/:username/follow/',
      schema: {
        tags: ['users'],
        summary: method === 'PUT' ? 'Follow a user' : 'Unfollow a user',
        params: UsernameParamsSchema,
        // No fields; an empty object or no body at all.
        body: z.strictObject({}).nullish(),
        response: replies(UserProfileSchema),
      },
      handler: async (request) =>
        ok(await setUserFollow(db, request.params.username, request.viewer.userId, method === 'PUT')),
    });
  }
}
