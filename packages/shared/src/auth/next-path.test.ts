import { describe, expect, it } from 'vitest';
import { safeNextPath } from './next-path.ts';

describe('safeNextPath', () => {
  it.each([['/'], ['/pin/123/'], ['/ada/recipes?sort=new#top'], ['/search/pins/?q=a%2F%2Fb']])(
    'keeps the same-site path %s',
    (path) => {
      expect(safeNextPath(path)).toBe(path);
    },
  );

  it.each([
    ['//evil.com'],
    ['/\\evil.com'],
    ['/\t/evil.com'],
    ['/\n/evil.com'],
    ['https://evil.com/'],
    ['javascript:alert(1)'],
    ['evil.com'],
    [''],
    [null],
    [undefined],
  ])('falls back for %j', (next) => {
    expect(safeNextPath(next)).toBe('/');
    expect(safeNextPath(next, '/ada')).toBe('/ada');
  });
});
