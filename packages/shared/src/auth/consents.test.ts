import { describe, expect, it } from 'vitest';
import { NO_CONSENTS, canSubmitConsents, toggleConsent, type ConsentState } from './consents.ts';

const REQUIRED_ONLY: ConsentState = {
  ...NO_CONSENTS,
  terms: true,
  collectionUsePersonalInfo: true,
  thirdPartyProvisionPersonalInfo: true,
  overseasTransferPersonalInfo: true,
};
const ALL: ConsentState = { ...REQUIRED_ONLY, optionalMarketingConsent: true, agreeToAll: true };

describe('toggleConsent', () => {
  it("ticks every box with 'Agree to all'", () => {
    expect(toggleConsent(NO_CONSENTS, 'agreeToAll')).toEqual(ALL);
    expect(toggleConsent({ ...NO_CONSENTS, terms: true }, 'agreeToAll')).toEqual(ALL);
  });

  it("clears every box when 'Agree to all' is unticked", () => {
    expect(toggleConsent(ALL, 'agreeToAll')).toEqual(NO_CONSENTS);
  });

  it("clears 'Agree to all' when any box is unticked", () => {
    expect(toggleConsent(ALL, 'optionalMarketingConsent')).toEqual(REQUIRED_ONLY);
    expect(toggleConsent(ALL, 'terms')).toEqual({ ...ALL, terms: false, agreeToAll: false });
  });

  it("sets 'Agree to all' when the last box is ticked", () => {
    expect(toggleConsent(REQUIRED_ONLY, 'optionalMarketingConsent')).toEqual(ALL);
  });

  it('ticks one box alone otherwise', () => {
    expect(toggleConsent(NO_CONSENTS, 'terms')).toEqual({ ...NO_CONSENTS, terms: true });
  });
});

describe('canSubmitConsents', () => {
  it('needs the four required boxes and not the optional one', () => {
    expect(canSubmitConsents(NO_CONSENTS)).toBe(false);
    expect(canSubmitConsents({ ...REQUIRED_ONLY, overseasTransferPersonalInfo: false })).toBe(false);
    expect(canSubmitConsents(REQUIRED_ONLY)).toBe(true);
    expect(canSubmitConsents(ALL)).toBe(true);
  });
});
