import { describe, expect, it } from 'vitest';
import { renamedPath } from './renamedUser.ts';

describe('renamedPath', () => {
  it.each([
    ['/old_nora/', 'old_nora', 'new_nora', '/new_nora/'],
    ['/Old_Nora/_created/', 'Old_Nora', 'new_nora', '/new_nora/_created/'],
    ['/old_nora/garden/', 'old_nora', 'new_nora', '/new_nora/garden/'],
    ['/old_nora/garden/climbers/', 'old_nora', 'new_nora', '/new_nora/garden/climbers/'],
  ])('leads %s to the new name', (pathname, requested, current, expected) => {
    expect(renamedPath(pathname, requested, current)).toBe(expected);
  });

  it('says nothing for the same name in another case, or an address not under it', () => {
    expect(renamedPath('/Nora/', 'Nora', 'nora')).toBeNull();
    expect(renamedPath('/pin/1/', 'old_nora', 'new_nora')).toBeNull();
  });
});
