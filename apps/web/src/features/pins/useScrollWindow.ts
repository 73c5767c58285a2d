import { useLayoutEffect, useState, type RefObject } from 'react';

/** The part of an element the window shows, in the element's own coordinates. */
export interface ScrollWindow {
  top: number;
  bottom: number;
}

function readWindow(element: HTMLElement): ScrollWindow {
  const top = -element.getBoundingClientRect().top;
  return { top, bottom: top + window.innerHeight };
}

/**
 * Follows window scrolling and resizing, at most once per animation frame. `contentHeight`
 * re-reads the window when the element's content changes (content above it may have moved too).
 */
export function useScrollWindow(ref: RefObject<HTMLElement | null>, contentHeight: number): ScrollWindow {
  const [scrollWindow, setScrollWindow] = useState<ScrollWindow>({ top: 0, bottom: 0 });

  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    let frame = 0;
    const update = () => {
      frame = 0;
      const next = readWindow(element);
      setScrollWindow((current) =>
        current.top === next.top && current.bottom === next.bottom ? current : next,
      );
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    return () => {
      if (frame) cancelAnimationFrame(frame);
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
    };
  }, [ref, contentHeight]);

  return scrollWindow;
}
