import type { SearchScope } from '@pinboard/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useDebouncedValue } from '../boardActions/useDebouncedValue.ts';
import { useViewer } from '../viewer/useViewer.ts';
import { endpointKey, queries } from '../../api/endpoints.ts';
import { clearRecentSearches, TYPEAHEAD_COUNT } from './searchApi.ts';
import { recentGroups, suggestionGroups, type TypeaheadGroup } from './typeaheadOptions.ts';

/** The typeahead asks once typing pauses this long. */
export const TYPEAHEAD_DELAY_MS = 150;
/** A term's suggestions are reused this long (per scope and term) before being asked again. */
export const TYPEAHEAD_STALE_MS = 5 * 60_000;

const NO_GROUPS: TypeaheadGroup[] = [];

/**
 * The header's suggestions: for a typed term, the typeahead's queries, boards and people
 * (debounced, cached per scope and term); for an empty field, a signed-in viewer's recent
 * searches, which `clearRecent` forgets. Nothing is asked while the field is not `open`.
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
    select: (entries) => recentGroups(entries, scope),
  });
  const clear = useMutation({
    mutationFn: clearRecentSearches,
    onSuccess: () => {
      queryClient.setQueryData(endpointKey('listRecentSearches'), []);
      // Cached suggestions may list recent searches first: they are gone too.
      queryClient.removeQueries({ queryKey: endpointKey('getTypeahead') });
    },
  });

  const groups =
    trimmed === ''
      ? signedIn
        ? (recent.data ?? NO_GROUPS)
        : NO_GROUPS
      : settled === ''
        ? NO_GROUPS
        : (suggestions.data ?? NO_GROUPS);
  const options = useMemo(() => groups.flatMap((group) => group.options), [groups]);
  return {
    groups,
    options,
    showsRecent: trimmed === '',
    clearRecent: clear.mutate,
    clearing: clear.isPending,
  };
}
