import type { Pin } from '@pinboard/shared';

/*
 * The card's box model in pixels, shared by the layout (which must know every card's height
 * before it renders) and PinCard.module.css (which must draw exactly that height). Change
 * both together.
 */
export const CARD_TEXT_PADDING_TOP = 8;
export const CARD_TEXT_PADDING_X = 6;
export const TITLE_FONT_SIZE = 14;
export const TITLE_FONT_WEIGHT = 600;
export const TITLE_LINE_HEIGHT = 20;
export const TITLE_MAX_LINES = 2;
export const PINNER_ROW_HEIGHT = 32;

/** Width of a string in the title's font, in pixels. */
export type MeasureText = (text: string) => number;

/** The image's height at `width`, from the stored 236x rendition's size: known before it loads. */
export function cardImageHeight(pin: Pin, width: number): number {
  const { width: storedWidth, height: storedHeight } = pin.images['236x'];
  if (storedWidth <= 0 || storedHeight <= 0) return width;
  return Math.round((width * storedHeight) / storedWidth);
}

/**
 * How many lines the title wraps to at `maxWidth` (at most TITLE_MAX_LINES; longer titles are
 * cut with an ellipsis), breaking between words like the browser does, and inside a word only
 * when it is wider than a line (`overflow-wrap: anywhere`).
 */
export function countTitleLines(title: string, maxWidth: number, measure: MeasureText): number {
  const words = title.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return 0;
  const spaceWidth = measure(' ');
  let lines = 1;
  let lineWidth = 0;
  for (const word of words) {
    const wordWidth = measure(word);
    const needed = lineWidth === 0 ? wordWidth : lineWidth + spaceWidth + wordWidth;
    if (needed <= maxWidth) {
      lineWidth = needed;
      continue;
    }
    if (lineWidth > 0) {
      lines++;
      lineWidth = 0;
    }
    if (wordWidth <= maxWidth) {
      lineWidth = wordWidth;
    } else {
      // A word wider than a line fills whole lines and continues on the next one.
      lines += Math.ceil(wordWidth / maxWidth) - 1;
      lineWidth = wordWidth % maxWidth || maxWidth;
    }
    if (lines >= TITLE_MAX_LINES) return TITLE_MAX_LINES;
  }
  return Math.min(lines, TITLE_MAX_LINES);
}

/** Lines the card gives its title; one pixel of slack absorbs rounding between canvas and layout. */
export function titleLines(pin: Pin, width: number, measure: MeasureText): number {
  return countTitleLines(pin.title, width - 2 * CARD_TEXT_PADDING_X - 1, measure);
}

/** The card's full height: image, title lines and pinner row. */
export function cardHeight(pin: Pin, width: number, measure: MeasureText): number {
  return (
    cardImageHeight(pin, width) +
    CARD_TEXT_PADDING_TOP +
    titleLines(pin, width, measure) * TITLE_LINE_HEIGHT +
    PINNER_ROW_HEIGHT
  );
}
