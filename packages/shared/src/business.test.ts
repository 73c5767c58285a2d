import { describe, expect, it } from 'vitest';
import { BUSINESS_PERMISSIONS, mayActAs, roleMay, ROLE_PERMISSIONS, sortProfilesByName } from './business.ts';

describe('business roles', () => {
  it('writes down what each role may do', () => {
    expect(ROLE_PERMISSIONS.OWNER).toEqual([...BUSINESS_PERMISSIONS]);
    expect(roleMay('ADMIN', 'manage_people')).toBe(true);
    expect(roleMay('CAMPAIGN_MANAGER', 'manage_ads')).toBe(true);
    expect(roleMay('CAMPAIGN_MANAGER', 'manage_billing')).toBe(false);
    expect(roleMay('CAMPAIGN_MANAGER', 'manage_people')).toBe(false);
    expect(roleMay('ANALYST', 'view_ads')).toBe(true);
    expect(roleMay('ANALYST', 'manage_ads')).toBe(false);
  });

  it('lets a person act as a profile as its owner or with two-factor login on', () => {
    expect(mayActAs({ permissions: ['OWNER'], viewerMeetsMfaRequirement: false })).toBe(true);
    expect(mayActAs({ permissions: ['ADMIN'], viewerMeetsMfaRequirement: false })).toBe(false);
    expect(mayActAs({ permissions: ['ANALYST'], viewerMeetsMfaRequirement: true })).toBe(true);
  });

  it('sorts profiles by business name alphabetically', () => {
    const profile = (businessName: string) => ({ user: { businessName } });
    expect(
      sortProfilesByName([profile('zeta'), profile('Alpha'), profile('Émile'), profile('beta')]).map(
        (p) => p.user.businessName,
      ),
    ).toEqual(['Alpha', 'beta', 'Émile', 'zeta']);
  });
});
