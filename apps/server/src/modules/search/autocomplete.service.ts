import {
  HASHTAG_SUGGESTIONS_MAX,
  type HashtagAutocompleteQuery,
  type HashtagSuggestion,
} from '@pinboard/shared';
import type { Executor } from '../../db/client.ts';
import { presentHashtagSuggestion } from './autocomplete.presenter.ts';
import { listHashtagsByPrefix } from './autocomplete.repository.ts';
import { isHashtagText } from './search-text.ts';

/**
 * Hashtag suggestions for the description flyout: at most 5 tags starting with what was typed,
 * the most used first, counted over the pins the viewer may see.
 */
export async function autocompleteHashtags(
  db: Executor,
  query: HashtagAutocompleteQuery,
  viewerId: number | null,
): Promise<HashtagSuggestion[]> {
  const prefix = query.q.replace(/^#/, '').toLowerCase();
  if (!isHashtagText(prefix)) return [];
  const tags = await listHashtagsByPrefix(db, prefix, viewerId, HASHTAG_SUGGESTIONS_MAX);
  return tags.map((row) => presentHashtagSuggestion(row, query.show_pin_count));
}
