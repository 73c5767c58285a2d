/**
 * Sign-up and login numbers (docs/product/accounts.md#limits), in one place for the server and the web.
 * Durations are milliseconds unless the name says otherwise.
 */
export const AUTH_LIMITS = {
  /** 8 (an earlier rule set allowed 6); the server's password rules may say otherwise. */
  passwordMinLength: 8,
  firstNameMaxLength: 30,
  maxAgeYears: 120,
  minAgeYears: 13,
  lockoutMinutes: 30,
  debounceMs: 300,
  /** The typo hint shows only for emails shorter than this. */
  typoHintMaxLength: 60,
  toastMs: { emailSent: 3500, consent: 3500, underage: 3500, error: 3000, modalFlow: 5000 },
  underageRedirectMs: 4000,
  modalWidth: 484,
  formWidth: 268,
  mfaWidth: 489,
  botCheckRefreshMs: 105_000,
  /** The local bot-check limit: this many stored stamps within the window is too many. */
  botCheckLocalLimit: { stamps: 3, windowSeconds: 3600 },
  /** How long the web's `underage=1` cookie lives (it expires; docs/product/accounts.md#underage). */
  underageFlagDays: 1,
} as const;
