import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HashtagAutocompleteQuerySchema, HashtagSuggestionSchema } from '@pinboard/shared';
import type { AppContext } from '../../app-context.ts';
import { ok } from '../../lib/envelope.ts';
import { replies } from '../../lib/route-schemas.ts';
import { autocompleteHashtags } from './autocomplete.service.ts';

export function registerAutocompleteRoutes(app: FastifyInstance, { db }: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/v3/search/autocomplete/',
    {
      schema: {
        tags: ['search'],
        summary: 'Hashtag suggestions (at most 5) for what follows # in a description',
        querystring: HashtagAutocompleteQuerySchema,
        response: replies(z.array(HashtagSuggestionSchema)),
      },
    },
    async (request) => ok(await autocompleteHashtags(db, request.query, request.viewer.userId)),
  );
}
