import {
  HEADER_SCROLL_THROTTLE_MS,
  INITIAL_HEADER_SCROLL,
  nextHeaderScroll,
  type HeaderScrollState,
} from '@pinboard/shared/chrome';
import { useEffect, useState } from 'react';

/**
 * Whether the header should show, by the shared rule (`nextHeaderScroll`;
 * docs/product/site.md#header-and-footer). Scroll events are throttled to one reading per 30 ms: the first
 * event of a burst is read at once and the last one when its 30 ms are up, so the final position always
 * counts.
 */
export function useHideOnScroll(): boolean {
  const [visible, setVisible] = useState(true);

  useEffect(() => {
    const startY = Math.max(0, window.scrollY);
    let state: HeaderScrollState = { ...INITIAL_HEADER_SCROLL, lastY: startY, anchorY: startY };
    let timer: ReturnType<typeof setTimeout> | null = null;
    let pending = false;

    const read = () => {
      // Overscroll on touch devices reports negative positions: that is the top.
      state = nextHeaderScroll(state, Math.max(0, window.scrollY));
      setVisible(state.visible);
    };
    // After each reading, 30 ms in which events only note that another reading is due.
    const coolDown = () => {
      timer = setTimeout(() => {
        timer = null;
        if (!pending) return;
        pending = false;
        read();
        coolDown();
      }, HEADER_SCROLL_THROTTLE_MS);
    };
    const onScroll = () => {
      if (timer !== null) {
        pending = true;
        return;
      }
      read();
      coolDown();
    };

    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (timer !== null) clearTimeout(timer);
    };
  }, []);

  return visible;
}
