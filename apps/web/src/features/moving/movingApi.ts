import type { BulkEditBody, BulkEditResult, HashtagSuggestion } from '@pinboard/shared';
import { api } from '../../api/endpoints.ts';

/** Moves pins between boards and sections (docs/product/saving.md#moving-pins). */
export async function movePins(body: BulkEditBody): Promise<BulkEditResult> {
  return (await api.movePins({ body })).data;
}

/** At most 5 hashtags for what follows '#', with their pin counts. */
export async function fetchHashtagSuggestions(q: string, signal?: AbortSignal): Promise<HashtagSuggestion[]> {
  const { data } = await api.listHashtagSuggestions({ query: { q, show_pin_count: 'true' } }, { signal });
  return data;
}
