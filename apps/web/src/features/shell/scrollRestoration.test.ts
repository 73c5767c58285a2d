import { describe, expect, it } from 'vitest';
import { startingScroll } from './scrollRestoration.ts';

describe('where a page starts', () => {
  it('a new page starts at the top, however far the last one was scrolled', () => {
    expect(startingScroll('PUSH', false, undefined)).toBe(0);
    expect(startingScroll('PUSH', true, 4000)).toBe(0);
    expect(startingScroll('REPLACE', false, 4000)).toBe(0);
  });

  it('Back and Forward return to the saved place', () => {
    expect(startingScroll('POP', false, 4321)).toBe(4321);
    expect(startingScroll('POP', false, undefined)).toBeNull();
  });

  it('a replaced entry of the same page stays where it is', () => {
    expect(startingScroll('REPLACE', true, undefined)).toBeNull();
  });
});
