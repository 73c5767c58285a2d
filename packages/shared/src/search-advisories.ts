/**
 * Search advisories: the notice a search for a sensitive or abusive term shows, and when it
 * shows its action buttons. Free of zod, so the web app's search page reads it cheaply.
 */

/** A search advisory's severity. */
export const ADVISORY_SEVERITIES = { ABUSIVE: 0, SENSITIVE: 1, BRAND_UNSAFE: 2 } as const;
export type AdvisorySeverityName = keyof typeof ADVISORY_SEVERITIES;

/** The advisory type whose notice always shows its action buttons. */
export const ADVISORY_TYPE_THIRD_PARTY = 'third_party';
/** Advisory levels whose notice shows its action buttons (docs/product/search.md#rules). */
export const ADVISORY_ACTION_LEVELS = [4, 14] as const;

/** Whether a notice shows its action buttons: levels 4 and 14, or the third-party type. */
export function advisoryShowsActions(advisory: {
  level: number | null;
  advisory_type: string | null;
}): boolean {
  return (
    (advisory.level !== null && (ADVISORY_ACTION_LEVELS as readonly number[]).includes(advisory.level)) ||
    advisory.advisory_type === ADVISORY_TYPE_THIRD_PARTY
  );
}
