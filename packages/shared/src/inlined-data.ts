/**
 * Data the server writes into a page's HTML so the web app need not ask for it again. Free of
 * zod so the web bundle can import `@pinboard/shared/inlined-data` cheaply.
 */

/**
 * The `<script type="application/json">` holding the first page of the signed-out home feed:
 * the `GET /v3/feeds/home/` envelope, with the page size in `data-page-size`.
 */
export const HOME_FEED_SCRIPT_ID = 'home-feed-page';

/**
 * The `<script type="application/json">` holding a server-rendered page's query cache
 * (TanStack Query's dehydrated state), which the browser hydrates before its first render.
 */
export const QUERY_STATE_SCRIPT_ID = 'query-state';
