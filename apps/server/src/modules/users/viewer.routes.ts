import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ViewerSchema } from '@pinboard/shared';
import type { CountryResolver } from '../../adapters/geoip/country.ts';
import type { AppContext } from '../../app-context.ts';
import { GROUP_COOKIE, RECOGNITION_COOKIE } from '../../plugins/viewer.ts';
import { ok } from '../../lib/envelope.ts';
import { replies } from '../../lib/route-schemas.ts';
import { getViewer } from './viewer.service.ts';

/** `GET /v3/users/me/`; a static path, so Fastify prefers it to `/v3/users/:username/`. */
export function registerViewerRoutes(
  app: FastifyInstance,
  { db, config, countries }: AppContext & { countries: CountryResolver },
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/v3/users/me/',
    {
      schema: {
        tags: ['users'],
        summary: 'The viewer: signed in (AUTH), recognised (LIMITED_LOGIN) or a visitor (UNAUTH)',
        response: replies(ViewerSchema),
      },
    },
    async (request, reply) => {
      // Per person and changes at sign-in: never cached by a browser or a proxy.
      reply.header('cache-control', 'private, no-store');
      return ok(
        await getViewer(db, {
          userId: request.viewer.userId,
          recognitionToken: request.cookies[RECOGNITION_COOKIE],
          groupToken: request.cookies[GROUP_COOKIE],
          country: countries.countryOf({ headers: request.headers, ip: request.ip }),
          consentCountries: config.consentCountries,
          now: new Date(),
        }),
      );
    },
  );
}
