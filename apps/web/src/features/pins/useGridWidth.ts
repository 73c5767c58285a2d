import { useLayoutEffect, useState, type RefObject } from 'react';

function measureWidth(element: HTMLElement): number {
  // Before layout (or in a test DOM) an element has no width yet: fall back to the window's.
  return element.getBoundingClientRect().width || element.clientWidth || window.innerWidth;
}

/** The element's width, measured before the first paint and again whenever it resizes. */
export function useGridWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);

  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const update = () => setWidth(Math.floor(measureWidth(element)));
    update();
    if (typeof ResizeObserver === 'undefined') {
      window.addEventListener('resize', update);
      return () => window.removeEventListener('resize', update);
    }
    const observer = new ResizeObserver(update);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);

  return width;
}
