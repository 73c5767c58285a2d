import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  RecentSearchesSchema,
  SearchBoardsResultSchema,
  SearchPinsResultSchema,
  SearchQuerySchema,
  SearchUsersResultSchema,
  TypeaheadQuerySchema,
  TypeaheadResultSchema,
} from '@pinboard/shared';
import type { AppContext } from '../../app-context.ts';
import { ok } from '../../lib/envelope.ts';
import { replies } from '../../lib/route-schemas.ts';
import { forgetRecentSearches, getRecentSearches } from './recent-searches.service.ts';
import { searchBoards, searchPins, searchUsers, type SearchPage } from './search.service.ts';
import { typeahead } from './typeahead.service.ts';

function searchReply<T>({ results, advisory, bookmark }: SearchPage<T>) {
  return ok({ results, advisory }, bookmark);
}

/** Search (issue 9, decision 27): pins, boards, people, the typeahead and recent searches. */
export function registerSearchRoutes(app: FastifyInstance, { db }: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['search'];
  api.get(
    '/v3/search/pins/',
    {
      schema: {
        tags,
        summary: 'Pins on public boards matching the query, best first, with its advisory',
        querystring: SearchQuerySchema,
        response: replies(SearchPinsResultSchema),
      },
    },
    async (request) => searchReply(await searchPins(db, request.query, request.viewer.userId)),
  );
  api.get(
    '/v3/search/boards/',
    {
      schema: {
        tags,
        summary: 'Public boards matching the query, with its advisory',
        querystring: SearchQuerySchema,
        response: replies(SearchBoardsResultSchema),
      },
    },
    async (request) => searchReply(await searchBoards(db, request.query, request.viewer.userId)),
  );
  api.get(
    '/v3/search/users/',
    {
      schema: {
        tags,
        summary: 'People matching the query by username or name, with its advisory',
        querystring: SearchQuerySchema,
        response: replies(SearchUsersResultSchema),
      },
    },
    async (request) => searchReply(await searchUsers(db, request.query, request.viewer.userId)),
  );
  api.get(
    '/v3/search/typeahead/',
    {
      schema: {
        tags,
        summary: 'Queries, boards and people for what is typed in the search field (count of each)',
        querystring: TypeaheadQuerySchema,
        response: replies(TypeaheadResultSchema),
      },
    },
    async (request) => ok(await typeahead(db, request.query, request.viewer.userId)),
  );
  api.get(
    '/v3/search/recent/',
    {
      schema: {
        tags,
        summary: "The signed-in viewer's recent searches, newest first",
        response: replies(RecentSearchesSchema),
      },
    },
    async (request) => ok(await getRecentSearches(db, request.viewer.userId)),
  );
  api.delete(
    '/v3/search/recent/',
    {
      schema: {
        tags,
        summary: "Clears the signed-in viewer's recent searches",
        body: z.strictObject({}).nullish(),
        response: replies(RecentSearchesSchema),
      },
    },
    async (request) => ok(await forgetRecentSearches(db, request.viewer.userId)),
  );
}
