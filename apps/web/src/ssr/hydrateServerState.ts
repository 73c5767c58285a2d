import { QUERY_STATE_SCRIPT_ID } from '@pinboard/shared/inlined-data';
import { hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';

/**
 * Puts the answers a server-rendered page was drawn from (the `query-state` JSON the server
 * wrote) into the query cache, once: the element is removed. True when the page was rendered
 * on the server, so the app hydrates its markup instead of drawing it afresh.
 */
export function hydrateServerState(queryClient: QueryClient, document: Document): boolean {
  const element = document.getElementById(QUERY_STATE_SCRIPT_ID);
  if (!element) return false;
  element.remove();
  try {
    hydrate(queryClient, JSON.parse(element.textContent ?? '') as DehydratedState);
  } catch {
    // Unreadable state only costs the requests it was meant to save; the markup is still the page's.
  }
  return true;
}
