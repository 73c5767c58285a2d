import type { AuthEvent } from '@pinboard/shared';
import { api } from '../../api/endpoints.ts';

// AuthEventsBodySchema takes 1..50 events a call.
const MAX_BATCH = 50;
const FLUSH_DELAY_MS = 2000;

let queue: AuthEvent[] = [];
let timer: ReturnType<typeof setTimeout> | null = null;

function flush() {
  if (timer) clearTimeout(timer);
  timer = null;
  while (queue.length > 0) {
    const events = queue.slice(0, MAX_BATCH);
    queue = queue.slice(MAX_BATCH);
    // Fire and forget: a lost analytics event must never disturb signing up.
    api.recordAuthEvents({ body: { events } }).catch(() => {});
  }
}

if (typeof document !== 'undefined') {
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flush();
  });
}

/**
 * Records a sign-up/login event (docs/product/accounts.md#api-calls: view, click and dismiss of the steps;
 * login attempt, success and fail with the login type). Events are sent in batches to `recordAuthEvents`.
 */
export function trackAuthEvent(event: AuthEvent) {
  queue.push(event);
  if (queue.length >= MAX_BATCH) flush();
  else timer ??= setTimeout(flush, FLUSH_DELAY_MS);
}

/** Sends what is queued now (tests, and before the page navigates away). */
export function flushAuthEvents() {
  flush();
}
