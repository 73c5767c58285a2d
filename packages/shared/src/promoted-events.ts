/**
 * The page's promoted-event reports, free of zod so the feed's cards can import it
 * (`@pinboard/shared/promoted-events`) without pulling the schemas into the first view.
 */

/** How many promoted events one report may carry (the page batches them). */
export const PROMOTED_EVENTS_MAX = 50;
