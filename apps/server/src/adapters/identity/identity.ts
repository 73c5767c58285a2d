import type { SocialProvider } from '@pinboard/shared';
import type { Executor } from '../../db/client.ts';

/**
 * Sign-in through outside OpenID providers (decision 21): the social providers and SSO domains.
 * A provider key is a social provider's name or `sso:<domain>`.
 */
export type ProviderKey = SocialProvider | `sso:${string}`;

/** What a provider vouched for, after every check. */
export interface VerifiedIdentity {
  provider: ProviderKey;
  issuer: string;
  subject: string;
  /** Null when the person shared none (EmailCollection). Lower-cased. */
  email: string | null;
  givenName: string;
  familyName: string;
  /** The display name the provider gave ('' when none). */
  name: string;
  /** YYYY-MM-DD, or null when the person shared none (socialSignupWithAge). */
  birthdate: string | null;
  gender: 'female' | 'male' | 'unknown' | null;
  picture: string | null;
}

/** A verified ID token that came from the browser: its identity and its nonce (consumed at sign-in). */
export interface VerifiedIdToken {
  identity: VerifiedIdentity;
  nonce: string;
}

export type FlowPurpose = 'login' | 'link' | 'one_tap';

/** What a finished code flow gives the popup to hand to its opener. */
export interface FinishedFlow {
  provider: ProviderKey;
  purpose: FlowPurpose;
  idToken: string;
  accessToken: string;
  identity: VerifiedIdentity;
}

export interface IdentityProviders {
  /** Whether a social provider's button can work here, and whether the development IdP serves it. */
  status(provider: SocialProvider): { available: boolean; standin: boolean };
  /**
   * Starts an authorization-code flow for this browser (`browserHash`: SHA-256 of its
   * `oidc_browser` cookie): stores state, nonce and PKCE verifier in `oidc_flows` and returns the
   * provider's authorization URL. `provider_unavailable` when discovery fails;
   * `signup_method_unavailable` for a provider that is neither configured nor stood in for.
   */
  startFlow(input: {
    provider: ProviderKey;
    browserHash: string;
    purpose: FlowPurpose;
    /** Extra authorization parameters, e.g. `{ login_hint, prompt }`. */
    params?: Record<string, string>;
  }): Promise<{ authorizationUrl: string; state: string }>;
  /**
   * Finishes a flow from the redirect's query (`code`, `state`, or `error`): the state must be an
   * unfinished flow of this browser and provider; the code is exchanged with the PKCE verifier,
   * the ID token verified with jose and its nonce checked. Errors: `oidc_state_invalid`,
   * `social_token_invalid`, `provider_unavailable`, and `access_denied` as an AppError
   * `social_token_invalid` with detail 'access_denied'.
   */
  finishFlow(input: {
    provider: ProviderKey;
    browserHash: string;
    query: Record<string, string | undefined>;
  }): Promise<FinishedFlow>;
  /**
   * An ID token posted by the browser (login, register, link): signature against the issuer's
   * keys, `iss`, `aud`, `exp`, and a nonce belonging to a finished, unconsumed flow of this browser
   * for this provider. Anything else is `social_token_invalid`.
   */
  verifyIdToken(input: {
    provider: ProviderKey;
    idToken: string;
    browserHash: string;
  }): Promise<VerifiedIdToken>;
  /**
   * Facebook's pair: the access token is checked at the provider's userinfo endpoint and its `sub`
   * must equal `subject`. `social_token_invalid` otherwise. `subject: null` (profile_data, which
   * gets the access token alone) takes whoever the provider says the token belongs to.
   */
  verifyAccessToken(input: {
    provider: ProviderKey;
    accessToken: string;
    subject: string | null;
  }): Promise<VerifiedIdentity>;
  /**
   * Marks the flow that issued `nonce` as having signed someone in, in the sign-in's transaction.
   * False when it already had (a replay): the caller then refuses with `social_token_invalid`.
   */
  consumeNonce(tx: Executor, nonce: string, now: Date): Promise<boolean>;
  /** The redirect URI registered for a provider (the popup callback). */
  redirectUri(provider: ProviderKey): string;
}

/** The browser-binding cookie of decision 21 (HttpOnly, SameSite=Lax), set when a flow starts. */
export const OIDC_BROWSER_COOKIE = '_pinboard_oidc';

/** Where a provider sends the browser back: the popup callback, or the SSO callback page. */
export function callbackUrl(publicUrl: string, provider: ProviderKey): string {
  return provider.startsWith('sso:')
    ? `${publicUrl}/sso/callback/`
    : `${publicUrl}/connect/${provider}/callback/`;
}
