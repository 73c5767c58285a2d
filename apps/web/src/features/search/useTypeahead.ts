import type { SearchScope } from '@pinboard/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useDebouncedValue } from '../boardActions/useDebouncedValue.ts';
import { useViewer } from '../viewer/useViewer.ts';
import { endpointKey, queries } from '../../api/endpoints.ts';
import { clearRecentSearches, TYPEAHEAD_COUNT } from './searchApi.ts';
import { emptyFieldGroups, suggestionGroups, type TypeaheadGroup } from './typeaheadOptions.ts';

/** The typeahead asks once typing pauses this long. */
export const TYPEAHEAD_DELAY_MS = 150;
/** A term's suggestions are reused this long (per scope and term) before being asked again. */
export const TYPEAHEAD_STALE_MS = 5 * 60_000;

const NO_GROUPS: TypeaheadGroup[] = [];

/**
 * The header's suggestions: for a typed term, the typeahead's queries, boards and people
 * (debounced, cached per scope and term); for an empty field, a signed-in viewer's recent
 * searches, which `clearRecent` forgets, then their interests, or the popular ones (a visitor's
 * only suggestions). Nothing is asked while the field is not `open`.
 */
export function useTypeahead(term: string, scope: SearchScope, open: boolean) {
  const queryClient = useQueryClient();
  const { session } = useViewer();
  const signedIn = session?.type === 'AUTH';
  const trimmed = term.trim();
  const settled = useDebouncedValue(trimmed, TYPEAHEAD_DELAY_MS);

  const suggestions = useQuery({
    ...queries.getTypeahead({ query: { term: settled, pin_scope: scope, count: TYPEAHEAD_COUNT } }),
    enabled: open && settled !== '',
    staleTime: TYPEAHEAD_STALE_MS,
    // The last term's list stays while the next one loads, so the list does not blink per key.
    placeholderData: keepPreviousData,
    select: (data) => suggestionGroups(data.items, scope),
  });
  const recent = useQuery({
    ...queries.listRecentSearches(),
    enabled: open && signedIn && trimmed === '',
  });
  // The interests catalogue (the most used hashtags) and the viewer's chosen ones: the same
  // answer the interests step and settings read.
  const ideas = useQuery({
    ...queries.getInterests(),
    enabled: open && trimmed === '',
    staleTime: TYPEAHEAD_STALE_MS,
  });
  // Recent searches come first: the ideas wait for them rather than jump down when they arrive.
  const recentSettled = !signedIn || recent.data !== undefined || recent.isError;
  const emptyGroups = useMemo(
    () => (recentSettled ? emptyFieldGroups(signedIn ? recent.data : [], ideas.data, scope) : NO_GROUPS),
    [recentSettled, signedIn, recent.data, ideas.data, scope],
  );
  const clear = useMutation({
    mutationFn: clearRecentSearches,
    onSuccess: () => {
      queryClient.setQueryData(endpointKey('listRecentSearches'), []);
      // Cached suggestions may list recent searches first: they are gone too.
      queryClient.removeQueries({ queryKey: endpointKey('getTypeahead') });
    },
  });

  const groups = trimmed === '' ? emptyGroups : settled === '' ? NO_GROUPS : (suggestions.data ?? NO_GROUPS);
  const options = useMemo(() => groups.flatMap((group) => group.options), [groups]);
  return {
    groups,
    options,
    clearRecent: clear.mutate,
    clearing: clear.isPending,
  };
}
