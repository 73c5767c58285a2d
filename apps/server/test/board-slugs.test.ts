import { describe, expect, it } from 'vitest';
import { firstFreeSlug, slugOf } from '../src/modules/boards/slugs.ts';

describe('slugOf', () => {
  it.each([
    ['Kitchen Ideas', 'kitchen-ideas'],
    ['  Road Trip!! 2026 ', 'road-trip-2026'],
    ['Café Déco', 'cafe-deco'],
    ['旅行 Tokyo', '旅行-tokyo'],
    ['_created', 'created'],
    ['!!!', 'board'],
    ['', 'board'],
  ])('%j → %j', (name, slug) => {
    expect(slugOf(name, 'board')).toBe(slug);
  });

  it('keeps slugs short and never ends them with a dash', () => {
    const slug = slugOf(`${'a'.repeat(59)} b`, 'board');
    expect(slug).toBe('a'.repeat(59));
  });
});

describe('firstFreeSlug', () => {
  it('takes the base, else the first free numbered one', () => {
    expect(firstFreeSlug('lamps', new Set())).toBe('lamps');
    expect(firstFreeSlug('lamps', new Set(['lamps', 'lamps-2', 'lamps-4']))).toBe('lamps-3');
  });
});
