import type { HashtagSuggestion } from '@pinboard/shared';

/** The count shows only when the caller asked for it (`show_pin_count`). */
export function presentHashtagSuggestion(
  row: { tag: string; pinCount: number },
  showPinCount: boolean,
): HashtagSuggestion {
  return { query: `#${row.tag}`, pin_count: showPinCount ? row.pinCount : null };
}
