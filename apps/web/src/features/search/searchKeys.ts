import type { SearchScope } from '@pinboard/shared';

/**
 * Query keys of search. The typeahead is cached per scope and term (docs/product/search.md#api-calls), so
 * going back to a term already typed answers from the cache.
 */
export const searchKeys = {
  all: ['search'] as const,
  results: (scope: SearchScope, query: string) => [...searchKeys.all, 'results', scope, query] as const,
  typeahead: (scope: SearchScope, term: string) => [...searchKeys.all, 'typeahead', scope, term] as const,
  recent: () => [...searchKeys.all, 'recent'] as const,
};
