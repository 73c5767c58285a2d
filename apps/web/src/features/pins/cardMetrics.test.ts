import { describe, expect, it } from 'vitest';
import { buildPin } from '../../test/pins.ts';
import { cardHeight, cardImageHeight, countTitleLines } from './cardMetrics.ts';

// Every character 10 px wide, a space too: easy widths to reason about.
const measure = (text: string) => text.length * 10;

describe('cardImageHeight', () => {
  it('keeps the stored 236x rendition’s aspect ratio at the card’s width', () => {
    const pin = buildPin();
    const images = { ...pin.images, '236x': { url: '/a.jpg', width: 236, height: 420 } };

    expect(cardImageHeight({ ...pin, images }, 236)).toBe(420);
    expect(cardImageHeight({ ...pin, images }, 118)).toBe(210);
  });

  it('falls back to a square when the stored size is missing', () => {
    const pin = buildPin();
    const images = { ...pin.images, '236x': { url: '/a.jpg', width: 0, height: 0 } };

    expect(cardImageHeight({ ...pin, images }, 236)).toBe(236);
  });
});

describe('countTitleLines', () => {
  it('wraps between words and stops at two lines', () => {
    expect(countTitleLines('', 100, measure)).toBe(0);
    expect(countTitleLines('one two', 100, measure)).toBe(1);
    // "one two" is 70 px; adding " three" would make 130.
    expect(countTitleLines('one two three', 100, measure)).toBe(2);
    expect(countTitleLines('one two three four five six seven', 100, measure)).toBe(2);
  });

  it('breaks a word wider than the line', () => {
    expect(countTitleLines('abcdefghijklmno', 100, measure)).toBe(2);
    expect(countTitleLines('abcdefgh', 100, measure)).toBe(1);
  });
});

describe('cardHeight', () => {
  it('adds the title lines and the pinner row to the image', () => {
    const titled = buildPin({ title: 'Short' });
    const untitled = buildPin({ title: '' });
    // 236 × 1.5 image, 8 px padding, 20 px per title line, 32 px pinner row.
    expect(cardHeight(titled, 236, measure)).toBe(354 + 8 + 20 + 32);
    expect(cardHeight(untitled, 236, measure)).toBe(354 + 8 + 32);
    expect(cardHeight(buildPin({ title: 'word '.repeat(20) }), 236, measure)).toBe(354 + 8 + 40 + 32);
  });
});
