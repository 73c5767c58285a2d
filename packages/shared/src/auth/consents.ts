import { z } from 'zod';

/** The boxes Next needs (docs/product/accounts.md#consent). */
export const CONSENT_KEYS_REQUIRED = [
  'terms',
  'collectionUsePersonalInfo',
  'thirdPartyProvisionPersonalInfo',
  'overseasTransferPersonalInfo',
] as const;
export const CONSENT_KEYS_OPTIONAL = ['optionalMarketingConsent'] as const;
export const CONSENT_KEYS = [...CONSENT_KEYS_REQUIRED, ...CONSENT_KEYS_OPTIONAL] as const;
export type ConsentKey = (typeof CONSENT_KEYS)[number];

export const ConsentStateSchema = z.strictObject({
  terms: z.boolean(),
  collectionUsePersonalInfo: z.boolean(),
  thirdPartyProvisionPersonalInfo: z.boolean(),
  overseasTransferPersonalInfo: z.boolean(),
  optionalMarketingConsent: z.boolean(),
  agreeToAll: z.boolean(),
});
export type ConsentState = z.infer<typeof ConsentStateSchema>;

/** Every box unticked: how the consent step opens. */
export const NO_CONSENTS: ConsentState = {
  terms: false,
  collectionUsePersonalInfo: false,
  thirdPartyProvisionPersonalInfo: false,
  overseasTransferPersonalInfo: false,
  optionalMarketingConsent: false,
  agreeToAll: false,
};

function allSetTo(value: boolean): ConsentState {
  return Object.fromEntries([...CONSENT_KEYS, 'agreeToAll'].map((key) => [key, value])) as ConsentState;
}

/**
 * The state after a click on one box (docs/product/accounts.md#consent): 'Agree to
 * all' ticks every box and unticking it clears them all; unticking any box clears 'Agree to
 * all'; ticking the last unticked box sets it.
 */
export function toggleConsent(state: ConsentState, key: ConsentKey | 'agreeToAll'): ConsentState {
  if (key === 'agreeToAll') return allSetTo(!state.agreeToAll);
  const next = { ...state, [key]: !state[key] };
  return { ...next, agreeToAll: CONSENT_KEYS.every((k) => next[k]) };
}

/** Next is enabled when the four required boxes are ticked; the optional one is not needed. */
export function canSubmitConsents(state: ConsentState): boolean {
  return CONSENT_KEYS_REQUIRED.every((key) => state[key]);
}
