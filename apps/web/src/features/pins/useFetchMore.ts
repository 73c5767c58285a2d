import { FETCH_MORE_DEBOUNCE_MS, FETCH_MORE_VIEWPORTS } from '@pinboard/shared/layout';
import { useEffect, useRef, type RefObject } from 'react';

/** More is wanted once the content's end is within two viewport heights of the viewport's bottom. */
export function isNearEnd(contentBottom: number, viewportHeight: number): boolean {
  return contentBottom - viewportHeight <= FETCH_MORE_VIEWPORTS * viewportHeight;
}

interface FetchMoreOptions {
  /** Whether to watch at all: there is more, nothing is loading and the last attempt did not fail. */
  enabled: boolean;
  contentHeight: number;
  fetchMore: () => void;
}

/**
 * Calls `fetchMore` when the end of the element's content comes near, checking 200 ms after
 * scrolling or resizing settles (and after each change of content, which may already be short).
 */
export function useFetchMore(ref: RefObject<HTMLElement | null>, options: FetchMoreOptions): void {
  const { enabled, contentHeight } = options;
  const fetchMoreRef = useRef(options.fetchMore);
  useEffect(() => {
    fetchMoreRef.current = options.fetchMore;
  });

  useEffect(() => {
    if (!enabled) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = () => {
      const element = ref.current;
      if (!element) return;
      const contentBottom = element.getBoundingClientRect().top + contentHeight;
      if (isNearEnd(contentBottom, window.innerHeight)) fetchMoreRef.current();
    };
    const debounced = () => {
      clearTimeout(timer);
      timer = setTimeout(check, FETCH_MORE_DEBOUNCE_MS);
    };
    debounced();
    window.addEventListener('scroll', debounced, { passive: true });
    window.addEventListener('resize', debounced);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('scroll', debounced);
      window.removeEventListener('resize', debounced);
    };
  }, [ref, enabled, contentHeight]);
}
