import { NARROW_COLUMN_MIN_WIDTH, PIN_COLUMN_WIDTH, PIN_GUTTER } from '@pinboard/shared/layout';

/** How a container's width is split into columns: as many as fit, the block centred. */
export interface GridGeometry {
  columns: number;
  columnWidth: number;
  gutter: number;
  /** Left edge of the first column, centring the columns in the container. */
  offset: number;
}

export interface Placement {
  top: number;
  left: number;
  height: number;
}

export interface MasonryLayout {
  geometry: GridGeometry;
  /** One placement per item, in item order. */
  placements: Placement[];
  /** Height of the whole grid (the tallest column, without a trailing gutter). */
  height: number;
  /** The tallest single item: how far above a window an item can start and still reach into it. */
  maxItemHeight: number;
}

export function gridGeometry(
  containerWidth: number,
  columnWidth: number = PIN_COLUMN_WIDTH,
  gutter: number = PIN_GUTTER,
): GridGeometry {
  const width = Math.max(0, Math.floor(containerWidth));
  if (width < 2 * columnWidth + gutter) {
    if (width >= 2 * NARROW_COLUMN_MIN_WIDTH + gutter) {
      const narrow = Math.floor((width - gutter) / 2);
      return {
        columns: 2,
        columnWidth: narrow,
        gutter,
        offset: Math.floor((width - 2 * narrow - gutter) / 2),
      };
    }
    return {
      columns: 1,
      columnWidth: Math.max(Math.min(width, columnWidth), 1),
      gutter,
      offset: Math.floor(Math.max(0, width - columnWidth) / 2),
    };
  }
  const columns = Math.floor((width + gutter) / (columnWidth + gutter));
  const used = columns * columnWidth + (columns - 1) * gutter;
  return { columns, columnWidth, gutter, offset: Math.floor((width - used) / 2) };
}

/**
 * Places items one by one in the currently shortest column (the leftmost on a tie).
 * Because each item starts at the shortest column's height, which only grows, item tops
 * never decrease with the index: `visibleRange` relies on that to binary-search.
 */
export function layoutMasonry(heights: readonly number[], geometry: GridGeometry): MasonryLayout {
  const { columns, columnWidth, gutter, offset } = geometry;
  const columnHeights = new Array<number>(columns).fill(0);
  const placements: Placement[] = [];
  let maxItemHeight = 0;
  for (const height of heights) {
    let column = 0;
    for (let c = 1; c < columns; c++) {
      if (columnHeights[c]! < columnHeights[column]!) column = c;
    }
    const top = columnHeights[column]!;
    placements.push({ top, left: offset + column * (columnWidth + gutter), height });
    columnHeights[column] = top + height + gutter;
    maxItemHeight = Math.max(maxItemHeight, height);
  }
  const tallest = Math.max(0, ...columnHeights);
  return { geometry, placements, height: heights.length ? tallest - gutter : 0, maxItemHeight };
}

/** First index whose top is beyond `y` (or at it, with `inclusive`); placements are sorted by top. */
function firstTopFrom(placements: readonly Placement[], y: number, inclusive: boolean): number {
  let low = 0;
  let high = placements.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    const top = placements[mid]!.top;
    if (top < y || (!inclusive && top === y)) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** Indices of the items that overlap the vertical window [top, bottom], in item order. */
export function visibleIndices(layout: MasonryLayout, top: number, bottom: number): number[] {
  const { placements, maxItemHeight } = layout;
  const start = firstTopFrom(placements, top - maxItemHeight, true);
  const end = firstTopFrom(placements, bottom, false);
  const indices: number[] = [];
  for (let i = start; i < end; i++) {
    const placement = placements[i]!;
    if (placement.top + placement.height >= top) indices.push(i);
  }
  return indices;
}
