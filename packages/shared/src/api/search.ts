import { z } from 'zod';
import { HashtagAutocompleteQuerySchema, HashtagSuggestionSchema } from '../saving.ts';
import {
  RecentSearchesSchema,
  SearchBoardsResultSchema,
  SearchPinsResultSchema,
  SearchQuerySchema,
  SearchUsersResultSchema,
  TypeaheadQuerySchema,
  TypeaheadResultSchema,
} from '../search.ts';
import { defineEndpoint } from './endpoint.ts';

const tag = 'search';

/** Search, the typeahead, autocomplete and recent searches. */
export const searchEndpoints = {
  searchPins: defineEndpoint({
    method: 'GET',
    path: '/v3/search/pins/',
    summary: 'Pins on public boards matching the query, best first, with its advisory',
    tag,
    access: 'visitor',
    query: SearchQuerySchema,
    response: SearchPinsResultSchema,
  }),
  searchBoards: defineEndpoint({
    method: 'GET',
    path: '/v3/search/boards/',
    summary: 'Public boards matching the query, with its advisory',
    tag,
    access: 'visitor',
    query: SearchQuerySchema,
    response: SearchBoardsResultSchema,
  }),
  searchUsers: defineEndpoint({
    method: 'GET',
    path: '/v3/search/users/',
    summary: 'People matching the query by username or name, with its advisory',
    tag,
    access: 'visitor',
    query: SearchQuerySchema,
    response: SearchUsersResultSchema,
  }),
  getTypeahead: defineEndpoint({
    method: 'GET',
    path: '/v3/search/typeahead/',
    summary: 'Queries, boards and people for what is typed in the search field (count of each)',
    tag,
    access: 'visitor',
    query: TypeaheadQuerySchema,
    response: TypeaheadResultSchema,
  }),
  listRecentSearches: defineEndpoint({
    method: 'GET',
    path: '/v3/search/recent/',
    summary: "The signed-in viewer's recent searches, newest first",
    tag,
    access: 'signedIn',
    response: RecentSearchesSchema,
  }),
  clearRecentSearches: defineEndpoint({
    method: 'DELETE',
    path: '/v3/search/recent/',
    summary: "Clears the signed-in viewer's recent searches",
    tag,
    access: 'signedIn',
    // No fields; an empty object or no body at all.
    body: z.strictObject({}).nullish(),
    response: RecentSearchesSchema,
  }),
  listHashtagSuggestions: defineEndpoint({
    method: 'GET',
    path: '/v3/search/autocomplete/',
    summary: 'Hashtag suggestions (at most 5) for what follows # in a description',
    tag,
    access: 'visitor',
    query: HashtagAutocompleteQuerySchema,
    response: z.array(HashtagSuggestionSchema),
  }),
};
