import { describe, expect, it } from 'vitest';
import { gridGeometry, layoutMasonry, visibleIndices } from './masonry.ts';

describe('gridGeometry', () => {
  it('fits as many 236 px columns with 16 px gutters as the width allows, centred', () => {
    // 4 columns need 4 × 236 + 3 × 16 = 992 px.
    expect(gridGeometry(992)).toEqual({ columns: 4, columnWidth: 236, gutter: 16, offset: 0 });
    expect(gridGeometry(1243)).toEqual({ columns: 4, columnWidth: 236, gutter: 16, offset: 125 });
    expect(gridGeometry(1244)).toMatchObject({ columns: 5, offset: 0 });
    expect(gridGeometry(488)).toMatchObject({ columns: 2, columnWidth: 236, offset: 0 });
  });

  it('shares a phone’s width between two narrower columns', () => {
    expect(gridGeometry(487)).toEqual({ columns: 2, columnWidth: 235, gutter: 16, offset: 0 });
    expect(gridGeometry(358)).toEqual({ columns: 2, columnWidth: 171, gutter: 16, offset: 0 });
  });

  it('gives a container too narrow for two columns a single one, at most 236 px wide', () => {
    expect(gridGeometry(315)).toEqual({ columns: 1, columnWidth: 236, gutter: 16, offset: 39 });
    expect(gridGeometry(200)).toEqual({ columns: 1, columnWidth: 200, gutter: 16, offset: 0 });
  });
});

describe('layoutMasonry', () => {
  const three = gridGeometry(3 * 236 + 2 * 16);

  it('puts each item in the shortest column, the leftmost on a tie', () => {
    const layout = layoutMasonry([100, 300, 200, 50, 80, 10], three);

    expect(layout.placements).toEqual([
      { top: 0, left: 0, height: 100 },
      { top: 0, left: 252, height: 300 },
      { top: 0, left: 504, height: 200 },
      // Column 0 ends at 100 + 16.
      { top: 116, left: 0, height: 50 },
      // Column 0 now ends at 182, column 2 at 216: column 0 again.
      { top: 182, left: 0, height: 80 },
      { top: 216, left: 504, height: 10 },
    ]);
    expect(layout.height).toBe(300);
    expect(layout.maxItemHeight).toBe(300);
  });

  it('never places an item above the one before it', () => {
    const heights = Array.from({ length: 500 }, (_, i) => 100 + ((i * 7919) % 400));
    const { placements } = layoutMasonry(heights, three);

    for (let i = 1; i < placements.length; i++) {
      expect(placements[i]!.top).toBeGreaterThanOrEqual(placements[i - 1]!.top);
    }
  });

  it('is empty without items', () => {
    expect(layoutMasonry([], three)).toMatchObject({ placements: [], height: 0 });
  });
});

describe('visibleIndices', () => {
  const layout = layoutMasonry(
    Array.from({ length: 5000 }, (_, i) => 200 + ((i * 37) % 300)),
    gridGeometry(1260),
  );

  it('returns exactly the items overlapping the window, in order', () => {
    const top = 40_000;
    const bottom = 41_000;
    const expected = layout.placements
      .map((place, index) => ({ place, index }))
      .filter(({ place }) => place.top <= bottom && place.top + place.height >= top)
      .map(({ index }) => index);

    expect(visibleIndices(layout, top, bottom)).toEqual(expected);
    expect(expected.length).toBeGreaterThan(5);
    expect(expected.length).toBeLessThan(40);
  });

  it('includes a tall item that starts above the window and reaches into it', () => {
    const tall = layoutMasonry([1000, 100, 100, 100], gridGeometry(488));

    expect(visibleIndices(tall, 900, 950)).toEqual([0]);
  });

  it('is empty past the end', () => {
    expect(visibleIndices(layout, layout.height + 10, layout.height + 500)).toEqual([]);
  });
});
