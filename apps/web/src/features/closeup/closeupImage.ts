import type { Pin } from '@pinboard/shared';
import { VIEWPORT_MEDIUM_MAX, VIEWPORT_MEDIUM_MIN } from '@pinboard/shared/chrome';

/*
 * Closeup pane widths (508 pane, 1016 max, 488, 992, 672, 1176, 740, 912; docs/product/pins.md#limits),
 * by viewport class (narrow < 870, medium 870–1275, wide > 1275):
 *
 *   narrow   image above details, one column of at most 740 (the 736x rendition plus a hairline)
 *   medium   image pane 488 beside the details, card at most 992 (two 488 panes and a 16 gap);
 *            at the low end of medium the details pane takes what is left (at least ~350)
 *   wide     two 508 panes, card 1016; a landscape image gets the 672 pane and a 1176 card
 *            (672 + 504 of details)
 *
 * 912 (the real product's medium card for landscape images) is not used: at medium widths a
 * landscape image already fills the 488 pane. PinCloseup.module.css holds the same numbers.
 */
export const CLOSEUP_PANE = { narrow: 740, medium: 488, wide: 508, wideLandscape: 672 } as const;

/** Wider than this (width / height) counts as landscape and gets the wide landscape pane. */
const LANDSCAPE_RATIO = 1.2;

export function isLandscape(pin: Pin): boolean {
  const { width, height } = pin.images['736x'];
  return height > 0 && width / height > LANDSCAPE_RATIO;
}

/** Every rendition once per width (small originals are not upscaled, so widths can repeat). */
export function imageSrcSet(pin: Pin): string {
  const seen = new Set<number>();
  const candidates: string[] = [];
  for (const rendition of [pin.images['236x'], pin.images['474x'], pin.images['736x'], pin.images.orig]) {
    if (seen.has(rendition.width)) continue;
    seen.add(rendition.width);
    candidates.push(`${rendition.url} ${rendition.width}w`);
  }
  return candidates.join(', ');
}

/** The `sizes` attribute: the image pane's width in each viewport class. */
export function imageSizes(pin: Pin): string {
  const wide = isLandscape(pin) ? CLOSEUP_PANE.wideLandscape : CLOSEUP_PANE.wide;
  return [
    `(min-width: ${VIEWPORT_MEDIUM_MAX + 1}px) ${wide}px`,
    `(min-width: ${VIEWPORT_MEDIUM_MIN}px) ${CLOSEUP_PANE.medium}px`,
    `(min-width: ${CLOSEUP_PANE.narrow}px) ${CLOSEUP_PANE.narrow}px`,
    '100vw',
  ].join(', ');
}
