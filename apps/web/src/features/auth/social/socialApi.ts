import type { SsoExchangeBody, SsoExchangeResult, SsoInfo } from '@pinboard/shared';
import { api } from '../../../api/endpoints.ts';

// The calls of decision 21 the modal makes besides login and register; each returns the envelope's data.

/** `getSsoInfo` (docs/product/accounts.md#sso). */
export async function checkSso(email: string, signal?: AbortSignal): Promise<SsoInfo> {
  return (await api.getSsoInfo({ body: { email } }, { signal })).data;
}

/**
 * The code and state the SSO popup received, exchanged for tokens (docs/product/accounts.md#api-calls).
 * The check names an exchange URL, which is always this endpoint's: no other address is followed.
 */
export async function exchangeSsoCode(body: SsoExchangeBody): Promise<SsoExchangeResult> {
  return (await api.exchangeSsoCode({ body })).data;
}
