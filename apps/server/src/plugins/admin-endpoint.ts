import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AdminUsageError, runAdminCommand, type AdminContext } from '../cli/commands.ts';

const AdminRunSchema = z.strictObject({ argv: z.array(z.string().max(1000)).max(20) });

function sameToken(expected: string, given: string | undefined): boolean {
  const header = `Bearer ${expected}`;
  return (
    given !== undefined &&
    given.length === header.length &&
    timingSafeEqual(Buffer.from(given), Buffer.from(header))
  );
}

/**
 * Local endpoint through which `npm run admin` hands a command to the running server,
 * because PGlite's data directory can be open in one process only.
 */
export function registerAdminEndpoint(app: FastifyInstance, context: AdminContext & { token: string }): void {
  app
    .withTypeProvider<ZodTypeProvider>()
    .post('/__admin/run', { schema: { hide: true, body: AdminRunSchema } }, async (request, reply) => {
      if (!sameToken(context.token, request.headers.authorization)) {
        return reply.code(401).send({ ok: false, output: 'Bad admin token.' });
      }
      try {
        return { ok: true, output: await runAdminCommand(context, request.body.argv) };
      } catch (error) {
        if (error instanceof AdminUsageError)
          return reply.code(400).send({ ok: false, output: error.message });
        throw error;
      }
    });
}
