import { AUTH_STEPS, type AuthStep } from '@pinboard/shared';
import type { LoginCredentials } from './useLoginAttempt.ts';

/**
 * The steps this modal shows: the product's, the forgot-password form, the account-recovery modals (one step,
 * by code; docs/product/accounts.md#account-recovery), and 'Oops! {provider} isn't available'.
 */
export type FlowStep =
  Exclude<AuthStep, 'respondMessage'> | 'forgotPassword' | 'recovery' | 'providerUnavailable';

const TRACKED_STEPS = new Set<string>(AUTH_STEPS);

/** The steps analytics events can name (the product's own). */
export function isAuthStep(step: FlowStep): step is Extract<FlowStep, AuthStep> {
  return TRACKED_STEPS.has(step);
}

/** What the sign-up form holds, kept while the visitor visits the consent or underage steps. */
export interface SignupDraft {
  email: string;
  password: string;
  /** As the date input gives it: YYYY-MM-DD, or ''. */
  birthday: string;
}

export const EMPTY_DRAFT: SignupDraft = { email: '', password: '', birthday: '' };

/** A sign-up failure to show once the form is back: an error code on a field, or for the form. */
export interface SignupFailure {
  field: 'email' | 'password' | 'birthday' | 'form';
  code: string;
}

/** Unix seconds of UTC midnight of a YYYY-MM-DD day; undefined for '' or a malformed day. */
export function birthdaySeconds(day: string): number | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return undefined;
  const [, year, month, date] = match.map(Number) as [number, number, number, number];
  const ms = Date.UTC(year, month - 1, date);
  return Number.isNaN(ms) ? undefined : Math.floor(ms / 1000);
}

/** The credentials a two-factor login repeats with its code (a password or a provider's token), and where the code went. */
export interface MfaChallenge {
  credentials: LoginCredentials;
  phoneNumberEnd: string;
  /** Set when no code went out: the texting cap was reached (`mfa_send_limited`). */
  sendLimit?: MfaSendLimit;
}

/** A `mfa_send_limited` login answer: no text was sent; whether the account has backup codes left. */
export interface MfaSendLimit {
  backupCodes: boolean;
}
