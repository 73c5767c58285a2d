import { decodeJwt } from 'jose';
import {
  SOCIAL_PROVIDERS,
  type ExperimentGroups,
  type LoginBody,
  type SocialProvider,
  type SocialRegisterBody,
} from '@pinboard/shared';
import type { ProviderKey, VerifiedIdentity } from '../../../adapters/identity/identity.ts';
import type { Executor } from '../../../db/client.ts';
import { AppError } from '../../../lib/app-error.ts';
import { findFlowProvider } from '../../../adapters/identity/flows.repository.ts';
import type { MfaDeps } from '../mfa/mfa.service.ts';

/** What the social sign-in services need: sign-in's (the identity providers among them) and two-factor's. */
export type SocialDeps = MfaDeps;

/** The viewer's experiment groups, asked only when a rule needs them (it may set a cookie). */
export type ExperimentsOf = () => Promise<ExperimentGroups>;

/** A provider's answer as the browser posted it: an ID token, or Facebook's id and access token. */
export type SocialCredentials =
  | { kind: 'id_token'; provider: 'google' | 'line' | 'sso'; idToken: string }
  | { kind: 'facebook'; subject: string; accessToken: string };

/** A provider's identity after every check, and the nonce to consume at sign-in (null for Facebook). */
export interface VerifiedCredentials {
  identity: VerifiedIdentity;
  nonce: string | null;
}

/** The provider's token of a `POST /v3/login/` body (the schema let exactly a token through). */
export function credentialsOfLogin(body: LoginBody): SocialCredentials {
  const tokens = [body.google_open_id_token, body.line_id_token, body.sso_id_token, body.facebook_token];
  if (tokens.filter((token) => token !== undefined).length > 1) throw new AppError('invalid_request');
  if (body.google_open_id_token) return idToken('google', body.google_open_id_token);
  if (body.line_id_token) return idToken('line', body.line_id_token);
  if (body.sso_id_token) return idToken('sso', body.sso_id_token);
  if (!body.facebook_id || !body.facebook_token) throw new AppError('social_token_invalid');
  return { kind: 'facebook', subject: body.facebook_id, accessToken: body.facebook_token };
}

/** The provider's token of a social `POST /v3/register/` body. */
export function credentialsOfRegister(body: SocialRegisterBody): SocialCredentials {
  switch (body.type) {
    case 'google':
    case 'google_one_tap':
      return idToken('google', body.google_open_id_token);
    case 'line':
      return idToken('line', body.line_id_token);
    case 'sso':
      return idToken('sso', body.sso_id_token);
    case 'facebook':
      return { kind: 'facebook', subject: body.facebook_id, accessToken: body.facebook_token };
  }
}

const idToken = (provider: 'google' | 'line' | 'sso', token: string): SocialCredentials => ({
  kind: 'id_token',
  provider,
  idToken: token,
});

/** The social provider (or 'sso') credentials are for. */
export const providerOfCredentials = (credentials: SocialCredentials): SocialProvider | 'sso' =>
  credentials.kind === 'facebook' ? 'facebook' : credentials.provider;

/** Whether the experiment that hides this provider's login is on for the viewer. */
export async function isLoginDisabled(provider: SocialProvider | 'sso', experiments: ExperimentsOf) {
  if (provider !== 'facebook' && provider !== 'google') return false;
  const groups = await experiments();
  const name = provider === 'facebook' ? 'web_disable_facebook_login' : 'web_disable_google_login';
  return groups[name] === 'enabled';
}

/**
 * Checks what the browser posted (decision 21). ID tokens: signature, issuer, audience, expiry,
 * and a nonce of a finished, unconsumed flow this browser started for that provider; a browser
 * without the `oidc_browser` cookie started none. Facebook: the access token at the provider's
 * userinfo endpoint, whose subject must be `facebook_id`. Anything else is `social_token_invalid`;
 * a provider that is neither configured nor stood in for is `signup_method_unavailable`.
 */
export async function verifyCredentials(
  deps: SocialDeps,
  credentials: SocialCredentials,
  browserHash: string | null,
): Promise<VerifiedCredentials> {
  const social = providerOfCredentials(credentials);
  if (social !== 'sso' && !deps.identity.status(social).available) {
    throw new AppError('signup_method_unavailable', { field: 'type' });
  }
  if (credentials.kind === 'facebook') {
    const identity = await deps.identity.verifyAccessToken({
      provider: 'facebook',
      accessToken: credentials.accessToken,
      subject: credentials.subject,
    });
    return { identity: expectProvider(identity, 'facebook'), nonce: null };
  }
  if (!browserHash) throw new AppError('social_token_invalid');
  const provider =
    credentials.provider === 'sso' ? await ssoProviderOf(deps.db, credentials.idToken) : credentials.provider;
  const verified = await deps.identity.verifyIdToken({ provider, idToken: credentials.idToken, browserHash });
  return { identity: expectProvider(verified.identity, provider), nonce: verified.nonce };
}

/**
 * Which SSO domain an `sso_id_token` is for. The token's claims are read unverified only to
 * choose the flow its nonce names; that flow's provider is then verified in full (its issuer's
 * keys, its client id as audience, the nonce bound to this browser), so a forged nonce can only
 * pick a check that fails. Matching by the token's `iss`/`aud` instead would be ambiguous when
 * one organisation registers several domains with one client.
 */
async function ssoProviderOf(db: Executor, token: string): Promise<ProviderKey> {
  let nonce: unknown;
  try {
    nonce = decodeJwt(token).nonce;
  } catch {
    throw new AppError('social_token_invalid');
  }
  const provider =
    typeof nonce === 'string' && nonce.length <= 256 ? await findFlowProvider(db, { nonce }) : null;
  if (!provider?.startsWith('sso:')) throw new AppError('social_token_invalid');
  return provider as ProviderKey;
}

function expectProvider(identity: VerifiedIdentity, provider: ProviderKey): VerifiedIdentity {
  if (identity.provider !== provider) throw new AppError('social_token_invalid');
  return identity;
}

/**
 * Marks the token's nonce used, in the sign-in's (or link's) transaction; a nonce already used
 * (a replayed token) refuses with `social_token_invalid`, rolling the transaction back.
 */
export async function consumeNonceOrRefuse(
  deps: Pick<SocialDeps, 'identity'>,
  tx: Executor,
  nonce: string | null,
  now: Date,
): Promise<void> {
  if (nonce !== null && !(await deps.identity.consumeNonce(tx, nonce, now))) {
    throw new AppError('social_token_invalid');
  }
}

/** The provider name a settings call names, checked against the list (ours: the route param). */
export const isSocialProvider = (value: string): value is SocialProvider =>
  (SOCIAL_PROVIDERS as readonly string[]).includes(value);
