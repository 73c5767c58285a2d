import type { ProvidersResult, SsoExchangeBody, SsoExchangeResult, SsoInfo } from '@pinboard/shared';
import { apiClient } from '../../../api/client.ts';
import { api } from '../../../api/endpoints.ts';
import { endpointRoutes } from '../../../api/endpoints.gen.ts';

// The calls of decision 21 the modal makes besides login and register; each returns the envelope's data.

/** `GET /v3/auth/providers/`: which provider buttons can work here, and which are stand-ins. */
export async function fetchProviders(signal?: AbortSignal): Promise<ProvidersResult> {
  return (await api.getAuthProviders({}, { signal })).data;
}

/** `POST /v3/sso/info/` (docs/product/accounts.md#sso). */
export async function checkSso(email: string, signal?: AbortSignal): Promise<SsoInfo> {
  return (await api.getSsoInfo({ body: { email } }, { signal })).data;
}

/**
 * The code and state the SSO popup received, posted to the exchange URL the check returned
 * (docs/product/accounts.md#api-calls); only a path of our own API is followed, anything else goes to ours.
 */
export async function exchangeSsoCode(url: string | null, body: SsoExchangeBody): Promise<SsoExchangeResult> {
  if (url?.startsWith('/v3/') && url !== endpointRoutes.exchangeSsoCode.path) {
    return (await apiClient.post<SsoExchangeResult>(url, body)).data;
  }
  return (await api.exchangeSsoCode({ body })).data;
}
