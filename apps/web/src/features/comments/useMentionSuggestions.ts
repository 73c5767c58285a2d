import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { queries } from '../../api/endpoints.ts';
import { useDebouncedValue } from '../boardActions/useDebouncedValue.ts';

const DELAY_MS = 150;
const SHOWN = 5;

/** People whose name starts like `term`, from the search typeahead (its people only); none for null. */
export function useMentionSuggestions(term: string | null) {
  const settled = useDebouncedValue(term, DELAY_MS);
  const suggestions = useQuery({
    ...queries.getTypeahead({ query: { term: settled ?? '', pin_scope: 'pins', count: SHOWN } }),
    enabled: term !== null && settled !== null && settled !== '',
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    select: (data) => data.items.flatMap((item) => (item.type === 'user' ? [item.user] : [])),
  });
  return term === null ? [] : (suggestions.data ?? []);
}
