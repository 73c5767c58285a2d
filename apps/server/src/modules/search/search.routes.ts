import type { searchEndpoints } from '@pinboard/shared/api';
import type { AppContext } from '../../app-context.ts';
import type { EndpointHandlers } from '../../lib/endpoints.ts';
import { ok } from '../../lib/envelope.ts';
import { autocompleteHashtags } from './autocomplete.service.ts';
import { forgetRecentSearches, getRecentSearches } from './recent-searches.service.ts';
import { searchBoards, searchPins, searchUsers, type SearchPage } from './search.service.ts';
import { typeahead } from './typeahead.service.ts';
import type { Promoted } from '../promoted/promoted.ts';

function searchReply<T>({ results, advisory, bookmark }: SearchPage<T>) {
  return ok({ results, advisory }, bookmark);
}

/** Search (decision 27): pins, boards, people, the typeahead, recent searches, hashtags. */
export function searchRoutes({
  db,
  promoted,
}: AppContext & { promoted: Promoted }): EndpointHandlers<typeof searchEndpoints> {
  return {
    searchPins: async ({ query, viewer, request }) => {
      // Promoted pins whose targeting names the query's words join the results (decision 56),
      // who is looking read beside the search's own read (decision 72).
      const terms = query.q.toLowerCase().split(/\s+/).filter(Boolean);
      const chosen = await promoted.begin(request, viewer.userId, query.page_size, terms);
      const [page, facts] = await Promise.all([searchPins(db, query, viewer.userId), chosen.readFacts()]);
      return searchReply({ ...page, results: await chosen.place(page.results, facts) });
    },
    searchBoards: async ({ query, viewer }) => searchReply(await searchBoards(db, query, viewer.userId)),
    searchUsers: async ({ query, viewer }) => searchReply(await searchUsers(db, query, viewer.userId)),
    getTypeahead: async ({ query, viewer }) => ok(await typeahead(db, query, viewer.userId)),
    listRecentSearches: async ({ viewer }) => ok(await getRecentSearches(db, viewer.userId)),
    clearRecentSearches: async ({ viewer }) => ok(await forgetRecentSearches(db, viewer.userId)),
    listHashtagSuggestions: async ({ query, viewer }) =>
      ok(await autocompleteHashtags(db, query, viewer.userId)),
  };
}
