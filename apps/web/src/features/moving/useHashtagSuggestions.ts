import { HASHTAG_SUGGESTIONS_MAX, type HashtagSuggestion } from '@pinboard/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useDebouncedValue } from '../boardActions/useDebouncedValue.ts';
import { endpointKey } from '../../api/endpoints.ts';
import { fetchHashtagSuggestions } from './movingApi.ts';

/** The autocomplete is asked once typing pauses this long. */
export const HASHTAG_DEBOUNCE_MS = 250;
const NONE: HashtagSuggestion[] = [];

/**
 * Hashtags for what follows '#' (null: no hashtag is being typed), at most 5 with pin counts.
 * Asked after a pause in typing; each query's answer is kept for the session, so going back to
 * an earlier prefix asks nothing.
 */
export function useHashtagSuggestions(query: string | null): HashtagSuggestion[] {
  const settled = useDebouncedValue(query, HASHTAG_DEBOUNCE_MS);
  const { data } = useQuery({
    // Keyed by the lower-cased prefix, as before: '#Cat' answers from the '#cat' entry.
    queryKey: endpointKey('listHashtagSuggestions', {
      query: { q: (settled ?? '').toLowerCase(), show_pin_count: 'true' },
    }),
    queryFn: ({ signal }) => fetchHashtagSuggestions(settled!, signal),
    enabled: settled !== null,
    staleTime: Infinity,
    // While the next prefix is awaited the last list stays, so the flyout does not flicker.
    placeholderData: keepPreviousData,
  });
  return query === null || !data ? NONE : data.slice(0, HASHTAG_SUGGESTIONS_MAX);
}
