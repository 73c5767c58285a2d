import { describe, expect, it } from 'vitest';
import { BotCheckChallengeSchema, isBotCheckLocalLimitExceeded } from './bot-check.ts';

const now = 1_750_000_000;

describe('isBotCheckLocalLimitExceeded', () => {
  it('is exceeded by three stamps within the last hour', () => {
    expect(isBotCheckLocalLimitExceeded([now - 3599, now - 60, now], now)).toBe(true);
  });

  it('is not exceeded by two stamps, or when one of three is an hour old', () => {
    expect(isBotCheckLocalLimitExceeded([now - 60, now], now)).toBe(false);
    expect(isBotCheckLocalLimitExceeded([now - 3600, now - 60, now], now)).toBe(false);
    expect(isBotCheckLocalLimitExceeded([], now)).toBe(false);
  });
});

describe('BotCheckChallengeSchema', () => {
  it('carries an ALTCHA challenge untouched, or nothing when off', () => {
    const altcha = { algorithm: 'SHA-256', challenge: 'abc', maxnumber: 50000, salt: 's', signature: 'x' };
    expect(
      BotCheckChallengeSchema.parse({ provider: 'altcha', challenge: altcha, site_key: null }).challenge,
    ).toEqual(altcha);
    expect(
      BotCheckChallengeSchema.safeParse({ provider: 'off', challenge: null, site_key: null }).success,
    ).toBe(true);
    expect(
      BotCheckChallengeSchema.safeParse({ provider: 'hcaptcha', challenge: null, site_key: null }).success,
    ).toBe(false);
  });
});
