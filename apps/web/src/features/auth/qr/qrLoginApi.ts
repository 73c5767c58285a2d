import type { QrLoginClaimResult, QrLoginRequest, QrLoginStart } from '@pinboard/shared';
import { api } from '../../../api/endpoints.ts';

// The calls of QR code login (decision 21); each returns the envelope's data.

/** `startQrLogin`: a new code for this (signed-out) screen. */
export async function startQrLogin(signal?: AbortSignal): Promise<QrLoginStart> {
  return (await api.startQrLogin({}, { signal })).data;
}

/** `claimQrLogin`: the screen's poll; `approved` comes with the new viewer. */
export async function claimQrLogin(
  id: string,
  secret: string,
  signal?: AbortSignal,
): Promise<QrLoginClaimResult> {
  return (await api.claimQrLogin({ params: { id }, body: { secret } }, { signal })).data;
}

/** `approveQrLogin` or `/deny/`. */
export async function decideQrLogin(id: string, decision: 'approve' | 'deny'): Promise<QrLoginRequest> {
  const decide = decision === 'approve' ? api.approveQrLogin : api.denyQrLogin;
  return (await decide({ params: { id } })).data;
}
