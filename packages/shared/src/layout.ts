/**
 * Layout constants of the web app (docs/product/site.md#layout). Kept free of zod so
 * the web bundle can import this file (`@pinboard/shared/layout`) without pulling schemas in.
 */

/** Width of a pin card in the masonry grid: the 236x rendition shown at its natural width. */
export const PIN_COLUMN_WIDTH = 236;
/** Space between grid columns and between cards in a column (the real product's 16 px). */
export const PIN_GUTTER = 16;
/** Space between the window's edges and the page's content (the grid), on each side. */
export const PAGE_PADDING_X = 16;
/** Space between the header and the page's content. */
export const PAGE_PADDING_TOP = 8;
/**
 * Below two full columns (phones), two narrower columns still fit down to this width each, as
 * on the real product's mobile web; narrower still, one column takes the whole width.
 */
export const NARROW_COLUMN_MIN_WIDTH = 150;

/** Hover effects wait this long so a pointer crossing the grid does not flash every card. */
export const HOVER_DELAY_MS = 32;
/** How long scrolling must have stopped before it counts as held. */
export const SCROLL_HOLD_MS = 100;

/** Checks for the next page are debounced by this much while the page scrolls. */
export const FETCH_MORE_DEBOUNCE_MS = 200;
/** The next page is fetched once the end of the content is within this many viewport heights. */
export const FETCH_MORE_VIEWPORTS = 2;
