import { describe, expect, it } from 'vitest';
import {
  assignExperimentGroups,
  bucketOf,
  EXPERIMENT_NAMES,
  groupForBucket,
  holdoutPeriods,
  HOLDOUT_GROUP,
  isExperimentGroup,
  isInHoldout,
} from './experiments.ts';

const noOverrides = { global: {}, unit: {} };
const november = new Date(Date.UTC(2026, 10, 21));

describe('experiment assignment', () => {
  it('is deterministic for a unit and covers every experiment', () => {
    const a = assignExperimentGroups('user:42', noOverrides, november);
    expect(assignExperimentGroups('user:42', noOverrides, november)).toEqual(a);
    expect(Object.keys(a).sort()).toEqual([...EXPERIMENT_NAMES].sort());
  });

  it('splits units by the weights', () => {
    const counts = { control: 0, enabled: 0, holdout: 0 } as Record<string, number>;
    for (let i = 0; i < 20_000; i++) {
      counts[assignExperimentGroups(`visitor:${i}`, noOverrides, november).web_login_qr_code!]!++;
    }
    const assigned = 20_000 - counts.holdout!;
    expect(counts.enabled! / assigned).toBeGreaterThan(0.08);
    expect(counts.enabled! / assigned).toBeLessThan(0.12);
    // About 2% are held out: 1% yearly and 1% half-yearly.
    expect(counts.holdout! / 20_000).toBeGreaterThan(0.012);
    expect(counts.holdout! / 20_000).toBeLessThan(0.03);
  });

  it('maps buckets onto weights in order, skipping zero weights', () => {
    expect(groupForBucket({ control: 50, unified: 50 }, 0)).toBe('control');
    expect(groupForBucket({ control: 50, unified: 50 }, 9_999)).toBe('unified');
    expect(groupForBucket({ control: 100, enabled: 0 }, 9_999)).toBe('control');
  });

  it('holds out the same units all year, and half-yearly units per half', () => {
    expect(holdoutPeriods(november)).toEqual({ yearly: 'holdout:2026', halfYearly: 'holdout:2026H2' });
    expect(holdoutPeriods(new Date(Date.UTC(2026, 2, 1))).halfYearly).toBe('holdout:2026H1');
    const yearly = Array.from({ length: 5_000 }, (_, i) => `user:${i}`).filter(
      (unit) => bucketOf('holdout:2026', unit) < 100,
    );
    expect(yearly.length).toBeGreaterThan(0);
    for (const unit of yearly) {
      expect(isInHoldout(unit, november)).toBe(true);
      expect(isInHoldout(unit, new Date(Date.UTC(2026, 0, 5)))).toBe(true);
      expect(assignExperimentGroups(unit, noOverrides, november).web_login_qr_code).toBe(HOLDOUT_GROUP);
      // Experiments that do not honour holdouts still assign by hash.
      expect(assignExperimentGroups(unit, noOverrides, november).web_disable_facebook_login).toBe('control');
    }
  });

  it('prefers a unit override to a global one, and both to the hash', () => {
    const groups = assignExperimentGroups(
      'user:7',
      {
        global: { web_login_qr_code: 'enabled', web_forgot_password_type: 'unified' },
        unit: { web_login_qr_code: 'control' },
      },
      november,
    );
    expect(groups.web_login_qr_code).toBe('control');
    expect(groups.web_forgot_password_type).toBe('unified');
  });

  it('knows which groups an experiment has', () => {
    expect(isExperimentGroup('web_login_qr_code', 'enabled')).toBe(true);
    expect(isExperimentGroup('web_login_qr_code', 'holdout')).toBe(true);
    expect(isExperimentGroup('web_login_qr_code', 'purple')).toBe(false);
    expect(isExperimentGroup('nope', 'control')).toBe(false);
  });
});
