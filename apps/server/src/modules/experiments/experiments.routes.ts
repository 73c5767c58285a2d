import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ExperimentGroupsSchema } from '@pinboard/shared';
import type { AppContext } from '../../app-context.ts';
import { ok } from '../../lib/envelope.ts';
import { replies } from '../../lib/route-schemas.ts';
import { experimentUnitOf } from '../../plugins/viewer.ts';
import { groupsForUnit } from './experiments.service.ts';

export function registerExperimentRoutes(app: FastifyInstance, { db, config }: AppContext): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/v3/experiments/',
    {
      schema: {
        tags: ['experiments'],
        summary: "The viewer's group in every experiment",
        response: replies(ExperimentGroupsSchema),
      },
    },
    async (request, reply) => {
      const unit = experimentUnitOf(request, reply, { secureCookies: config.secureCookies });
      return ok(await groupsForUnit(db, unit));
    },
  );
}
