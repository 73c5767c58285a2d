import { emailDomainOf, type SsoExchangeBody, type SsoExchangeResult, type SsoInfo } from '@pinboard/shared';
import type { ProviderKey } from '../../../adapters/identity/identity.ts';
import { findFlowProvider } from '../../../adapters/identity/flows.repository.ts';
import { AppError } from '../../../lib/app-error.ts';
import { findEmailAccount } from '../social/identities.repository.ts';
import { findSsoDomain } from './sso-domains.repository.ts';
import type { SocialDeps } from '../social/social-verify.ts';

/** Where the SSO popup's code goes (docs/product/accounts.md#api-calls). */
export const SSO_EXCHANGE_PATH = '/v3/sso/exchange/';

/**
 * `POST /v3/sso/info/` (docs/product/accounts.md#sso): whether the address's domain signs in through
 * its organisation, whether an account has the address, and whether that account already signs in
 * through the domain. For an SSO domain a flow starts for this browser (`bindBrowser` sets its
 * cookie), so `authorization_uri` already holds state, nonce and the PKCE challenge.
 */
export async function getSsoInfo(
  deps: SocialDeps,
  email: string,
  bindBrowser: () => string,
): Promise<SsoInfo> {
  const domain = emailDomainOf(email);
  const sso = await findSsoDomain(deps.db, domain);
  const account = await findEmailAccount(deps.db, email);
  if (!sso) {
    return {
      is_sso: false,
      existing_user: account !== null,
      existing_user_is_sso: false,
      authorization_uri: null,
      exchange_code_to_token_info_url: null,
      redirect_uri: null,
    };
  }
  const provider: ProviderKey = `sso:${sso.domain}`;
  const { authorizationUrl } = await deps.identity.startFlow({
    provider,
    browserHash: bindBrowser(),
    purpose: 'login',
    params: { login_hint: email },
  });
  return {
    is_sso: true,
    existing_user: account !== null,
    existing_user_is_sso: account?.providers.includes(provider) ?? false,
    authorization_uri: authorizationUrl,
    exchange_code_to_token_info_url: SSO_EXCHANGE_PATH,
    redirect_uri: deps.identity.redirectUri(provider),
  };
}

/**
 * `POST /v3/sso/exchange/`: the code and state the SSO popup received. The state names the flow,
 * and so the domain; the flow must be this browser's, unfinished and alive (`oidc_state_invalid`).
 * The code is exchanged with the PKCE verifier and the ID token verified; the answer's
 * `sso_id_token` then logs in (`sso_id_token`) or signs up (`type: 'sso'`).
 */
export async function exchangeSsoCode(
  deps: SocialDeps,
  body: SsoExchangeBody,
  browserHash: string | null,
): Promise<SsoExchangeResult> {
  const provider = browserHash ? await findFlowProvider(deps.db, { state: body.state }) : null;
  if (!browserHash || !provider?.startsWith('sso:')) throw new AppError('oidc_state_invalid');
  const finished = await deps.identity.finishFlow({
    provider: provider as ProviderKey,
    browserHash,
    // RFC 9207: the popup relays the provider's `iss` with the code; openid-client checks it.
    query: { code: body.code, state: body.state, iss: body.iss },
  });
  if (!finished.idToken) throw new AppError('sso_no_tokens');
  const { identity } = finished;
  return {
    sso_id: identity.subject,
    sso_id_token: finished.idToken,
    sso_email: identity.email,
    sso_user_name:
      identity.name || [identity.givenName, identity.familyName].filter(Boolean).join(' ') || null,
  };
}
