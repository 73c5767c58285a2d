import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';
import { ScrollPositions, startingScroll } from './scrollRestoration.ts';

/** How long a restored position may wait for its page to grow tall enough (data, images' places). */
const RESTORE_WAIT_MS = 3000;

/** Input that means the person scrolls themselves: a restore still waiting gives up. */
const OWN_SCROLL_EVENTS = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

/**
 * Keeps every history entry's scroll position and puts each page where it starts
 * (scrollRestoration.ts): once per location, before the page is painted.
 */
export function useScrollRestoration() {
  const location = useLocation();
  const kind = useNavigationType();
  const positions = useRef<ScrollPositions | null>(null);
  const current = useRef<{ key: string; pathname: string } | null>(null);

  // The position of the entry on screen, as the person scrolls. Read at each scroll, not when the
  // page goes: by then the next page is in the DOM and a shorter one has already moved it.
  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    positions.current ??= new ScrollPositions();
    const store = positions.current;
    const onScroll = () => {
      if (current.current) store.set(current.current.key, window.scrollY);
    };
    const persist = () => store.persist();
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('pagehide', persist);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('pagehide', persist);
      window.history.scrollRestoration = 'auto';
    };
  }, []);

  useLayoutEffect(() => {
    positions.current ??= new ScrollPositions();
    const store = positions.current;
    const previous = current.current;
    current.current = { key: location.key, pathname: location.pathname };
    if (previous?.key === location.key) return;
    store.persist();

    const samePage = previous?.pathname === location.pathname;
    const target = startingScroll(kind, samePage, store.get(location.key));
    if (target === null) return;
    return scrollWhenTallEnough(target);
  }, [location.key, location.pathname, kind]);
}

/**
 * Scrolls to `y`; while the page is not yet tall enough for it (its content arrives over the next
 * frames), tries again each frame for a while, unless the person scrolls first. Returns the cancel.
 */
function scrollWhenTallEnough(y: number): () => void {
  let frame = 0;
  const deadline = performance.now() + RESTORE_WAIT_MS;
  const stop = () => {
    if (frame) cancelAnimationFrame(frame);
    frame = 0;
    for (const type of OWN_SCROLL_EVENTS) window.removeEventListener(type, stop);
  };
  const attempt = () => {
    frame = 0;
    window.scrollTo(0, y);
    if (Math.abs(window.scrollY - y) < 1 || performance.now() > deadline) return stop();
    frame = requestAnimationFrame(attempt);
  };
  for (const type of OWN_SCROLL_EVENTS) window.addEventListener(type, stop, { passive: true });
  attempt();
  return stop;
}
