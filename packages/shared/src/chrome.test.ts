import { describe, expect, it } from 'vitest';
import {
  INITIAL_HEADER_SCROLL,
  nextHeaderScroll,
  viewportClassOf,
  type HeaderScrollState,
} from './chrome.ts';

/** The header's visibility after scrolling through each position in turn. */
function visibilityAlong(positions: number[], start: HeaderScrollState = INITIAL_HEADER_SCROLL) {
  let state = start;
  return positions.map((y) => {
    state = nextHeaderScroll(state, y);
    return state.visible;
  });
}

describe('viewportClassOf', () => {
  it.each([
    [320, 'narrow'],
    [869, 'narrow'],
    [870, 'medium'],
    [1275, 'medium'],
    [1276, 'wide'],
    [1920, 'wide'],
  ])('calls %i px %s', (width, expected) => {
    expect(viewportClassOf(width)).toBe(expected);
  });
});

describe('nextHeaderScroll', () => {
  it('hides only after more than 20 px down past the near-top zone', () => {
    expect(visibilityAlong([100, 120, 121])).toEqual([false, false, false]);
    const fromMiddle = nextHeaderScroll(INITIAL_HEADER_SCROLL, 200);
    expect(visibilityAlong([200, 220], { ...fromMiddle, visible: true, direction: 'up' })).toEqual([
      true,
      true,
    ]);
    expect(visibilityAlong([221], { ...fromMiddle, visible: true, direction: 'up' })).toEqual([false]);
  });

  it('adds up slow scrolling in one direction', () => {
    const start = { visible: true, lastY: 300, anchorY: 300, direction: 'up' as const };
    expect(visibilityAlong([305, 310, 315, 320, 325], start)).toEqual([true, true, true, true, false]);
  });

  it('shows again only after more than 20 px up', () => {
    const hidden = { visible: false, lastY: 500, anchorY: 400, direction: 'down' as const };
    expect(visibilityAlong([490, 480], hidden)).toEqual([false, false]);
    expect(visibilityAlong([479], { ...hidden, lastY: 480, anchorY: 500, direction: 'up' })).toEqual([true]);
  });

  it('measures from where the direction turned, so a wobble never toggles the bar', () => {
    const hidden = { visible: false, lastY: 500, anchorY: 400, direction: 'down' as const };
    expect(visibilityAlong([490, 505, 495, 510, 490], hidden)).toEqual([false, false, false, false, false]);
  });

  it('always shows the header within 55 px of the top', () => {
    const hidden = { visible: false, lastY: 80, anchorY: 40, direction: 'down' as const };
    expect(visibilityAlong([70, 55], hidden)).toEqual([false, true]);
    expect(visibilityAlong([30, 50, 55])).toEqual([true, true, true]);
  });

  it('keeps the same state when the position did not change', () => {
    const state = nextHeaderScroll(INITIAL_HEADER_SCROLL, 300);
    expect(nextHeaderScroll(state, 300)).toBe(state);
  });
});
