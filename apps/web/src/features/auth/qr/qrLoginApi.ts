import type { QrLoginClaimResult, QrLoginRequest, QrLoginStart } from '@pinboard/shared';
import { apiClient } from '../../../api/client.ts';

// The calls of QR code login (decision 21); each returns the envelope's data.

const codePath = (id: string) => `/v3/login/qr/${encodeURIComponent(id)}/`;

export const qrLoginKeys = {
  all: ['qrLogin'] as const,
  request: (id: string) => [...qrLoginKeys.all, id] as const,
};

/** `POST /v3/login/qr/`: a new code for this (signed-out) screen. */
export async function startQrLogin(signal?: AbortSignal): Promise<QrLoginStart> {
  return (await apiClient.post<QrLoginStart>('/v3/login/qr/', undefined, { signal })).data;
}

/** `POST /v3/login/qr/{id}/claim/`: the screen's poll; `approved` comes with the new viewer. */
export async function claimQrLogin(
  id: string,
  secret: string,
  signal?: AbortSignal,
): Promise<QrLoginClaimResult> {
  return (await apiClient.post<QrLoginClaimResult>(`${codePath(id)}claim/`, { secret }, { signal })).data;
}

/** `GET /v3/login/qr/{id}/`: what asks, for the signed-in device that scanned the code. */
export async function fetchQrLogin(id: string, signal?: AbortSignal): Promise<QrLoginRequest> {
  return (await apiClient.get<QrLoginRequest>(codePath(id), { signal })).data;
}

/** `POST /v3/login/qr/{id}/approve/` or `/deny/`. */
export async function decideQrLogin(id: string, decision: 'approve' | 'deny'): Promise<QrLoginRequest> {
  return (await apiClient.post<QrLoginRequest>(`${codePath(id)}${decision}/`)).data;
}
