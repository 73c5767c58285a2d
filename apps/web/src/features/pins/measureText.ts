import { TITLE_FONT_SIZE, TITLE_FONT_WEIGHT, type MeasureText } from './cardMetrics.ts';

// An average glyph width for 14 px system fonts: close enough where no canvas is available (tests).
const FALLBACK_CHAR_WIDTH = TITLE_FONT_SIZE * 0.55;

let shared: MeasureText | null = null;

/**
 * Measures text in the card title's font with an offscreen canvas, reading the page's own font
 * family so the measure and the rendered title agree. Widths are cached by string.
 */
export function titleMeasurer(): MeasureText {
  if (shared) return shared;
  const cache = new Map<string, number>();
  const context = typeof OffscreenCanvas === 'undefined' ? null : new OffscreenCanvas(1, 1).getContext('2d');
  if (context) {
    const family = getComputedStyle(document.documentElement).fontFamily || 'sans-serif';
    context.font = `${TITLE_FONT_WEIGHT} ${TITLE_FONT_SIZE}px ${family}`;
  }
  shared = (text) => {
    let width = cache.get(text);
    if (width === undefined) {
      width = context ? context.measureText(text).width : text.length * FALLBACK_CHAR_WIDTH;
      cache.set(text, width);
    }
    return width;
  };
  return shared;
}
