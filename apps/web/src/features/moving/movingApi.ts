import type { BulkEditBody, BulkEditResult, HashtagSuggestion } from '@pinboard/shared';
import { apiClient } from '../../api/client.ts';

/** Moves pins between boards and sections (spec 2 section 4, 'Moving pins'). */
export async function movePins(body: BulkEditBody): Promise<BulkEditResult> {
  return (await apiClient.post<BulkEditResult>('/v3/bulk_edit/', body)).data;
}

/** At most 5 hashtags for what follows '#', with their pin counts. */
export async function fetchHashtagSuggestions(q: string, signal?: AbortSignal): Promise<HashtagSuggestion[]> {
  const { data } = await apiClient.get<HashtagSuggestion[]>('/v3/search/autocomplete/', {
    query: { q, show_pin_count: true },
    signal,
  });
  return data;
}
