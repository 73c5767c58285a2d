import { useEffect, type RefObject } from 'react';
import { PROMOTED_EVENTS_MAX } from '@pinboard/shared/promoted-events';
import { api } from '../../api/endpoints.ts';

/** A promoted card counts as seen when at least half of it stays on screen this long. */
export const IMPRESSION_VISIBLE_SHARE = 0.5;
export const IMPRESSION_VISIBLE_MS = 1000;
/** Seen cards are sent together, this long after the first of a batch (or when a batch is full). */
export const IMPRESSION_BATCH_MS = 2000;

export interface ImpressionReporter {
  /** Watches a promoted card; returns the function that stops watching it. */
  observe(element: Element, adToken: string): () => void;
  /** Sends what is waiting now (the page is hidden or left). */
  flush(): void;
}

/**
 * Reports promoted impressions (decision 56): a card half visible for a second is queued once
 * per token, and the queue goes to `reportPromotedEvents` in batches.
 */
export function createImpressionReporter(
  send: (tokens: string[]) => Promise<unknown> = (tokens) =>
    api.reportPromotedEvents({
      body: { events: tokens.map((ad_token) => ({ ad_token, type: 'impression' })) },
    }),
): ImpressionReporter {
  const reported = new Set<string>();
  let queue: string[] = [];
  let batchTimer: ReturnType<typeof setTimeout> | null = null;
  const timers = new Map<Element, ReturnType<typeof setTimeout>>();
  const tokens = new Map<Element, string>();

  const flush = () => {
    if (batchTimer) clearTimeout(batchTimer);
    batchTimer = null;
    while (queue.length > 0) {
      // A lost report is a lost impression, never an error for the person scrolling.
      send(queue.slice(0, PROMOTED_EVENTS_MAX)).catch(() => {});
      queue = queue.slice(PROMOTED_EVENTS_MAX);
    }
  };
  const seen = (token: string) => {
    if (reported.has(token)) return;
    reported.add(token);
    queue.push(token);
    if (queue.length >= PROMOTED_EVENTS_MAX) flush();
    else batchTimer ??= setTimeout(flush, IMPRESSION_BATCH_MS);
  };

  let observer: IntersectionObserver | null = null;
  const observerOf = () =>
    (observer ??= new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          const token = tokens.get(entry.target);
          if (!token) continue;
          const visible = entry.isIntersecting && entry.intersectionRatio >= IMPRESSION_VISIBLE_SHARE;
          const timer = timers.get(entry.target);
          if (visible && !timer) {
            timers.set(
              entry.target,
              setTimeout(() => {
                timers.delete(entry.target);
                seen(token);
              }, IMPRESSION_VISIBLE_MS),
            );
          } else if (!visible && timer) {
            clearTimeout(timer);
            timers.delete(entry.target);
          }
        }
      },
      { threshold: [0, IMPRESSION_VISIBLE_SHARE] },
    ));

  return {
    observe(element, adToken) {
      if (typeof IntersectionObserver === 'undefined' || reported.has(adToken)) return () => {};
      tokens.set(element, adToken);
      observerOf().observe(element);
      return () => {
        const timer = timers.get(element);
        if (timer) clearTimeout(timer);
        timers.delete(element);
        tokens.delete(element);
        observer?.unobserve(element);
      };
    },
    flush,
  };
}

let shared: ImpressionReporter | null = null;

/** The page's one reporter; what waits is sent when the page is hidden. */
function sharedReporter(): ImpressionReporter {
  if (!shared) {
    const reporter = createImpressionReporter();
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden') reporter.flush();
    });
    shared = reporter;
  }
  return shared;
}

/** Watches a promoted card for its impression (nothing for any other card). */
export function usePromotedImpression(
  ref: RefObject<Element | null>,
  adToken: string | undefined,
  reporter?: ImpressionReporter,
): void {
  useEffect(() => {
    const element = ref.current;
    if (!adToken || !element) return;
    return (reporter ?? sharedReporter()).observe(element, adToken);
  }, [ref, adToken, reporter]);
}
