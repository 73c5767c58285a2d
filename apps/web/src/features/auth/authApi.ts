import type { LoginBody, LoginResult, PasswordRules, RegisterBody } from '@pinboard/shared';
import { apiClient } from '../../api/client.ts';
import type { AltchaChallenge } from './botCheck/altcha.ts';

/** `GET /v3/bot_check/challenge/`: which bot check the server runs, and ALTCHA's challenge. */
export interface BotCheckChallenge {
  provider: 'altcha' | 'recaptcha' | 'off';
  challenge: AltchaChallenge | null;
  site_key: string | null;
}

// The sign-up and login calls (docs/product/accounts.md#api-calls); each returns the envelope's data.

export async function checkEmailExists(email: string, signal?: AbortSignal): Promise<boolean> {
  return (await apiClient.get<boolean>('/v3/register/exists/', { query: { email }, signal })).data;
}

/** The server's own verdict on an address (it may refuse more domains than the shared list). */
export async function validateEmail(email: string, signal?: AbortSignal): Promise<boolean> {
  const result = await apiClient.get<{ is_valid: boolean }>('/v3/email/validation/', {
    query: { email },
    signal,
  });
  return result.data.is_valid;
}

export async function fetchPasswordRules(signal?: AbortSignal): Promise<PasswordRules> {
  return (await apiClient.get<PasswordRules>('/v3/register/password_rules/', { signal })).data;
}

export async function register(body: RegisterBody): Promise<LoginResult> {
  return (await apiClient.post<LoginResult>('/v3/register/', body)).data;
}

export async function logIn(body: LoginBody): Promise<LoginResult> {
  return (await apiClient.post<LoginResult>('/v3/login/', body)).data;
}

export async function logOut(): Promise<void> {
  await apiClient.post<unknown>('/v3/logout/');
}

export async function switchAccount(userId: string): Promise<LoginResult> {
  return (await apiClient.post<LoginResult>('/v3/users/me/switch/', { user_id: userId })).data;
}

export async function fetchBotCheckChallenge(signal?: AbortSignal): Promise<BotCheckChallenge> {
  return (await apiClient.get<BotCheckChallenge>('/v3/bot_check/challenge/', { signal })).data;
}
