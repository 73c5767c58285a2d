import { viewportClassOf, type ViewportClass } from '@pinboard/shared/chrome';
import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

const readClass = (): ViewportClass => viewportClassOf(window.innerWidth);

/**
 * The viewport class (docs/product/site.md#layout): narrow below 870 px, medium 870–1275, wide above.
 * Components re-render only when the class changes, not on every resize event.
 */
export function useViewportClass(): ViewportClass {
  return useSyncExternalStore(subscribe, readClass, () => 'wide');
}
