import type { SocialProvider, Viewer } from '@pinboard/shared';
import { ApiRequestError } from '../../../api/client.ts';
import type { MfaSendLimit, SignupFailure } from '../flow.ts';
import { loginOutcomeOfError, type LoginOutcome } from '../loginOutcome.ts';
import type { RecoveryModalCode } from '../recovery.ts';
import { providerOf, reportedEmail, type SocialCredential, type SocialSignup } from './credentials.ts';
import { PopupError } from './popup.ts';

/** The button a social error reads under: a provider's, or single sign-on's. */
export type SocialSlot = SocialProvider | 'sso';

/**
 * A message for a provider's button (or the step that asked). `code` is an error code of the
 * catalogue, a popup failure (`popup_blocked`, `popup_closed`, `access_denied`, `invalid_flow`)
 * or `window_undefined` (the SSO popup could not open).
 */
export interface SocialError {
  slot: SocialSlot;
  code: string;
}

/** The steps a social sign-up may still need (docs/product/accounts.md#sign-up). */
export type SocialSignupStep = 'socialSignupWithAge' | 'EmailCollection' | 'consents';

/** Where a social login or sign-up leads: the flow moves on, or a message stays where it was asked. */
export type SocialOutcome =
  /** Signed in; the flow's success ran (or the person walked away: nothing to say). */
  | { kind: 'done' }
  /** A sign-up in the modal made the account (the viewer is signed in): the interests step follows. */
  | { kind: 'signedUp'; viewer: Viewer }
  /**
   * One-tap signed in: the full-screen 'Welcome' state, then the success; when the call made the
   * account (`newAccount`), the interests step after it, as for any other sign-up.
   */
  | { kind: 'welcome'; viewer: Viewer; newAccount: boolean }
  | ({ kind: 'error' } & SocialError)
  | { kind: 'step'; step: SocialSignupStep; signup: SocialSignup; failure?: SignupFailure }
  | { kind: 'emailTaken'; signup: SocialSignup; email: string }
  | { kind: 'mfa'; credential: SocialCredential; phoneNumberEnd: string; sendLimit?: MfaSendLimit }
  | { kind: 'recovery'; code: RecoveryModalCode }
  | { kind: 'unavailable'; provider: SocialProvider }
  | { kind: 'underage'; signup: SocialSignup };

const slotOf = (credential: SocialCredential): SocialSlot => providerOf(credential) ?? 'sso';

/** A popup that gave no credential: its failure under its button, or the provider-down modal. */
export function outcomeOfPopup(slot: SocialSlot, error: unknown): SocialOutcome {
  if (error instanceof DOMException && error.name === 'AbortError') return { kind: 'done' };
  if (!(error instanceof PopupError)) return { kind: 'error', slot, code: 'internal' };
  if (error.code === 'provider_unavailable' && slot !== 'sso') return { kind: 'unavailable', provider: slot };
  // docs/product/accounts.md#sso: no window to open the organisation's page in.
  if (error.code === 'popup_blocked' && slot === 'sso')
    return { kind: 'error', slot, code: 'window_undefined' };
  return { kind: 'error', slot, code: error.code };
}

/** A social login's answer, placed as login errors are (docs/product/accounts.md#messages). */
export function outcomeOfLogin(outcome: LoginOutcome, credential: SocialCredential): SocialOutcome {
  if (outcome.kind === 'signedIn') return { kind: 'done' };
  if (outcome.kind === 'mfaNeeded') {
    const { phoneNumberEnd, sendLimit } = outcome;
    return { kind: 'mfa', credential, phoneNumberEnd, ...(sendLimit ? { sendLimit } : {}) };
  }
  const placement = outcome.error;
  switch (placement.kind) {
    case 'recovery':
      return { kind: 'recovery', code: placement.code };
    case 'facebook':
    case 'google':
      return { kind: 'error', slot: placement.kind, code: placement.code };
    case 'unavailable': {
      const provider = providerOf(credential);
      return provider
        ? { kind: 'unavailable', provider }
        : { kind: 'error', slot: 'sso', code: 'provider_unavailable' };
    }
    case 'field':
      return { kind: 'error', slot: slotOf(credential), code: placement.code };
    case 'tooQuick':
      return { kind: 'error', slot: slotOf(credential), code: 'login_too_quick' };
    case 'form':
    case 'socialSignup':
      return { kind: 'error', slot: slotOf(credential), code: 'internal' };
  }
}

const BIRTHDAY_CODES = new Set(['birthday_required', 'age_missing', 'birthday_invalid', 'overage']);
const EMAIL_CODES = new Set([
  'social_email_required',
  'email_required',
  'email_invalid_format',
  'email_excluded_domain',
  'email_invalid',
  'email_contains_product_name',
]);

/**
 * A social sign-up's failure (decision 21 'The web flow'): the step that collects what is
 * missing, EmailAlreadyExist, or the login placement of the rest (the prevent-register modals;
 * a one-tap sign-up of a known identity signs in, so it can answer like a login).
 */
export function outcomeOfSignup(error: unknown, signup: SocialSignup): SocialOutcome {
  const code = error instanceof ApiRequestError ? error.code : 'network_error';
  if (BIRTHDAY_CODES.has(code)) {
    // Asked for the first time, the step explains itself; a birthday it refused reads on the field.
    const first = code === 'birthday_required' || code === 'age_missing';
    const failure = signup.birthday || !first ? { field: 'birthday' as const, code } : undefined;
    return { kind: 'step', step: 'socialSignupWithAge', signup, ...(failure ? { failure } : {}) };
  }
  if (code === 'underage') return { kind: 'underage', signup };
  if (EMAIL_CODES.has(code)) {
    const failure =
      code === 'social_email_required' && !signup.email ? undefined : { field: 'email' as const, code };
    return { kind: 'step', step: 'EmailCollection', signup, ...(failure ? { failure } : {}) };
  }
  if (code === 'email_taken') {
    const named = error instanceof ApiRequestError ? error.data.email : undefined;
    const email =
      typeof named === 'string' ? named : (signup.email ?? reportedEmail(signup.credential) ?? '');
    return { kind: 'emailTaken', signup, email };
  }
  if (code === 'consent_required') return { kind: 'step', step: 'consents', signup };
  if (code === 'signup_failed' || code === 'network_error' || code === 'internal') {
    return { kind: 'error', slot: slotOf(signup.credential), code: 'signup_failed' };
  }
  return outcomeOfLogin(loginOutcomeOfError(error), signup.credential);
}
