/**
 * The page chrome (docs/product/site.md#header-and-footer): header and footer sizes, the header's
 * hide-on-scroll rule and the viewport classes. Free of zod so the web bundle can import
 * `@pinboard/shared/chrome` cheaply.
 */

export const HEADER_HEIGHT = 64;
/** The footer bar shown with the limited header (a visitor on the home page). */
export const FOOTER_HEIGHT = 44;
/** Scrolling this far (strictly more) in one direction hides or shows the header. */
export const HEADER_SCROLL_DISTANCE = 20;
/** Within this many pixels of the top the header is always shown. */
export const HEADER_NEAR_TOP = 55;
export const HEADER_SCROLL_THROTTLE_MS = 30;

/** Narrow is below this width. */
export const VIEWPORT_MEDIUM_MIN = 870;
/** Wide is above this width; medium runs from 870 to 1275 inclusive. */
export const VIEWPORT_MEDIUM_MAX = 1275;

export type ViewportClass = 'narrow' | 'medium' | 'wide';

export function viewportClassOf(width: number): ViewportClass {
  if (width < VIEWPORT_MEDIUM_MIN) return 'narrow';
  return width > VIEWPORT_MEDIUM_MAX ? 'wide' : 'medium';
}

export interface HeaderScrollState {
  visible: boolean;
  /** The last scroll position seen. */
  lastY: number;
  /** Where the current run of scrolling in one direction began. */
  anchorY: number;
  direction: 'up' | 'down' | null;
}

export const INITIAL_HEADER_SCROLL: HeaderScrollState = {
  visible: true,
  lastY: 0,
  anchorY: 0,
  direction: null,
};

/**
 * The header's state after the page scrolled to `y`. Distances are measured from where the
 * current direction began, so slow scrolling adds up and a small wobble never toggles the bar.
 */
export function nextHeaderScroll(state: HeaderScrollState, y: number): HeaderScrollState {
  if (y === state.lastY) return state;
  const direction = y > state.lastY ? 'down' : 'up';
  const anchorY = direction === state.direction ? state.anchorY : state.lastY;
  let visible = state.visible;
  if (y <= HEADER_NEAR_TOP) visible = true;
  else if (direction === 'down' && y - anchorY > HEADER_SCROLL_DISTANCE) visible = false;
  else if (direction === 'up' && anchorY - y > HEADER_SCROLL_DISTANCE) visible = true;
  return { visible, lastY: y, anchorY, direction };
}
