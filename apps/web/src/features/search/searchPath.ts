import type { SearchScope } from '@pinboard/shared';

/**
 * The scopes the search page lists, in tab order. Repeats the shared SEARCH_SCOPES because the
 * header (first page) uses this file and `@pinboard/shared/search` would bring zod with it.
 */
export const SEARCH_PAGE_SCOPES = ['pins', 'boards', 'users'] as const satisfies readonly SearchScope[];

/** Where a search came from (the search options' `rs`): typed and submitted, a suggestion, a recent one. */
export type SearchSource = 'typed' | 'autocomplete' | 'recent';

/** Where a search for `query` in `scope` goes: `/search/pins/?q=kitchen&rs=typed`. */
export function searchPathOf(query: string, scope: SearchScope = 'pins', source?: SearchSource): string {
  const params = new URLSearchParams({ q: query });
  if (source) params.set('rs', source);
  return `/search/${scope}/?${params.toString()}`;
}

/** The scope a search page's path lists, or null when the path is no search page. */
export function searchScopeOf(pathname: string): SearchScope | null {
  const match = /^\/search\/([a-z]+)\/?$/.exec(pathname);
  const scope = match?.[1];
  return SEARCH_PAGE_SCOPES.find((known) => known === scope) ?? null;
}

/** A hashtag search (`#tag`, one word) lists the pins carrying that hashtag under a '#tag' heading. */
export function isHashtagQuery(query: string): boolean {
  return /^#[\p{L}\p{N}_]+$/u.test(query.trim());
}
