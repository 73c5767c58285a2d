import type { Pin } from '@pinboard/shared';
import { describe, expect, it } from 'vitest';
import { homePageAdditions } from '../src/modules/feed/home-page-html.ts';

/** A pin as far as the home page's preview and preloads read it: its pictures' sizes. */
function pin(id: number, height: number): Pin {
  const rendition = (width: number) => ({
    url: `/media/${id}-${width}.jpg`,
    width,
    height: Math.round((height * width) / 236),
  });
  return {
    id: String(id),
    dominant_color: '#aabbcc',
    images: { '236x': rendition(236), '474x': rendition(474) },
  } as unknown as Pin;
}

/** Whether a media query list of `(min-width: Apx)` / `(max-width: Bpx)` terms matches a window. */
function matches(media: string, width: number): boolean {
  return media.split(', ').some((query) =>
    query.split(' and ').every((term) => {
      const [, kind, px] = /\((min|max)-width: (\d+)px\)/.exec(term)!;
      return kind === 'min' ? width >= Number(px) : width <= Number(px);
    }),
  );
}

/** The picture each window width preloads. */
function preloadedAt(pins: Pin[], width: number): string[] {
  const { preloads } = homePageAdditions({ json: '{}', pins, pageSize: 25 }, null);
  return [...(preloads ?? '').matchAll(/href="([^"]+)"[^>]* media="([^"]*)"/g)]
    .filter(([, , media]) => media === '' || matches(media!, width))
    .map(([, href]) => href!);
}

describe("the home page's first picture", () => {
  // Heights: the second pin is the tallest of the first three, the fifth the tallest of all.
  const pins = [pin(1, 200), pin(2, 400), pin(3, 300), pin(4, 250), pin(5, 600), pin(6, 100), pin(7, 100)];

  it('is the tallest of the first row that the window lays out', () => {
    // Two columns on a phone, three from 772 px, four from 1,024 px: the second pin.
    expect(preloadedAt(pins, 375)).toEqual(['/media/2-236.jpg']);
    expect(preloadedAt(pins, 800)).toEqual(['/media/2-236.jpg']);
    expect(preloadedAt(pins, 1275)).toEqual(['/media/2-236.jpg']);
    // Five columns from 1,276 px (the home feed makes the one-tap card's column only when the card
    // arrives): the fifth.
    expect(preloadedAt(pins, 1276)).toEqual(['/media/5-236.jpg']);
    expect(preloadedAt(pins, 2400)).toEqual(['/media/5-236.jpg']);
  });
});
